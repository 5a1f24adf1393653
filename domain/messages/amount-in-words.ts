/**
 * An amount in pesos written out as Mexican invoices print it ('importe con letra'):
 * 'DOS MIL TRESCIENTOS VEINTE PESOS 50/100 M.N.'. The number words go before 'PESOS', so
 * 'uno' takes its short form ('UN PESO', 'VEINTIÚN PESOS', 'TREINTA Y UN MIL'), and a round
 * million takes 'DE' ('UN MILLÓN DE PESOS'), as Spanish asks.
 */

const UNITS = [
  '',
  'UN',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIÚN',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** 1–999. */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const rest = n % 100;
  const tens = rest < 30 ? UNITS[rest]! : `${TENS[Math.floor(rest / 10)]!}${rest % 10 ? ` Y ${UNITS[rest % 10]!}` : ''}`;
  return [HUNDREDS[Math.floor(n / 100)]!, tens].filter(Boolean).join(' ');
}

/** A whole number in words, 0 to the trillions. */
export function integerInWords(n: number): string {
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'UN MILLÓN' : `${integerInWords(millions)} MILLONES`);
  if (thousands) parts.push(thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** 'MIL QUINIENTOS PESOS 00/100 M.N.'; null for a currency other than MXN (the product invoices in pesos). */
export function amountInWords(amount: number, currency: string): string | null {
  if (currency !== 'MXN' || !Number.isFinite(amount) || amount < 0) return null;
  // To the cent on the decimal as written, not the binary value: 0.285 is 29 cents, not 28.
  const cents = String(amount).includes('e') ? Math.round(amount * 100) : Math.round(Number(`${amount}e2`));
  const pesos = Math.floor(cents / 100);
  const words = integerInWords(pesos);
  const unit = pesos === 1 ? 'PESO' : /MILL(ÓN|ONES)$/.test(words) ? 'DE PESOS' : 'PESOS';
  return `${words} ${unit} ${String(cents % 100).padStart(2, '0')}/100 M.N.`;
}
