import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerify } from 'node:crypto';
import type { Document } from '@xmldom/xmldom';
import { tfdCadenaOriginal } from '../../server/cfdi/cadena';
import { createSwPac } from '../../server/cfdi/pac/sw';
import { PacError, type Pac } from '../../server/cfdi/pac/pac';
import { CFDI_NAMESPACE } from '../../server/cfdi/xml';
import { samplePublicoEnGeneral } from './cfdi-samples';
import { startFakePac, type FakePac } from './fake-pac';
import { mexicoCityNow, sealedSample, type SampleOptions } from './fake-pac-samples';
import { validateAgainstSat } from './sat-schemas';

let fake: FakePac;
let pac: Pac;
let sequence = 0;

beforeAll(async () => {
  fake = await startFakePac();
  pac = createSwPac({ url: fake.url, user: fake.user, password: fake.password });
});

afterAll(async () => {
  await fake.stop();
});

/** The code the fake refused a sample with (the test fails if it stamped it). */
async function refusalCode(options: Omit<SampleOptions, 'folio'>, afterSealing?: (xml: string) => string): Promise<string | undefined> {
  sequence += 1;
  const { xml } = await sealedSample({ folio: `FK-${sequence}`, ...options });
  const error = await pac.stamp(afterSealing ? afterSealing(xml) : xml, `fake-${sequence}`).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PacError);
  expect((error as PacError).transient).toBe(false);
  return (error as PacError).code;
}

const firstElement = (document: Document, localName: string) => document.getElementsByTagNameNS(CFDI_NAMESPACE, localName)[0]!;

describe('the fake PAC', () => {
  it("stamps a TFD 1.1 the SAT's schema accepts, whose SelloSAT signs the TFD's cadena original", async () => {
    const { xml } = await sealedSample({ folio: 'FK-OK' });
    const stamped = await pac.stamp(xml, 'fake-ok');
    expect(await validateAgainstSat(stamped.xml)).toEqual([]);
    const cadena = await tfdCadenaOriginal(stamped.tfdXml);
    expect(cadena.startsWith(`||1.1|${stamped.uuid}|${stamped.stampedAt}|`)).toBe(true);
    expect(createVerify('RSA-SHA256').update(cadena, 'utf8').verify(fake.publicKeyPem, stamped.selloSat, 'base64')).toBe(true);
  });

  it('refuses a document changed after it was sealed (302)', async () => {
    expect(await refusalCode({}, (xml) => xml.replace('Descripcion="Manzana Red Delicious"', 'Descripcion="Manzana Golden"'))).toBe('302');
  });

  it("refuses an issuer that is not the certificate's RFC (303)", async () => {
    const change = { emisor: { rfc: 'APB150612K35', nombre: 'ABARROTES LA PEÑA DEL BAJÍO', regimenFiscal: '601' } };
    expect(await refusalCode({ change })).toBe('303');
  });

  it('refuses a Fecha older than 72 hours or ahead of the clock (401)', async () => {
    expect(await refusalCode({ fecha: mexicoCityNow(-73 * 3_600_000) })).toBe('401');
    expect(await refusalCode({ fecha: mexicoCityNow(24 * 3_600_000) })).toBe('401');
  });

  it("refuses what the SAT's schema does not accept (301)", async () => {
    expect(await refusalCode({ edit: (document) => document.documentElement!.removeAttribute('LugarExpedicion') })).toBe('301');
  });

  it('refuses keys the catalogues do not have and an uso the régimen does not admit', async () => {
    const unit = (document: Document) => firstElement(document, 'Concepto').setAttribute('ClaveUnidad', 'ZZZ');
    expect(await refusalCode({ edit: unit })).toBe('CFDI40163');
    expect(await refusalCode({ change: { formaPago: '77' } })).toMatch(/^(CFDI40103|301)$/);
    const receptor = {
      rfc: 'URE180429TM6',
      nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
      domicilioFiscal: '86991',
      regimenFiscal: '601',
      usoCfdi: 'D01',
    };
    expect(await refusalCode({ change: { receptor } })).toBe('CFDI40161');
    expect(await refusalCode({ change: { receptor: { ...samplePublicoEnGeneral, usoCfdi: 'G01', regimenFiscal: '601' } } })).toBe(
      'CFDI40147',
    );
  });

  it("refuses a receiver's RFC whose check digit is wrong", async () => {
    const receptor = {
      rfc: 'URE180429TM7',
      nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
      domicilioFiscal: '86991',
      regimenFiscal: '601',
      usoCfdi: 'G01',
    };
    expect(await refusalCode({ change: { receptor } })).toBe('CFDI40143');
  });

  it("refuses amounts that do not add up: a line's Importe, the SubTotal, the voucher's traslados", async () => {
    const lineImporte = (document: Document) => firstElement(document, 'Concepto').setAttribute('Importe', '300.00');
    expect(await refusalCode({ edit: lineImporte })).toBe('CFDI40152');
    const subTotal = (document: Document) => document.documentElement!.setAttribute('SubTotal', '428.50');
    expect(await refusalCode({ edit: subTotal })).toBe('CFDI40108');
    const voucherTax = (document: Document) => {
      const impuestos = [...document.documentElement!.childNodes].find(
        (node) => node.nodeType === 1 && (node as unknown as { localName: string }).localName === 'Impuestos',
      ) as unknown as { getElementsByTagNameNS: Document['getElementsByTagNameNS'] };
      const traslados = impuestos.getElementsByTagNameNS(CFDI_NAMESPACE, 'Traslado');
      traslados[traslados.length - 1]!.setAttribute('Importe', '21.70');
    };
    expect(await refusalCode({ edit: voucherTax })).toBe('CFDI40195');
  });

  it('answers 503 while down and stamps nothing', async () => {
    const { xml } = await sealedSample({ folio: 'FK-DOWN' });
    fake.setDown(true);
    const before = fake.documents().length;
    const error = await pac.stamp(xml, 'fake-down').catch((reason: unknown) => reason);
    fake.setDown(false);
    expect((error as PacError).transient).toBe(true);
    expect(fake.documents()).toHaveLength(before);
  });

  it('gives two requests racing with the same XML one UUID', async () => {
    const { xml } = await sealedSample({ folio: 'FK-RACE' });
    const [a, b] = await Promise.all([pac.stamp(xml, 'fake-race'), pac.stamp(xml, 'fake-race')]);
    expect(a.uuid).toBe(b.uuid);
    expect(fake.stamps.get(a.uuid)).toBe(2);
    expect(fake.documents().filter((document) => document.folio === 'FK-RACE')).toHaveLength(1);
  });
});
