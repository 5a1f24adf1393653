import { describe, expect, it } from 'vitest';
import { isValidClabe, maskedClabe } from './clabe';

describe('isValidClabe', () => {
  it('takes a CLABE whose last digit is its check digit', () => {
    // Banco de México's worked example: 002 010 07777777777 check digit 1.
    expect(isValidClabe('002010077777777771')).toBe(true);
    expect(isValidClabe('032180000118359719')).toBe(true);
  });

  it('refuses a wrong check digit, a length other than 18 and anything but digits', () => {
    expect(isValidClabe('002010077777777772')).toBe(false);
    expect(isValidClabe('00201007777777777')).toBe(false);
    expect(isValidClabe('0020100777777777711')).toBe(false);
    expect(isValidClabe('00201007777777777a')).toBe(false);
    expect(isValidClabe('')).toBe(false);
  });
});

describe('maskedClabe', () => {
  it('shows only the last 4 digits', () => {
    expect(maskedClabe('002010077777777771')).toBe('••••••••••••••7771');
  });
});
