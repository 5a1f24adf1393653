/**
 * A CLABE (Clave Bancaria Estandarizada): 18 digits, the last a check digit over the first 17
 * with the weights 3, 7, 1 repeated (Banco de México's rule).
 */
export function isValidClabe(clabe: string): boolean {
  if (!/^\d{18}$/.test(clabe)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < 17; index++) sum += (Number(clabe[index]) * weights[index % 3]!) % 10;
  return (10 - (sum % 10)) % 10 === Number(clabe[17]);
}

/** A CLABE as a notice may show it: only its last 4 digits, enough to tell two apart. */
export function maskedClabe(clabe: string): string {
  return `${'•'.repeat(Math.max(0, clabe.length - 4))}${clabe.slice(-4)}`;
}
