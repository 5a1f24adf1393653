/**
 * One CFDI of each kind the product issues, for tests that need a voucher without a sale behind it
 * (the XML writer, the seal, a fake PAC). The issuer is the SAT's test CSD identity (EKU9003173C9,
 * tests/fixtures/csd), so a sample sealed with that CSD is what a PAC's sandbox accepts from it.
 * Lines carry their taxes as domain/cfdi/taxes.ts computes them; the UUIDs of the documents a sample
 * relates to or pays are made up (well-formed, never stamped).
 */
import type { CfdiComprobante, CfdiConcepto, CfdiEmisor, CfdiReceptor, PagoDocumento } from '../../domain/cfdi/comprobante';
import { comprobanteTotals, conceptTaxes, prorateTaxes } from '../../domain/cfdi/taxes';
import { roundCents } from '../../domain/sales';

/** The SAT's test taxpayer whose CSD the tests seal with. */
export const sampleEmisor: CfdiEmisor = {
  rfc: 'EKU9003173C9',
  nombre: 'ESCUELA KEMPER URGATE',
  regimenFiscal: '601',
};

export const sampleLugarExpedicion = '42501';

/** A made-up customer whose name has an accent and an Ñ (its RFC's check digit is right). */
export const sampleReceptorConAcentos: CfdiReceptor = {
  rfc: 'APB150612K35',
  nombre: 'ABARROTES LA PEÑA DEL BAJÍO',
  domicilioFiscal: '37000',
  regimenFiscal: '601',
  usoCfdi: 'G01',
};

/** One of the SAT's test taxpayers, as PAC sandboxes know it. */
export const sampleReceptorPruebas: CfdiReceptor = {
  rfc: 'URE180429TM6',
  nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
  domicilioFiscal: '86991',
  regimenFiscal: '601',
  usoCfdi: 'G01',
};

export const samplePublicoEnGeneral: CfdiReceptor = {
  rfc: 'XAXX010101000',
  nombre: 'PUBLICO EN GENERAL',
  // The global invoice's receiver takes the issuer's own postal code.
  domicilioFiscal: sampleLugarExpedicion,
  regimenFiscal: '616',
  usoCfdi: 'S01',
};

interface LineInput {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: number;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: number;
  ivaRate: number | null;
}

function concepto(input: LineInput): CfdiConcepto {
  const { ivaRate, ...fields } = input;
  const importe = roundCents(input.cantidad * input.valorUnitario);
  return { ...fields, importe, objetoImp: '02', traslados: conceptTaxes({ importe, objetoImp: '02', ivaRate }) };
}

const manzana = (cantidad: number) =>
  concepto({
    claveProdServ: '50301500',
    noIdentificacion: 'MZN-RD',
    cantidad,
    claveUnidad: 'KGM',
    unidad: 'Kilogramo',
    descripcion: 'Manzana Red Delicious',
    valorUnitario: 23.4,
    ivaRate: 0,
  });

const caja = (cantidad: number, descripcion = 'Caja de plástico para fruta') =>
  concepto({
    claveProdServ: '24112000',
    noIdentificacion: 'CAJA-PL',
    cantidad,
    claveUnidad: 'H87',
    unidad: 'Pieza',
    descripcion,
    valorUnitario: 45,
    ivaRate: 0.16,
  });

/** Paid at once: 12.5 kg of apples at IVA 0 % and 3 boxes at 16 % (SubTotal 427.50, IVA 21.60, Total 449.10). */
export const sampleIngresoPue: CfdiComprobante = {
  tipoDeComprobante: 'I',
  serie: 'A',
  folio: '101',
  fecha: '2026-11-20T10:15:00',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: sampleLugarExpedicion,
  emisor: sampleEmisor,
  receptor: sampleReceptorConAcentos,
  conceptos: [manzana(12.5), caja(3)],
};

/**
 * On credit: forma de pago 99 'Por definir', paid later with payment complements. Three lines of bags
 * at 16 % whose IVA rounded line by line (4.80) is not the IVA of their sum (4.81).
 */
export const sampleIngresoPpd: CfdiComprobante = {
  tipoDeComprobante: 'I',
  serie: 'A',
  folio: '102',
  fecha: '2026-11-20T11:40:00',
  formaPago: '99',
  metodoPago: 'PPD',
  condicionesDePago: 'Crédito a 30 días',
  moneda: 'MXN',
  lugarExpedicion: sampleLugarExpedicion,
  emisor: sampleEmisor,
  receptor: sampleReceptorPruebas,
  conceptos: [
    concepto({
      claveProdServ: '50301500',
      cantidad: 40.125,
      claveUnidad: 'KGM',
      unidad: 'Kilogramo',
      descripcion: 'Manzana Golden',
      valorUnitario: 21.5,
      ivaRate: 0,
    }),
    ...[1, 2, 3].map(() =>
      concepto({
        claveProdServ: '24112000',
        cantidad: 1,
        claveUnidad: 'H87',
        descripcion: 'Bolsa de malla',
        valorUnitario: 10.03,
        ivaRate: 0.16,
      }),
    ),
  ],
};

