/**
 * The business's certificado de sello digital (CSD): its .cer and .key (as the SAT delivers them,
 * DER, the key PKCS#8 encrypted) opened with @nodecfdi/credentials, checked the way the SAT would
 * refuse them, and the signer the seal uses.
 *
 * The signing itself is node:crypto's over the cadena's UTF-8 bytes, as the SAT signs it:
 * Credential.sign would sign the string's latin1 bytes (a cadena with ñ or accents then carries a
 * seal the SAT rejects) and, in pure JavaScript, takes about 120 ms a seal against under 2 ms.
 */
import { createPrivateKey, createVerify, sign, X509Certificate } from 'node:crypto';
import { Certificate, Credential, PrivateKey } from '@nodecfdi/credentials/node';
import { formatCalendarDate } from '../../domain/format';
import { csdMessages as text } from '../../domain/messages/csd';
import { monterreyDate } from '../../domain/time';

/** A CSD that can seal: who it belongs to, what the CFDI carries of it, and its signer. */
export interface Csd {
  rfc: string;
  legalName: string;
  /** The certificate's serial as the SAT numbers it: 20 digits (the CFDI's NoCertificado). */
  noCertificado: string;
  /** The certificate, DER in base64 (the CFDI's Certificado). */
  certificadoBase64: string;
  validFrom: Date;
  validTo: Date;
  /** The SHA256withRSA signature of the cadena's UTF-8 bytes, in base64 (the CFDI's Sello). */
  sign(cadena: string): string;
}

/** A CSD the office cannot use; the message (Spanish) says why. */
export class CsdError extends Error {}

/**
 * Opens and checks a CSD. Refuses, in this order: a .cer that is not a certificate, a .key that is
 * not a private key, a wrong password, a key of another certificate, an e.firma (FIEL), and a
 * certificate outside its validity at `now`.
 */
export function openCsd(cer: Buffer, key: Buffer, password: string, now: Date = new Date()): Csd {
  let certificate: Certificate;
  try {
    // The library reads DER as a binary string (one character per byte).
    certificate = new Certificate(cer.toString('binary'));
  } catch {
    throw new CsdError(text.notACertificate);
  }
  let privateKey: PrivateKey;
  try {
    privateKey = new PrivateKey(key.toString('binary'), password);
  } catch {
    throw new CsdError(isWrongPassword(key, password) ? text.wrongPassword : text.notAPrivateKey);
  }
  if (!privateKey.belongsTo(certificate)) throw new CsdError(text.keyDoesNotMatch);
  const credential = new Credential(certificate, privateKey);
  // The SAT tells them apart by the subject: a CSD names its branch (OU), an e.firma does not.
  if (credential.isFiel()) throw new CsdError(text.isFiel);
  const signingKey = createPrivateKey({ key, format: 'der', type: 'pkcs8', passphrase: password });
  const validFrom = certificate.validFrom();
  const validTo = certificate.validTo();
  if (validTo.getTime() < now.getTime()) throw new CsdError(text.expired(formatCalendarDate(monterreyDate(validTo))));
  if (validFrom.getTime() > now.getTime()) throw new CsdError(text.notYetValid(formatCalendarDate(monterreyDate(validFrom))));
  return {
    rfc: credential.rfc(),
    legalName: credential.legalName(),
    // The serial's bytes are the ASCII digits of the SAT's 20-digit number.
    noCertificado: certificate.serialNumber().bytes(),
    certificadoBase64: certificate.pemAsOneLine(),
    validFrom,
    validTo,
    sign: (cadena) => sign('sha256', Buffer.from(cadena, 'utf8'), signingKey).toString('base64'),
  };
}

/**
 * Whether the key is a well-formed encrypted PKCS#8 key that the password fails to decrypt (as
 * opposed to a file that is no key at all): OpenSSL tells the two apart by its error code.
 */
function isWrongPassword(key: Buffer, password: string): boolean {
  try {
    createPrivateKey({ key, format: 'der', type: 'pkcs8', passphrase: password });
    return false;
  } catch (error) {
    return (error as { code?: unknown }).code === 'ERR_OSSL_BAD_DECRYPT';
  }
}

/**
 * Whether `selloBase64` is the SHA256withRSA signature of the cadena's UTF-8 bytes by the key of
 * the certificate (DER in base64, as a CFDI's Certificado carries it). False, not an error, for a
 * seal or certificate that cannot be read: either way the document's seal is not valid.
 */
export function verifySello(cadena: string, selloBase64: string, certificadoBase64: string): boolean {
  try {
    const certificate = new X509Certificate(Buffer.from(certificadoBase64, 'base64'));
    return createVerify('RSA-SHA256').update(cadena, 'utf8').verify(certificate.publicKey, selloBase64, 'base64');
  } catch {
    return false;
  }
}
