import { describe, expect, it } from 'vitest';
import { isEan } from './barcode';

describe('EAN codes', () => {
  it('accepts EAN-13 and EAN-8 with a right check digit', () => {
    expect(isEan('7501055363056')).toBe(true);
    expect(isEan('4006381333931')).toBe(true);
    expect(isEan('96385074')).toBe(true);
  });

  it('refuses a wrong check digit, other lengths and other characters', () => {
    expect(isEan('7501055363057')).toBe(false);
    expect(isEan('750105536305')).toBe(false);
    expect(isEan('ABCDEFGHIJKLM')).toBe(false);
    expect(isEan('')).toBe(false);
  });
});