/** The UUIDs the samples relate to or pay (as a PAC would have stamped sampleIngresoPue and sampleIngresoPpd). */
export const sampleUuids = {
  ingresoPue: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
  ingresoPpd: '9A1C3E5F-7B2D-4E6A-8C0B-1D3F5A7C9E2B',
  otroPpd: '2B4D6F8A-0C1E-4A3B-9D5F-7E9A1C3B5D6F',
};

/** A return of 2 boxes of sampleIngresoPue: a credit note related to it (TipoRelacion 01). */
export const sampleEgreso: CfdiComprobante = {
  tipoDeComprobante: 'E',
  serie: 'NC',
  folio: '7',
  fecha: '2026-11-22T09:05:00',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: sampleLugarExpedicion,
  relacionados: { tipoRelacion: '01', uuids: [sampleUuids.ingresoPue] },
  emisor: sampleEmisor,
  receptor: { ...sampleReceptorConAcentos, usoCfdi: 'G02' },
  conceptos: [caja(2, 'Devolución de caja de plástico para fruta')],
};

/** A day's counter sales not invoiced one by one (periodicity 01, daily): one line per ticket, to 'Público en general'. */
export const sampleGlobal: CfdiComprobante = {
  tipoDeComprobante: 'I',
  serie: 'G',
  folio: '11',
  fecha: '2026-11-30T20:00:00',
  formaPago: '01',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: sampleLugarExpedicion,
  informacionGlobal: { periodicidad: '01', meses: '11', anio: 2026 },
  emisor: sampleEmisor,
  receptor: samplePublicoEnGeneral,
  conceptos: [
    concepto({
      claveProdServ: '01010101',
      noIdentificacion: 'V-1024',
      cantidad: 1,
      claveUnidad: 'ACT',
      descripcion: 'Venta',
      valorUnitario: 350,
      ivaRate: 0,
    }),
    concepto({
      claveProdServ: '01010101',
      noIdentificacion: 'V-1025',
      cantidad: 1,
      claveUnidad: 'ACT',
      descripcion: 'Venta',
      valorUnitario: 100,
      ivaRate: 0.16,
    }),
  ],
};

function paidDocument(
  invoice: CfdiComprobante,
  idDocumento: string,
  payment: { numParcialidad: number; impSaldoAnt: number; impPagado: number },
): PagoDocumento {
  const totals = comprobanteTotals(invoice.conceptos);
  return {
    idDocumento,
    serie: invoice.serie,
    folio: invoice.folio,
    numParcialidad: payment.numParcialidad,
    impSaldoAnt: payment.impSaldoAnt,
    impPagado: payment.impPagado,
    impSaldoInsoluto: roundCents(payment.impSaldoAnt - payment.impPagado),
    objetoImpDR: '02',
    traslados: prorateTaxes(totals.traslados, totals.total, payment.impPagado),
  };
}

/** Another invoice on credit paid by sampleRecepcionPago: the same lines as sampleIngresoPue (Total 449.10). */
const otroPpd: CfdiComprobante = {
  ...sampleIngresoPue,
  folio: '95',
  formaPago: '99',
  metodoPago: 'PPD',
  receptor: sampleReceptorPruebas,
};

/**
 * A transfer of 749.10 paying two invoices on credit: the first part of sampleIngresoPpd (1,098.43) and
 * the rest of an earlier one (its second instalment, leaving nothing owed).
 */
export const sampleRecepcionPago: CfdiComprobante = {
  tipoDeComprobante: 'P',
  serie: 'P',
  folio: '31',
  fecha: '2026-11-25T09:30:00',
  moneda: 'XXX',
  lugarExpedicion: sampleLugarExpedicion,
  emisor: sampleEmisor,
  receptor: { ...sampleReceptorPruebas, usoCfdi: 'CP01' },
  conceptos: [],
  pago: {
    fechaPago: '2026-11-25T09:00:00',
    formaDePagoP: '03',
    monto: 749.1,
    numOperacion: '7493021',
    documentos: [
      paidDocument(sampleIngresoPpd, sampleUuids.ingresoPpd, {
        numParcialidad: 1,
        impSaldoAnt: comprobanteTotals(sampleIngresoPpd.conceptos).total,
        impPagado: 500,
      }),
      paidDocument(otroPpd, sampleUuids.otroPpd, { numParcialidad: 2, impSaldoAnt: 249.1, impPagado: 249.1 }),
    ],
  },
};

export const sampleComprobantes = {
  ingresoPue: sampleIngresoPue,
  ingresoPpd: sampleIngresoPpd,
  egreso: sampleEgreso,
  global: sampleGlobal,
  recepcionPago: sampleRecepcionPago,
} as const;
