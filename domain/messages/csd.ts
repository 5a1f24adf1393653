/**
 * The texts of a refused certificado de sello digital (CSD): what the office reads when the .cer,
 * the .key or the password it uploads cannot seal invoices (server/cfdi/csd.ts).
 */
export const csdMessages = {
  notACertificate: 'El archivo .cer no es un certificado.',
  notAPrivateKey: 'El archivo .key no es una llave privada.',
  wrongPassword: 'La contraseña de la llave privada no es correcta.',
  keyDoesNotMatch: 'La llave privada (.key) no corresponde al certificado (.cer).',
  isFiel: 'Es una e.firma, no un certificado de sello digital (CSD).',
  expired: (date: string) => `El certificado venció el ${date}.`,
  notYetValid: (date: string) => `El certificado es válido a partir del ${date}.`,
};
