import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import {
  sampleEgreso,
  sampleGlobal,
  sampleIngresoPpd,
  sampleIngresoPue,
  sampleRecepcionPago,
  sampleUuids,
} from '../../tests/server/cfdi-samples';
import {
  fakeSeal,
  sampleNoCertificado,
  sampleNoCertificadoSat,
  sampleRfcProvCertif,
  stampedSampleXml,
} from '../../tests/server/cfdi-stamped';
import { tfdCadenaOriginal } from './cadena';
import { CfdiReadError, readCfdi } from './read';

const stamp = { uuid: '0B3C5D7E-9F1A-4B2C-8D4E-6F8A0B2C4D6E', fechaTimbrado: '2026-11-20T10:15:09' };

describe('reading a stamped invoice', () => {
  const xml = stampedSampleXml(sampleIngresoPue, stamp);
  const view = readCfdi(xml);

  it('reads the voucher, its parties and its payment terms as stamped', () => {
    expect(view).toMatchObject({
      version: '4.0',
      tipoDeComprobante: 'I',
      serie: 'A',
      folio: '101',
      fecha: '2026-11-20T10:15:00',
      formaPago: '03',
      metodoPago: 'PUE',
      moneda: 'MXN',
      lugarExpedicion: '42501',
      exportacion: '01',
      emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
      receptor: {
        rfc: 'APB150612K35',
        nombre: 'ABARROTES LA PEÑA DEL BAJÍO',
        domicilioFiscal: '37000',
        regimenFiscal: '601',
        usoCfdi: 'G01',
      },
      relacionados: [],
      noCertificado: sampleNoCertificado,
    });
    expect(view.informacionGlobal).toBeUndefined();
    expect(view.pagos).toBeUndefined();
  });

  it('reads each line with its keys and taxes, and the voucher taxes by rate', () => {
    expect(view.conceptos).toEqual([
      {
        claveProdServ: '50301500',
        noIdentificacion: 'MZN-RD',
        cantidad: 12.5,
        claveUnidad: 'KGM',
        unidad: 'Kilogramo',
        descripcion: 'Manzana Red Delicious',
        valorUnitario: 23.4,
        importe: 292.5,
        descuento: undefined,
        objetoImp: '02',
        traslados: [{ base: 292.5, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 }],
        retenciones: [],
      },
      {
        claveProdServ: '24112000',
        noIdentificacion: 'CAJA-PL',
        cantidad: 3,
        claveUnidad: 'H87',
        unidad: 'Pieza',
        descripcion: 'Caja de plástico para fruta',
        valorUnitario: 45,
        importe: 135,
        descuento: undefined,
        objetoImp: '02',
        traslados: [{ base: 135, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 21.6 }],
        retenciones: [],
      },
    ]);
    expect(view.traslados).toEqual([
      { base: 292.5, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
      { base: 135, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 21.6 },
    ]);
    expect([view.subTotal, view.totalImpuestosTrasladados, view.total]).toEqual([427.5, 21.6, 449.1]);
  });

  it('reads the seal and the stamp, and writes the TFD cadena original in the SAT order', () => {
    const sello = fakeSeal('A-101');
    const selloSat = fakeSeal(`SAT ${stamp.uuid}`);
    expect(view.sello).toBe(sello);
    expect(view.timbre).toEqual({
      uuid: stamp.uuid,
      fechaTimbrado: stamp.fechaTimbrado,
      rfcProvCertif: sampleRfcProvCertif,
      leyenda: undefined,
      selloCfd: sello,
      noCertificadoSat: sampleNoCertificadoSat,
      selloSat,
    });
    expect(view.tfdCadena).toBe(`||1.1|${stamp.uuid}|2026-11-20T10:15:09|${sampleRfcProvCertif}|${sello}|${sampleNoCertificadoSat}||`);
  });

  it("gives the SAT's verification URL: UUID, both RFCs, the total without trailing zeros and the seal's last 8 characters", () => {
    const sello = fakeSeal('A-101');
    expect(view.verificationUrl).toBe(
      'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx' +
        `?id=${stamp.uuid}&re=EKU9003173C9&rr=APB150612K35&tt=449.1&fe=${sello.slice(-8)}`,
    );
  });

  it("writes the same TFD cadena as the SAT's stylesheet (cadena.ts)", async () => {
    expect(view.tfdCadena).toBe(await tfdCadenaOriginal(xml));
  });

  it('puts the Leyenda of a stamp that has one into the cadena, between the certifier and the seal, as the SAT does', async () => {
    const legendXml = stampedSampleXml(sampleIngresoPue, { ...stamp, leyenda: 'Leyenda  del PAC' });
    const withLegend = readCfdi(legendXml);
    expect(withLegend.tfdCadena).toBe(await tfdCadenaOriginal(legendXml));
    expect(withLegend.timbre?.leyenda).toBe('Leyenda  del PAC');
    expect(withLegend.tfdCadena).toMatch(
      new RegExp(`^\\|\\|1\\.1\\|${stamp.uuid}\\|2026-11-20T10:15:09\\|${sampleRfcProvCertif}\\|Leyenda del PAC\\|`),
    );
  });

  it('reads the same whatever prefixes the XML uses', () => {
    const renamed = xml
      .replaceAll('cfdi:', 'c:')
      .replace('xmlns:cfdi=', 'xmlns:c=')
      .replaceAll('tfd:', 't:')
      .replace('xmlns:tfd=', 'xmlns:t=');
    expect(renamed).not.toContain('cfdi:');
    expect(readCfdi(renamed)).toEqual(view);
  });
});

describe('reading the other kinds of CFDI', () => {
  it('reads a PPD invoice on credit with its conditions and several lines at one rate', () => {
    const view = readCfdi(stampedSampleXml(sampleIngresoPpd, stamp));
    expect([view.formaPago, view.metodoPago, view.condicionesDePago]).toEqual(['99', 'PPD', 'Crédito a 30 días']);
    expect(view.conceptos.map((c) => c.cantidad)).toEqual([40.125, 1, 1, 1]);
    expect(view.traslados.map((t) => [t.tasaOCuota, t.importe])).toEqual([
      [0, 0],
      [0.16, 4.81],
    ]);
  });

  it('reads the invoices a credit note relates to', () => {
    const view = readCfdi(stampedSampleXml(sampleEgreso, stamp));
    expect(view.tipoDeComprobante).toBe('E');
    expect(view.relacionados).toEqual([{ tipoRelacion: '01', uuids: [sampleUuids.ingresoPue] }]);
  });

  it("reads a global invoice's period", () => {
    const view = readCfdi(stampedSampleXml(sampleGlobal, stamp));
    expect(view.informacionGlobal).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
    expect(view.receptor).toMatchObject({ rfc: 'XAXX010101000', regimenFiscal: '616', usoCfdi: 'S01' });
  });

  it('reads a payment receipt: each paid invoice with its instalment and balances', () => {
    const view = readCfdi(stampedSampleXml(sampleRecepcionPago, stamp));
    expect([view.tipoDeComprobante, view.moneda, view.total]).toEqual(['P', 'XXX', 0]);
    expect(view.pagos?.montoTotalPagos).toBe(749.1);
    expect(view.pagos?.pagos).toEqual([
      {
        fechaPago: '2026-11-25T09:00:00',
        formaDePagoP: '03',
        monedaP: 'MXN',
        monto: 749.1,
        numOperacion: '7493021',
        documentos: [
          {
            idDocumento: sampleUuids.ingresoPpd,
            serie: 'A',
            folio: '102',
            monedaDR: 'MXN',
            numParcialidad: 1,
            impSaldoAnt: 897.59,
            impPagado: 500,
            impSaldoInsoluto: 397.59,
            objetoImpDR: '02',
          },
          {
            idDocumento: sampleUuids.otroPpd,
            serie: 'A',
            folio: '95',
            monedaDR: 'MXN',
            numParcialidad: 2,
            impSaldoAnt: 249.1,
            impPagado: 249.1,
            impSaldoInsoluto: 0,
            objetoImpDR: '02',
          },
        ],
      },
    ]);
    expect(view.verificationUrl).toContain('&tt=0.0&');
  });

  it('reads an unstamped CFDI without a stamp, cadena or verification URL', () => {
    const view = readCfdi(stampedSampleXml(sampleIngresoPue, null));
    expect([view.timbre, view.tfdCadena, view.verificationUrl]).toEqual([null, null, null]);
    expect(view.total).toBe(449.1);
  });
});

describe('reading what is not a CFDI 4.0', () => {
  it('refuses text that is not XML', () => {
    expect(() => readCfdi('<cfdi:Comprobante')).toThrow(new CfdiReadError('El archivo no es un XML válido.'));
  });

  it('refuses a CFDI of another version', () => {
    const xml = stampedSampleXml(sampleIngresoPue, stamp).replace('Version="4.0"', 'Version="3.3"');
    expect(() => readCfdi(xml)).toThrow(new CfdiReadError('El XML no es un CFDI 4.0.'));
  });

  it('names the attribute a CFDI lacks', () => {
    const document = new DOMParser().parseFromString(stampedSampleXml(sampleIngresoPue, stamp), 'text/xml');
    document.documentElement!.removeAttribute('Total');
    expect(() => readCfdi(new XMLSerializer().serializeToString(document))).toThrow(
      new CfdiReadError('Al nodo Comprobante del CFDI le falta el atributo Total.'),
    );
  });
});
