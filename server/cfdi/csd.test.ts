import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Credential } from '@nodecfdi/credentials/node';
import { describe, expect, it } from 'vitest';
import { csdMessages } from '../../domain/messages/csd';
import { CsdError, openCsd, verifySello } from './csd';

const fixtures = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'csd');
const read = (file: string) => readFileSync(path.join(fixtures, file));
const ekuCer = read('EKU9003173C9.cer');
const ekuKey = read('EKU9003173C9.key');
const PASSWORD = '12345678a';
/** Inside the test CSD's validity (2023-05-18 → 2027-05-18), so the tests do not expire with it. */
const NOW = new Date('2026-11-29T18:00:00Z');

function refusal(open: () => unknown): string {
  try {
    open();
  } catch (error) {
    if (error instanceof CsdError) return error.message;
    throw error;
  }
  throw new Error('openCsd accepted it');
}

describe('openCsd', () => {
  it("reads the SAT's test CSD: RFC, name, the 20-digit NoCertificado, the certificate in base64 and its validity", () => {
    const csd = openCsd(ekuCer, ekuKey, PASSWORD, NOW);
    expect(csd.rfc).toBe('EKU9003173C9');
    expect(csd.legalName).toBe('ESCUELA KEMPER URGATE SA DE CV');
    expect(csd.noCertificado).toBe('30001000000500003416');
    expect(csd.certificadoBase64).toBe(ekuCer.toString('base64'));
    expect(csd.validFrom.toISOString()).toBe('2023-05-18T11:43:51.000Z');
    expect(csd.validTo.toISOString()).toBe('2027-05-18T11:43:51.000Z');
  });

  it("signs a cadena with ñ and accents as its UTF-8 bytes, byte-identical to node:crypto's SHA256withRSA", () => {
    const cadena = '||4.0|Piña & limón, café|PEÑA||';
    const expected = sign(
      'sha256',
      Buffer.from(cadena, 'utf8'),
      createPrivateKey({ key: ekuKey, format: 'der', type: 'pkcs8', passphrase: PASSWORD }),
    );
    const sello = openCsd(ekuCer, ekuKey, PASSWORD, NOW).sign(cadena);
    expect(sello).toBe(expected.toString('base64'));
    expect(verifySello(cadena, sello, ekuCer.toString('base64'))).toBe(true);
  });

  it("gives the seal @nodecfdi/credentials gives when handed the cadena's UTF-8 bytes (its latin1 reading would differ)", () => {
    const cadena = '||4.0|Piña||';
    const credential = Credential.create(ekuCer.toString('binary'), ekuKey.toString('binary'), PASSWORD);
    const library = (text: string) => Buffer.from(credential.sign(text), 'binary').toString('base64');
    const sello = openCsd(ekuCer, ekuKey, PASSWORD, NOW).sign(cadena);
    expect(sello).toBe(library(Buffer.from(cadena, 'utf8').toString('binary')));
    expect(sello).not.toBe(library(cadena));
  });

  it('refuses a .cer that is not a certificate', () => {
    expect(refusal(() => openCsd(ekuKey, ekuKey, PASSWORD, NOW))).toBe(csdMessages.notACertificate);
  });

  it('refuses a .key that is not a private key', () => {
    expect(refusal(() => openCsd(ekuCer, ekuCer, PASSWORD, NOW))).toBe(csdMessages.notAPrivateKey);
  });

  it('refuses a wrong password', () => {
    expect(refusal(() => openCsd(ekuCer, ekuKey, '12345678b', NOW))).toBe('La contraseña de la llave privada no es correcta.');
  });

  it("refuses a key that is another certificate's", () => {
    expect(refusal(() => openCsd(read('CSD01_AAA010101AAA.cer'), ekuKey, PASSWORD, NOW))).toBe(csdMessages.keyDoesNotMatch);
  });

  it('refuses an e.firma (a certificate that names no branch)', () => {
    expect(refusal(() => openCsd(read('FIEL_EKU9003173C9.cer'), ekuKey, PASSWORD, NOW))).toBe(
      'Es una e.firma, no un certificado de sello digital (CSD).',
    );
  });

  it("refuses an expired certificate, naming the day it expired in Monterrey's calendar", () => {
    // Valid to 2021-05-18T03:54:56Z: still the 17th in Monterrey.
    expect(refusal(() => openCsd(read('CSD01_AAA010101AAA.cer'), read('CSD01_AAA010101AAA.key'), PASSWORD, NOW))).toBe(
      'El certificado venció el 17/05/2021.',
    );
  });

  it('refuses a certificate before its validity starts', () => {
    expect(refusal(() => openCsd(ekuCer, ekuKey, PASSWORD, new Date('2023-01-01T00:00:00Z')))).toBe(csdMessages.notYetValid('18/05/2023'));
  });
});

describe('verifySello', () => {
  const cadena = '||4.0|Piña||';
  const sello = openCsd(ekuCer, ekuKey, PASSWORD, NOW).sign(cadena);

  it('rejects a seal over another cadena', () => {
    expect(verifySello('||4.0|Pina||', sello, ekuCer.toString('base64'))).toBe(false);
  });

  it("rejects the seal checked against another certificate's key", () => {
    expect(verifySello(cadena, sello, read('CSD01_AAA010101AAA.cer').toString('base64'))).toBe(false);
  });

  it('answers false, not an error, for a certificate that cannot be read', () => {
    expect(verifySello(cadena, sello, 'bm8gZXMgdW4gY2VydGlmaWNhZG8=')).toBe(false);
  });
});
