import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words';

describe('an amount in words', () => {
  it.each([
    [0, 'CERO PESOS 00/100 M.N.'],
    [1, 'UN PESO 00/100 M.N.'],
    [1.5, 'UN PESO 50/100 M.N.'],
    [21, 'VEINTIÚN PESOS 00/100 M.N.'],
    [31, 'TREINTA Y UN PESOS 00/100 M.N.'],
    [100, 'CIEN PESOS 00/100 M.N.'],
    [101, 'CIENTO UN PESOS 00/100 M.N.'],
    [515.05, 'QUINIENTOS QUINCE PESOS 05/100 M.N.'],
    [749.1, 'SETECIENTOS CUARENTA Y NUEVE PESOS 10/100 M.N.'],
    [1000, 'MIL PESOS 00/100 M.N.'],
    [2320.5, 'DOS MIL TRESCIENTOS VEINTE PESOS 50/100 M.N.'],
    [21_000, 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    [100_000, 'CIEN MIL PESOS 00/100 M.N.'],
    [1_000_000, 'UN MILLÓN DE PESOS 00/100 M.N.'],
    [2_000_000, 'DOS MILLONES DE PESOS 00/100 M.N.'],
    [1_250_316.99, 'UN MILLÓN DOSCIENTOS CINCUENTA MIL TRESCIENTOS DIECISÉIS PESOS 99/100 M.N.'],
  ])('writes %d as %s', (amount, words) => {
    expect(amountInWords(amount, 'MXN')).toBe(words);
  });

  it('rounds to the cent on the decimal as written', () => {
    expect(amountInWords(0.285, 'MXN')).toBe('CERO PESOS 29/100 M.N.');
    expect(amountInWords(10.995, 'MXN')).toBe('ONCE PESOS 00/100 M.N.');
  });

  it('writes nothing for another currency or a negative amount', () => {
    expect(amountInWords(10, 'USD')).toBeNull();
    expect(amountInWords(10, 'XXX')).toBeNull();
    expect(amountInWords(-1, 'MXN')).toBeNull();
  });

  it('reaches thousands of millions', () => {
    expect(integerInWords(3_000_021_000)).toBe('TRES MIL MILLONES VEINTIÚN MIL');
  });
});
