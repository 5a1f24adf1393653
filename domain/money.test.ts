import { describe, expect, it } from 'vitest';
import { amountOf, hasTooManyDecimals, parseAmount } from './money';

describe('typed amounts', () => {
  it('reads what people type in cents, with commas only as thousands', () => {
    expect(parseAmount('1200')).toBe(120_000);
    expect(parseAmount('1,200.5')).toBe(120_050);
    expect(parseAmount('$ 12,345,678.09')).toBe(1_234_567_809);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('1,5')).toBeNull();
    expect(parseAmount('12.345')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
  });

  it('tells too many decimals apart from text that is no amount', () => {
    expect(hasTooManyDecimals('10.001')).toBe(true);
    expect(hasTooManyDecimals('diez')).toBe(false);
  });
});

describe('amountOf', () => {
  it('multiplies on integer hundredths and rounds halves away from zero, as the database does', () => {
    expect(amountOf(0.03, 5.5)).toBe(0.17);
    expect(amountOf(-0.03, 5.5)).toBe(-0.17);
    expect(amountOf(12.5, 40)).toBe(500);
    expect(amountOf(0.1, 0.2)).toBe(0.02);
  });
});
