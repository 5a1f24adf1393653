import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAgainstSat } from '../../tests/server/sat-schemas';
import { cadenaOriginal } from './cadena';
import { openCsd, verifySello } from './csd';
import { sealXml, verifyXmlSeal } from './seal';

const root = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures');
const csd = openCsd(
  readFileSync(path.join(root, 'csd', 'EKU9003173C9.cer')),
  readFileSync(path.join(root, 'csd', 'EKU9003173C9.key')),
  '12345678a',
  new Date('2026-11-29T18:00:00Z'),
);
/** The sample invoice (ñ, accents, &) as the writer hands it over: this CSD's number and certificate, an empty Sello. */
const unsealed = readFileSync(path.join(root, 'sat', 'samples', 'ingreso-acentos.xml'), 'utf8').replace(
  ' Certificado=""',
  ` Certificado="${csd.certificadoBase64}"`,
);

describe('sealXml', () => {
  it('puts the seal of the cadena in the Sello attribute and returns both', async () => {
    const sealed = await sealXml(unsealed, csd);
    expect(sealed.cadena).toBe(await cadenaOriginal(unsealed));
    expect(sealed.xml).toContain(` Sello="${sealed.sello}"`);
    expect(verifySello(sealed.cadena, sealed.sello, csd.certificadoBase64)).toBe(true);
  });

  it('leaves the rest of the document as it was: same cadena, still valid against the SAT schemas', async () => {
    const sealed = await sealXml(unsealed, csd);
    expect(await cadenaOriginal(sealed.xml)).toBe(sealed.cadena);
    expect(sealed.xml).toContain('Descripcion="Piña miel &amp; limón persa, café"');
    expect(await validateAgainstSat(sealed.xml)).toEqual([]);
  });

  it('refuses a document that names another certificate', async () => {
    await expect(sealXml(unsealed.replace('30001000000500003416', '30001000000500003456'), csd)).rejects.toThrow(
      /names certificate 30001000000500003456/,
    );
  });
});

describe('verifyXmlSeal', () => {
  it('accepts the document as sealed', async () => {
    expect(await verifyXmlSeal((await sealXml(unsealed, csd)).xml)).toBe(true);
  });

  it('rejects it once a sealed value changed (an accent in a description)', async () => {
    const { xml } = await sealXml(unsealed, csd);
    expect(await verifyXmlSeal(xml.replace('limón persa', 'limon persa'))).toBe(false);
  });

  it('rejects it when NoCertificado does not name the certificate it carries', async () => {
    const { xml } = await sealXml(unsealed, csd);
    expect(await verifyXmlSeal(xml.replace('NoCertificado="30001000000500003416"', 'NoCertificado="30001000000500003456"'))).toBe(false);
  });

  it('rejects an unsealed document', async () => {
    expect(await verifyXmlSeal(unsealed)).toBe(false);
  });
});
