/**
 * One WhatsApp number, one spelling. A Mexican mobile reaches WhatsApp written two ways: with the
 * old mobile prefix ('52 1 81 1234 5678', which WhatsApp itself still sends in some webhooks) and
 * without it ('52 81 1234 5678', the form the Cloud API takes). Both are the same phone: kept as
 * 52 + the 10 digits, so a reply finds the conversation it answers instead of opening another.
 */

const MEXICO = '52';

/**
 * Digits with the country code, as the Cloud API takes them; a 10-digit number is Mexican. Null
 * when it cannot be a phone number (too short or too long for E.164).
 */
export function whatsAppNumber(value: string): string | null {
  const digits = value.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length === 10) return `${MEXICO}${digits}`;
  // 52 1 + 10 digits: the mobile prefix Mexico dropped in 2019.
  if (digits.length === 13 && digits.startsWith(`${MEXICO}1`)) return `${MEXICO}${digits.slice(3)}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}
