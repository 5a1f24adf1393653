/**
 * A CFDI 4.0 as the product describes it before it becomes XML: what the SAT's Anexo 20 asks
 * of an invoice (Ingreso), a credit note (Egreso) and a payment receipt (Pago, with its Pagos 2.0
 * complement). Amounts are MXN numbers; the XML writer (server/cfdi/xml.ts) formats them
 * (2 decimals at the voucher's level, 6 for a line's taxes) and computes nothing.
 * Keys are the SAT catalogue's (catalogs.ts): c_RegimenFiscal, c_UsoCFDI, c_FormaPago, …
 */

export type TipoDeComprobante = 'I' | 'E' | 'P';

export interface CfdiEmisor {
  rfc: string;
  nombre: string;
  regimenFiscal: string;
}

export interface CfdiReceptor {
  rfc: string;
  nombre: string;
  /** The receiver's fiscal postal code (for 'Público en general', the issuer's LugarExpedicion). */
  domicilioFiscal: string;
  regimenFiscal: string;
  usoCfdi: string;
}

/** A tax transferred on a line: IVA (002) or IEPS (003), at a rate or exempt. */
export interface CfdiTraslado {
  base: number;
  impuesto: '002' | '003';
  tipoFactor: 'Tasa' | 'Exento';
  /** The rate as a fraction (0.16, 0); null when exempt. */
  tasaOCuota: number | null;
  /** base × rate, unrounded to the cent (the XML carries 6 decimals); null when exempt. */
  importe: number | null;
}

export interface CfdiConcepto {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: number;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: number;
  /** cantidad × valorUnitario, to the cent. */
  importe: number;
  /** c_ObjetoImp: '01' not subject to tax, '02' subject, '03' subject but not obliged to break it down. */
  objetoImp: '01' | '02' | '03';
  /** Empty unless objetoImp is '02'. */
  traslados: CfdiTraslado[];
}

/** Related CFDI (c_TipoRelacion): 01 a credit note's original, 04 a substitute's cancelled original. */
export interface CfdiRelacionados {
  tipoRelacion: string;
  uuids: string[];
}

/** The global invoice's period (InformacionGlobal): c_Periodicidad, c_Meses, year. */
export interface CfdiInformacionGlobal {
  periodicidad: '01' | '02' | '03' | '04' | '05';
  meses: string;
  anio: number;
}

/** One invoice a payment pays, as Pagos 2.0 DoctoRelacionado states it. */
export interface PagoDocumento {
  idDocumento: string;
  serie?: string;
  folio?: string;
  numParcialidad: number;
  impSaldoAnt: number;
  impPagado: number;
  impSaldoInsoluto: number;
  /** The paid part's taxes, prorated from the invoice's (base and amount in proportion to what was paid). */
  objetoImpDR: '01' | '02';
  traslados: CfdiTraslado[];
}

/** The Pagos 2.0 complement: one payment (Pago) of one receipt. */
export interface CfdiPago {
  /** Local date-time of the payment, YYYY-MM-DDTHH:mm:ss. */
  fechaPago: string;
  formaDePagoP: string;
  monto: number;
  numOperacion?: string;
  documentos: PagoDocumento[];
}

export interface CfdiComprobante {
  tipoDeComprobante: TipoDeComprobante;
  serie: string;
  folio: string;
  /** Local date-time at the place of issue, YYYY-MM-DDTHH:mm:ss (no zone, as the SAT asks). */
  fecha: string;
  /** c_FormaPago; absent on a Pago. 99 'Por definir' on a PPD invoice. */
  formaPago?: string;
  /** PUE or PPD; absent on a Pago. */
  metodoPago?: 'PUE' | 'PPD';
  condicionesDePago?: string;
  /** MXN, or XXX on a Pago. */
  moneda: 'MXN' | 'XXX';
  /** The issuer's postal code. */
  lugarExpedicion: string;
  informacionGlobal?: CfdiInformacionGlobal;
  relacionados?: CfdiRelacionados;
  emisor: CfdiEmisor;
  receptor: CfdiReceptor;
  conceptos: CfdiConcepto[];
  /** A Pago's complement (tipoDeComprobante 'P'). */
  pago?: CfdiPago;
}
