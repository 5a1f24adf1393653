/**
 * The SAT's c_FormaPago key of one of the business's payment methods (a catalogue the business
 * names itself: 'Efectivo', 'Transferencia', …), by its name; null when the name says nothing the
 * SAT knows, so nobody's payment is declared under a guessed key.
 */
export function formaPagoOf(methodName: string | null | undefined): string | null {
  if (!methodName) return null;
  const name = methodName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (/efectivo|contado|cash/.test(name)) return '01';
  if (/cheque/.test(name)) return '02';
  if (/transfer|spei|deposito|electronic/.test(name)) return '03';
  if (/debito/.test(name)) return '28';
  if (/tarjeta|credito/.test(name)) return '04';
  if (/compensacion/.test(name)) return '17';
  return null;
}
