import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import type { CfdiView } from '../cfdi/view';
import { DEPLOYMENTS } from '../deployment';
import { cfdiDocument, qrModules } from './cfdi-document';
import type { DocumentBlock, DocumentModel } from './document';

const identity = DEPLOYMENTS.frutas.identity;
const uuid = '0B3C5D7E-9F1A-4B2C-8D4E-6F8A0B2C4D6E';
const url = `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${uuid}&re=EKU9003173C9&rr=APB150612K35&tt=1159.3&fe=ABCD1234`;

function invoiceView(overrides: Partial<CfdiView> = {}): CfdiView {
  return {
    version: '4.0',
    tipoDeComprobante: 'I',
    serie: 'A',
    folio: '12',
    fecha: '2026-11-20T10:15:00',
    formaPago: '99',
    metodoPago: 'PPD',
    moneda: 'MXN',
    lugarExpedicion: '67110',
    exportacion: '01',
    relacionados: [],
    emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
    receptor: { rfc: 'APB150612K35', nombre: 'ABARROTES LA PEÑA', domicilioFiscal: '37000', regimenFiscal: '612', usoCfdi: 'G01' },
    conceptos: [
      {
        claveProdServ: '50301500',
        noIdentificacion: 'MZN',
        cantidad: 40.125,
        claveUnidad: 'KGM',
        unidad: 'Kilogramo',
        descripcion: 'Manzana Golden',
        valorUnitario: 23.4567,
        importe: 941.2,
        objetoImp: '02',
        traslados: [{ base: 941.2, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 }],
        retenciones: [],
      },
      {
        claveProdServ: '50192100',
        cantidad: 2,
        claveUnidad: 'H87',
        descripcion: 'Botana de fruta',
        valorUnitario: 100,
        importe: 200,
        objetoImp: '02',
        traslados: [
          { base: 200, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 32 },
          { base: 200, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 16 },
        ],
        retenciones: [],
      },
      {
        claveProdServ: '01010101',
        cantidad: 1,
        claveUnidad: 'ACT',
        descripcion: 'Servicio exento',
        valorUnitario: 10,
        importe: 10,
        objetoImp: '02',
        traslados: [{ base: 10, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null }],
        retenciones: [],
      },
    ],
    traslados: [
      { base: 941.2, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
      { base: 200, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 32 },
      { base: 200, impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 16 },
      { base: 10, impuesto: '002', tipoFactor: 'Exento', tasaOCuota: null, importe: null },
    ],
    retenciones: [{ base: null, impuesto: '002', importe: 40 }],
    totalImpuestosTrasladados: 48,
    subTotal: 1151.2,
    total: 1159.2,
    noCertificado: '30001000000500003416',
    sello: 'S'.repeat(344),
    timbre: {
      uuid,
      fechaTimbrado: '2026-11-20T10:15:09',
      rfcProvCertif: 'SPR190613I52',
      selloCfd: 'S'.repeat(344),
      noCertificadoSat: '30001000000500003456',
      selloSat: 'T'.repeat(344),
    },
    tfdCadena: `||1.1|${uuid}|2026-11-20T10:15:09|SPR190613I52|${'S'.repeat(344)}|30001000000500003456||`,
    verificationUrl: url,
    ...overrides,
  };
}

const find = <K extends DocumentBlock['kind']>(model: DocumentModel, kind: K, title?: string) =>
  model.blocks.find(
    (b): b is Extract<DocumentBlock, { kind: K }> => b.kind === kind && (title === undefined || ('title' in b && b.title === title)),
  );

describe("a CFDI's printed model", () => {
  const model = cfdiDocument(invoiceView(), identity);

  it('is titled by its type and named after its serie-folio and UUID', () => {
    const heading = find(model, 'heading')!;
    expect([heading.title, heading.number]).toEqual(['Factura', 'A-12']);
    expect(heading.facts).toContainEqual({ label: 'Folio fiscal (UUID)', value: uuid });
    expect(heading.facts).toContainEqual({ label: 'Fecha de certificación', value: '20/11/2026 10:15:09' });
    expect(model.fileName).toBe(`Factura A-12 ${uuid}.pdf`);
    expect(model.brand.name).toBe(identity.brand);
    const titleOf = (overrides: Partial<CfdiView>) => find(cfdiDocument(invoiceView(overrides), identity), 'heading')!.title;
    expect(titleOf({ informacionGlobal: { periodicidad: '04', meses: '11', anio: 2026 } })).toBe('Factura global');
    expect(titleOf({ tipoDeComprobante: 'E' })).toBe('Nota de crédito');
    expect(titleOf({ tipoDeComprobante: 'P' })).toBe('Recibo de pago');
  });

  it("shows catalogue keys with the SAT's descriptions, and a key it does not know as the key", () => {
    expect(find(model, 'heading')!.issuer).toContain('Régimen fiscal: 601 General de Ley Personas Morales');
    expect(find(model, 'keyValues', 'Receptor')!.rows).toEqual([
      { label: 'Nombre o razón social', value: 'ABARROTES LA PEÑA' },
      { label: 'RFC', value: 'APB150612K35' },
      { label: 'Código postal del domicilio fiscal', value: '37000' },
      { label: 'Régimen fiscal', value: '612 Personas Físicas con Actividades Empresariales y Profesionales' },
      { label: 'Uso del CFDI', value: 'G01 Adquisición de mercancías' },
    ]);
    expect(find(model, 'keyValues', 'Datos del comprobante')!.rows).toEqual(
      expect.arrayContaining([
        { label: 'Método de pago', value: 'PPD Pago en parcialidades o diferido' },
        { label: 'Forma de pago', value: '99 Por definir' },
        { label: 'Exportación', value: '01 No aplica' },
      ]),
    );
    const unknown = cfdiDocument(invoiceView({ receptor: { ...invoiceView().receptor, usoCfdi: 'Z99' } }), identity);
    expect(find(unknown, 'keyValues', 'Receptor')!.rows.at(-1)).toEqual({ label: 'Uso del CFDI', value: 'Z99' });
  });

  it('lists each line with its keys, the decimals the XML carries and its taxes', () => {
    const table = find(model, 'table')!;
    expect(table.columns.reduce((sum, c) => sum + c.width, 0)).toBeCloseTo(1);
    expect(table.rows).toEqual([
      ['50301500', 'MZN', '40.125', 'KGM Kilogramo', 'Manzana Golden', '$23.4567', '$941.20', '02', 'IVA 0 %'],
      ['50192100', '', '2', 'H87', 'Botana de fruta', '$100.00', '$200.00', '02', 'IVA 16 %, IEPS 8 %'],
      ['01010101', '', '1', 'ACT', 'Servicio exento', '$10.00', '$10.00', '02', 'IVA exento'],
    ]);
  });

  it('totals by tax and rate, leaves exempt taxes out, takes withholdings off, and writes the total in words', () => {
    expect(find(model, 'totals')!.rows).toEqual([
      { label: 'Subtotal', value: '$1,151.20' },
      { label: 'IVA 0 %', value: '$0.00' },
      { label: 'IVA 16 %', value: '$32.00' },
      { label: 'IEPS 8 %', value: '$16.00' },
      { label: 'IVA retenido', value: '-$40.00' },
      { label: 'Total', value: '$1,159.20', emphasis: true },
    ]);
    expect(find(model, 'paragraphs', 'Importe con letra')!.paragraphs).toEqual(['MIL CIENTO CINCUENTA Y NUEVE PESOS 20/100 M.N.']);
  });

  it('carries the seals and the cadena whole in fixed-width text, and the QR code of the verification URL', () => {
    for (const [title, value] of [
      ['Sello digital del CFDI', 'S'.repeat(344)],
      ['Sello del SAT', 'T'.repeat(344)],
      ['Cadena original del complemento de certificación digital del SAT', invoiceView().tfdCadena],
    ] as const) {
      expect(find(model, 'paragraphs', title)).toMatchObject({ paragraphs: [value], monospace: true });
    }
    const qr = find(model, 'qr')!;
    expect(qr.text).toBe(url);
    expect(qr.rows).toEqual(
      expect.arrayContaining([
        { label: 'No. de serie del CSD del emisor', value: '30001000000500003416' },
        { label: 'No. de serie del certificado del SAT', value: '30001000000500003456' },
        { label: 'RFC del proveedor de certificación', value: 'SPR190613I52' },
      ]),
    );
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    expect(qr.modules.length).toBe(expected.size);
    expect(qr.modules.every((row) => row.length === expected.size)).toBe(true);
    expect(qr.modules.flat().map(Number)).toEqual(Array.from(expected.data));
    expect(model.footer[0]).toBe('Este documento es una representación impresa de un CFDI 4.0.');
  });

  it("names a credit note's related invoices with the relation's description", () => {
    const note = cfdiDocument(invoiceView({ tipoDeComprobante: 'E', relacionados: [{ tipoRelacion: '01', uuids: ['A', 'B'] }] }), identity);
    expect(find(note, 'keyValues', 'CFDI relacionados')!.rows).toEqual([
      { label: 'Tipo de relación', value: '01 Nota de crédito de los documentos relacionados' },
      { label: 'Folios fiscales (UUID)', value: 'A, B' },
    ]);
  });

  it("shows a payment receipt's payments and the invoices each paid, without the voucher's zero totals", () => {
    const receipt = cfdiDocument(
      invoiceView({
        tipoDeComprobante: 'P',
        moneda: 'XXX',
        subTotal: 0,
        total: 0,
        pagos: {
          montoTotalPagos: 500,
          pagos: [
            {
              fechaPago: '2026-11-25T09:00:00',
              formaDePagoP: '03',
              monedaP: 'MXN',
              monto: 500,
              documentos: [
                {
                  idDocumento: uuid,
                  serie: 'A',
                  folio: '12',
                  monedaDR: 'MXN',
                  numParcialidad: 2,
                  impSaldoAnt: 659.2,
                  impPagado: 500,
                  impSaldoInsoluto: 159.2,
                  objetoImpDR: '02',
                },
              ],
            },
          ],
        },
      }),
      identity,
    );
    expect(find(receipt, 'totals')).toBeUndefined();
    expect(find(receipt, 'keyValues', 'Pagos recibidos')!.rows).toEqual([
      { label: 'Fecha de pago', value: '25/11/2026 09:00:00' },
      { label: 'Forma de pago', value: '03 Transferencia electrónica de fondos' },
      { label: 'Moneda', value: 'MXN' },
      { label: 'Monto', value: '$500.00' },
      { label: 'Importe con letra', value: 'QUINIENTOS PESOS 00/100 M.N.' },
    ]);
    expect(receipt.blocks.filter((b) => b.kind === 'table').at(-1)).toMatchObject({
      rows: [[uuid, 'A-12', '2', '$659.20', '$500.00', '$159.20']],
    });
  });

  it('refuses a CFDI that is not stamped', () => {
    expect(() => cfdiDocument(invoiceView({ timbre: null, tfdCadena: null, verificationUrl: null }), identity)).toThrow(
      'El CFDI aún no está timbrado: no tiene representación impresa.',
    );
  });
});

describe('the QR modules', () => {
  it('are a square matrix, with the finder pattern in the corner', () => {
    const modules = qrModules('https://example.com');
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
    // A finder pattern's top row: seven dark modules then a light separator.
    expect(modules[0]!.slice(0, 8)).toEqual([true, true, true, true, true, true, true, false]);
  });
});
