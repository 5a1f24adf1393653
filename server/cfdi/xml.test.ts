import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import type { CfdiComprobante } from '../../domain/cfdi/comprobante';
import {
  sampleComprobantes,
  sampleEgreso,
  sampleGlobal,
  sampleIngresoPpd,
  sampleIngresoPue,
  sampleRecepcionPago,
  sampleUuids,
} from '../../tests/server/cfdi-samples';
import { validateAgainstSat } from '../../tests/server/sat-schemas';
import { openCsd } from './csd';
import { sealXml, verifyXmlSeal } from './seal';
import { CFDI_NAMESPACE, PAGOS_NAMESPACE, TFD_NAMESPACE, comprobanteXml, withStamp } from './xml';

/** A made-up certificate: the writer copies it, the schema only asks for 20 digits and base64. */
const certificate = { noCertificado: '30001000000500003416', certificadoBase64: 'TUlJRg==' };

function parse(xml: string) {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (root === null) throw new Error('The XML has no root element');
  return root;
}

function elements(root: Element, namespace: string, localName: string): Element[] {
  return Array.from(root.getElementsByTagNameNS(namespace, localName));
}

function only(root: Element, namespace: string, localName: string): Element {
  const found = elements(root, namespace, localName);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const amount = (element: Element, attribute: string) => Number(element.getAttribute(attribute));
const cents = (value: number) => Math.round(value * 100) / 100;

function xmlOf(comprobante: CfdiComprobante) {
  return comprobanteXml(comprobante, certificate);
}

describe('the CFDI 4.0 XML', () => {
  it.each(Object.entries(sampleComprobantes))('writes the %s sample unsealed, with its certificate', (_, sample) => {
    const root = parse(xmlOf(sample));
    expect(root.namespaceURI).toBe(CFDI_NAMESPACE);
    expect(root.localName).toBe('Comprobante');
    expect(root.getAttribute('Version')).toBe('4.0');
    expect(root.getAttribute('Sello')).toBe('');
    expect(root.getAttribute('NoCertificado')).toBe(certificate.noCertificado);
    expect(root.getAttribute('Certificado')).toBe(certificate.certificadoBase64);
    expect(root.getAttribute('Exportacion')).toBe('01');
  });

  it.each(Object.entries(sampleComprobantes))('writes the %s sample valid against the SAT’s schemas', async (_, sample) => {
    expect(await validateAgainstSat(xmlOf(sample))).toEqual([]);
  });

  it('is refused by the SAT’s schemas when an attribute breaks them (the check can fail)', async () => {
    const errors = await validateAgainstSat(xmlOf({ ...sampleIngresoPue, lugarExpedicion: '425' }));
    expect(errors.join('\n')).toMatch(/LugarExpedicion/);
  });

  it.each([sampleIngresoPue, sampleIngresoPpd, sampleEgreso, sampleGlobal])(
    'adds up: SubTotal is the lines, each tax group the cents of its lines, Total the two ($serie-$folio)',
    (sample) => {
      const root = parse(xmlOf(sample));
      const conceptos = elements(root, CFDI_NAMESPACE, 'Concepto');
      const subTotal = cents(conceptos.reduce((sum, concepto) => sum + amount(concepto, 'Importe'), 0));
      expect(amount(root, 'SubTotal')).toBe(subTotal);

      const lineTaxes = new Map<string, { base: number; importe: number }>();
      for (const concepto of conceptos) {
        for (const traslado of elements(concepto, CFDI_NAMESPACE, 'Traslado')) {
          const key = `${traslado.getAttribute('Impuesto')}|${traslado.getAttribute('TasaOCuota')}`;
          const group = lineTaxes.get(key) ?? { base: 0, importe: 0 };
          group.base += amount(traslado, 'Base');
          group.importe += amount(traslado, 'Importe');
          lineTaxes.set(key, group);
        }
      }
      // The voucher's Impuestos is the last cfdi:Impuestos, a direct child of the root.
      const impuestos = elements(root, CFDI_NAMESPACE, 'Impuestos').find((node) => node.parentNode === root)!;
      const groups = elements(impuestos, CFDI_NAMESPACE, 'Traslado');
      expect(groups).toHaveLength(lineTaxes.size);
      for (const group of groups) {
        const lines = lineTaxes.get(`${group.getAttribute('Impuesto')}|${group.getAttribute('TasaOCuota')}`)!;
        expect(amount(group, 'Base')).toBe(cents(lines.base));
        expect(amount(group, 'Importe')).toBe(cents(lines.importe));
      }
      const totalTaxes = cents(groups.reduce((sum, group) => sum + amount(group, 'Importe'), 0));
      expect(amount(impuestos, 'TotalImpuestosTrasladados')).toBe(totalTaxes);
      expect(amount(root, 'Total')).toBe(cents(subTotal + totalTaxes));
    },
  );

  it('writes a line’s taxes and rate with six decimals and the voucher’s amounts with two', () => {
    const root = parse(xmlOf(sampleIngresoPpd));
    const [manzana, bolsa] = elements(root, CFDI_NAMESPACE, 'Concepto');
    expect(manzana!.getAttribute('Cantidad')).toBe('40.125');
    expect(manzana!.getAttribute('ValorUnitario')).toBe('21.50');
    expect(manzana!.getAttribute('Importe')).toBe('862.69');
    expect(only(bolsa!, CFDI_NAMESPACE, 'Traslado').getAttribute('Importe')).toBe('1.604800');
    expect(only(bolsa!, CFDI_NAMESPACE, 'Traslado').getAttribute('TasaOCuota')).toBe('0.160000');
    // Three lines of 1.6048: 4.81 from their sum, where the lines rounded one by one would give 4.80.
    expect(root.getAttribute('SubTotal')).toBe('892.78');
    expect(root.getAttribute('Total')).toBe('897.59');
  });

  it('states a PPD invoice’s forma de pago as 99 and its conditions', () => {
    const root = parse(xmlOf(sampleIngresoPpd));
    expect(root.getAttribute('FormaPago')).toBe('99');
    expect(root.getAttribute('MetodoPago')).toBe('PPD');
    expect(root.getAttribute('CondicionesDePago')).toBe('Crédito a 30 días');
  });

  it('relates a credit note to the invoice it corrects (TipoRelacion 01)', () => {
    const root = parse(xmlOf(sampleEgreso));
    expect(root.getAttribute('TipoDeComprobante')).toBe('E');
    const relacionados = only(root, CFDI_NAMESPACE, 'CfdiRelacionados');
    expect(relacionados.getAttribute('TipoRelacion')).toBe('01');
    expect(only(relacionados, CFDI_NAMESPACE, 'CfdiRelacionado').getAttribute('UUID')).toBe(sampleUuids.ingresoPue);
    // CfdiRelacionados comes before the Emisor, as the schema's sequence asks.
    expect(relacionados.nextSibling).toBe(only(root, CFDI_NAMESPACE, 'Emisor'));
  });

  it('names the global invoice’s period and public receiver', () => {
    const root = parse(xmlOf(sampleGlobal));
    const global = only(root, CFDI_NAMESPACE, 'InformacionGlobal');
    expect([global.getAttribute('Periodicidad'), global.getAttribute('Meses'), global.getAttribute('Año')]).toEqual(['01', '11', '2026']);
    const receptor = only(root, CFDI_NAMESPACE, 'Receptor');
    expect(receptor.getAttribute('Rfc')).toBe('XAXX010101000');
    expect(receptor.getAttribute('RegimenFiscalReceptor')).toBe('616');
    expect(receptor.getAttribute('UsoCFDI')).toBe('S01');
    expect(receptor.getAttribute('DomicilioFiscalReceptor')).toBe(root.getAttribute('LugarExpedicion'));
  });

  it('keeps accents, Ñ and XML’s special characters in names through a parse', () => {
    const nombre = 'FRUTAS & LEGUMBRES "LA PEÑA" <BAJÍO>';
    const xml = xmlOf({ ...sampleIngresoPue, receptor: { ...sampleIngresoPue.receptor, nombre } });
    expect(only(parse(xml), CFDI_NAMESPACE, 'Receptor').getAttribute('Nombre')).toBe(nombre);
    expect(xml).toContain('Nombre="FRUTAS &amp; LEGUMBRES &quot;LA PEÑA&quot; &lt;BAJÍO&gt;"');
  });

  it('leaves TotalImpuestosTrasladados out when every line is exempt', () => {
    const exempt: CfdiComprobante = {
      ...sampleIngresoPue,
      conceptos: [
        {
          ...sampleIngresoPue.conceptos[0]!,
          traslados: [{ base: 292.5, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null }],
        },
      ],
    };
    const root = parse(xmlOf(exempt));
    const impuestos = elements(root, CFDI_NAMESPACE, 'Impuestos').find((node) => node.parentNode === root)!;
    expect(impuestos.hasAttribute('TotalImpuestosTrasladados')).toBe(false);
    const traslado = only(impuestos, CFDI_NAMESPACE, 'Traslado');
    expect(traslado.getAttribute('TipoFactor')).toBe('Exento');
    expect(traslado.hasAttribute('TasaOCuota')).toBe(false);
    expect(traslado.hasAttribute('Importe')).toBe(false);
    expect(root.getAttribute('Total')).toBe('292.50');
  });
});

describe('the payment receipt (Pagos 2.0)', () => {
  const root = parse(xmlOf(sampleRecepcionPago));
  const pago = only(root, PAGOS_NAMESPACE, 'Pago');
  const documentos = elements(pago, PAGOS_NAMESPACE, 'DoctoRelacionado');

  it('is a zero voucher in XXX with the SAT’s one Pago concept and use CP01', () => {
    expect(root.getAttribute('SubTotal')).toBe('0');
    expect(root.getAttribute('Total')).toBe('0');
    expect(root.getAttribute('Moneda')).toBe('XXX');
    expect(root.hasAttribute('FormaPago')).toBe(false);
    expect(root.hasAttribute('MetodoPago')).toBe(false);
    expect(root.getAttribute('xsi:schemaLocation')).toContain(
      'http://www.sat.gob.mx/Pagos20 http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
    );
    const concepto = only(root, CFDI_NAMESPACE, 'Concepto');
    expect({
      clave: concepto.getAttribute('ClaveProdServ'),
      cantidad: concepto.getAttribute('Cantidad'),
      unidad: concepto.getAttribute('ClaveUnidad'),
      descripcion: concepto.getAttribute('Descripcion'),
      valorUnitario: concepto.getAttribute('ValorUnitario'),
      importe: concepto.getAttribute('Importe'),
      objetoImp: concepto.getAttribute('ObjetoImp'),
    }).toEqual({
      clave: '84111506',
      cantidad: '1',
      unidad: 'ACT',
      descripcion: 'Pago',
      valorUnitario: '0',
      importe: '0',
      objetoImp: '01',
    });
    expect(only(root, CFDI_NAMESPACE, 'Receptor').getAttribute('UsoCFDI')).toBe('CP01');
    expect(elements(root, CFDI_NAMESPACE, 'Impuestos')).toHaveLength(0);
  });

  it('pays two documents whose amounts paid make the payment and whose balances follow', () => {
    expect(pago.getAttribute('MonedaP')).toBe('MXN');
    expect(pago.getAttribute('TipoCambioP')).toBe('1');
    expect(documentos.map((documento) => documento.getAttribute('IdDocumento'))).toEqual([sampleUuids.ingresoPpd, sampleUuids.otroPpd]);
    const paid = cents(documentos.reduce((sum, documento) => sum + amount(documento, 'ImpPagado'), 0));
    expect(amount(pago, 'Monto')).toBe(paid);
    for (const documento of documentos) {
      expect(documento.getAttribute('EquivalenciaDR')).toBe('1');
      expect(amount(documento, 'ImpSaldoInsoluto')).toBe(cents(amount(documento, 'ImpSaldoAnt') - amount(documento, 'ImpPagado')));
    }
    expect(documentos[1]!.getAttribute('ImpSaldoInsoluto')).toBe('0.00');
  });

  it('sums the documents’ taxes into TrasladosP and the Totales to the cent', () => {
    const byRate = new Map<string, { base: number; importe: number }>();
    for (const traslado of elements(pago, PAGOS_NAMESPACE, 'TrasladoDR')) {
      const rate = traslado.getAttribute('TasaOCuotaDR')!;
      const group = byRate.get(rate) ?? { base: 0, importe: 0 };
      group.base += amount(traslado, 'BaseDR');
      group.importe += amount(traslado, 'ImporteDR');
      byRate.set(rate, group);
    }
    const trasladosP = elements(pago, PAGOS_NAMESPACE, 'TrasladoP');
    expect(trasladosP.map((traslado) => traslado.getAttribute('TasaOCuotaP'))).toEqual(['0.000000', '0.160000']);
    for (const traslado of trasladosP) {
      const documents = byRate.get(traslado.getAttribute('TasaOCuotaP')!)!;
      expect(amount(traslado, 'BaseP')).toBeCloseTo(documents.base, 6);
      expect(amount(traslado, 'ImporteP')).toBeCloseTo(documents.importe, 6);
    }
    const totales = only(root, PAGOS_NAMESPACE, 'Totales');
    expect(totales.getAttribute('MontoTotalPagos')).toBe('749.10');
    expect(amount(totales, 'TotalTrasladosBaseIVA16')).toBe(cents(byRate.get('0.160000')!.base));
    expect(amount(totales, 'TotalTrasladosImpuestoIVA16')).toBe(cents(byRate.get('0.160000')!.importe));
    expect(amount(totales, 'TotalTrasladosBaseIVA0')).toBe(cents(byRate.get('0.000000')!.base));
    expect(totales.getAttribute('TotalTrasladosImpuestoIVA0')).toBe('0.00');
    expect(totales.hasAttribute('TotalTrasladosBaseIVA8')).toBe(false);
    expect({
      base16: totales.getAttribute('TotalTrasladosBaseIVA16'),
      iva16: totales.getAttribute('TotalTrasladosImpuestoIVA16'),
      base0: totales.getAttribute('TotalTrasladosBaseIVA0'),
    }).toEqual({ base16: '91.64', iva16: '14.66', base0: '642.80' });
  });

  it('refuses a payment receipt without its Pago', () => {
    expect(() => xmlOf({ ...sampleRecepcionPago, pago: undefined })).toThrow(/no Pago/);
  });
});

describe('a stamp added to the voucher', () => {
  const tfd =
    `<tfd:TimbreFiscalDigital xmlns:tfd="${TFD_NAMESPACE}" Version="1.1" ` +
    'UUID="5FB2822E-396D-4725-8521-CDC4BDD20CCF" FechaTimbrado="2026-11-20T10:16:02" RfcProvCertif="SPR190613I52" ' +
    'SelloCFD="abc" NoCertificadoSAT="30001000000500003456" SelloSAT="def"/>';

  it('creates cfdi:Complemento after the taxes of an invoice that had none', async () => {
    const stamped = withStamp(xmlOf(sampleIngresoPue), tfd);
    expect(await validateAgainstSat(stamped)).toEqual([]);
    const root = parse(stamped);
    const complemento = only(root, CFDI_NAMESPACE, 'Complemento');
    expect(complemento.parentNode).toBe(root);
    expect(complemento.previousSibling).toBe(elements(root, CFDI_NAMESPACE, 'Impuestos').find((node) => node.parentNode === root));
    expect(only(complemento, TFD_NAMESPACE, 'TimbreFiscalDigital').getAttribute('UUID')).toBe('5FB2822E-396D-4725-8521-CDC4BDD20CCF');
    expect(only(root, CFDI_NAMESPACE, 'Receptor').getAttribute('Nombre')).toBe('ABARROTES LA PEÑA DEL BAJÍO');
  });

  it('puts the stamp beside the payment complement in the one cfdi:Complemento', async () => {
    const stamped = withStamp(xmlOf(sampleRecepcionPago), tfd);
    expect(await validateAgainstSat(stamped)).toEqual([]);
    const root = parse(stamped);
    const complemento = only(root, CFDI_NAMESPACE, 'Complemento');
    expect(only(complemento, PAGOS_NAMESPACE, 'Pagos').parentNode).toBe(complemento);
    expect(only(complemento, TFD_NAMESPACE, 'TimbreFiscalDigital').parentNode).toBe(complemento);
  });
});

describe('a sample sealed with the SAT’s test CSD', () => {
  const fixtures = path.join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'csd');
  const csd = openCsd(
    readFileSync(path.join(fixtures, 'EKU9003173C9.cer')),
    readFileSync(path.join(fixtures, 'EKU9003173C9.key')),
    '12345678a',
  );

  it.each(Object.entries(sampleComprobantes))(
    'seals the %s sample, which stays valid and verifies (accents and Ñ signed as UTF-8)',
    async (_, sample) => {
      const unsealed = comprobanteXml(sample, csd);
      const { xml, sello } = await sealXml(unsealed, csd);
      expect(parse(xml).getAttribute('Sello')).toBe(sello);
      expect(sello.length).toBeGreaterThan(300);
      expect(await validateAgainstSat(xml)).toEqual([]);
      expect(await verifyXmlSeal(xml)).toBe(true);
    },
  );
});
