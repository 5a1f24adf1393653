/**
 * EAN barcodes (spec §5: the scanner reads only EAN): 13 digits (EAN-13) or 8 (EAN-8) whose
 * last digit is the check digit of the others, weighted 1 and 3 from the right.
 */
export function isEan(code: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
