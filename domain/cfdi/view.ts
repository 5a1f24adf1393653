/**
 * A stamped CFDI 4.0 as a person reads it: what its XML says, read back (server/cfdi/read.ts),
 * for its printed representation (domain/documents/cfdi-document.ts) and for any screen that
 * shows an invoice. Unlike comprobante.ts (what the product means to issue), this is what was
 * issued and stamped: amounts are the XML's, keys are the SAT catalogue's, nothing is recomputed.
 * Amounts are numbers parsed from the XML's decimals; dates are the XML's local date-times
 * (YYYY-MM-DDTHH:mm:ss, no zone).
 */

/** A tax transferred, on a line or summed by rate at the voucher's level. */
export interface CfdiViewTraslado {
  base: number;
  /** c_Impuesto: 002 IVA, 003 IEPS. */
  impuesto: string;
  tipoFactor: 'Tasa' | 'Cuota' | 'Exento';
  /** The rate as a fraction (0.16); null when exempt. */
  tasaOCuota: number | null;
  /** Null when exempt. */
  importe: number | null;
}

/** A tax withheld (IVA or ISR), on a line or at the voucher's level. */
export interface CfdiViewRetencion {
  /** Null at the voucher's level, which sums by tax only. */
  base: number | null;
  impuesto: string;
  importe: number;
}

export interface CfdiViewConcepto {
  claveProdServ: string;
  noIdentificacion?: string;
  cantidad: number;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  valorUnitario: number;
  importe: number;
  descuento?: number;
  /** c_ObjetoImp. */
  objetoImp: string;
  traslados: CfdiViewTraslado[];
  retenciones: CfdiViewRetencion[];
}

export interface CfdiViewRelacionados {
  /** c_TipoRelacion. */
  tipoRelacion: string;
  uuids: string[];
}

export interface CfdiViewInformacionGlobal {
  /** c_Periodicidad. */
  periodicidad: string;
  /** c_Meses. */
  meses: string;
  anio: number;
}

/** One invoice a payment pays (Pagos 2.0 DoctoRelacionado). */
export interface CfdiViewPagoDocumento {
  idDocumento: string;
  serie?: string;
  folio?: string;
  monedaDR: string;
  numParcialidad: number;
  impSaldoAnt: number;
  impPagado: number;
  impSaldoInsoluto: number;
  objetoImpDR: string;
}

/** One payment of a payment receipt (Pagos 2.0 Pago). */
export interface CfdiViewPago {
  fechaPago: string;
  formaDePagoP: string;
  monedaP: string;
  monto: number;
  numOperacion?: string;
  documentos: CfdiViewPagoDocumento[];
}

/** The Pagos 2.0 complement. */
export interface CfdiViewPagos {
  montoTotalPagos: number;
  pagos: CfdiViewPago[];
}

/** The PAC's stamp (TimbreFiscalDigital 1.1). */
export interface CfdiViewTimbre {
  uuid: string;
  fechaTimbrado: string;
  rfcProvCertif: string;
  leyenda?: string;
  selloCfd: string;
  noCertificadoSat: string;
  selloSat: string;
}

export interface CfdiView {
  version: string;
  /** c_TipoDeComprobante: I ingreso, E egreso, P pago (T and N are not issued by the product). */
  tipoDeComprobante: string;
  serie?: string;
  folio?: string;
  fecha: string;
  formaPago?: string;
  metodoPago?: string;
  condicionesDePago?: string;
  moneda: string;
  tipoCambio?: number;
  lugarExpedicion: string;
  /** c_Exportacion. */
  exportacion: string;
  informacionGlobal?: CfdiViewInformacionGlobal;
  /** CFDI 4.0 allows several groups, one per relation type. */
  relacionados: CfdiViewRelacionados[];
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  receptor: { rfc: string; nombre: string; domicilioFiscal: string; regimenFiscal: string; usoCfdi: string };
  conceptos: CfdiViewConcepto[];
  /** The voucher's taxes by tax and rate (cfdi:Impuestos), as the XML sums them. */
  traslados: CfdiViewTraslado[];
  retenciones: CfdiViewRetencion[];
  totalImpuestosTrasladados?: number;
  totalImpuestosRetenidos?: number;
  subTotal: number;
  descuento?: number;
  total: number;
  pagos?: CfdiViewPagos;
  /** The issuer's CSD serial number. */
  noCertificado: string;
  sello: string;
  /** Null while the CFDI is not stamped. */
  timbre: CfdiViewTimbre | null;
  /** The TFD's cadena original ('||1.1|UUID|…||'), what the SAT sealed; null while not stamped. */
  tfdCadena: string | null;
  /** The SAT's verification URL, the printed QR code's content; null while not stamped. */
  verificationUrl: string | null;
}
