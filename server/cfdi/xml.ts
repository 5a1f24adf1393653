/**
 * A CFDI 4.0 as XML, written by xmlbuilder2 from the model (domain/cfdi/comprobante.ts): the library
 * escapes and declares namespaces, so no text is glued by hand. The voucher is written unsealed
 * (Sello=""): the seal is computed over the cadena original of this very XML (seal.ts) and set after.
 *
 * Figures are formatted here and computed in domain/cfdi/taxes.ts: amounts at the voucher's level with
 * 2 decimals (MXN), a line's taxes, rates and a payment's shares with 6, quantities with as many as
 * they have (up to 6). Attributes follow Anexo 20's order: the cadena original is built by the SAT's
 * XSLT in its own order, so the order changes no seal, but PACs and people read the XML as the SAT
 * documents it.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { CfdiComprobante, CfdiConcepto, CfdiPago, CfdiTraslado } from '../../domain/cfdi/comprobante';
import { comprobanteTotals, pagosTotales, roundSix, type PagosTotales } from '../../domain/cfdi/taxes';
import { roundCents } from '../../domain/sales';

export const CFDI_NAMESPACE = 'http://www.sat.gob.mx/cfd/4';
export const PAGOS_NAMESPACE = 'http://www.sat.gob.mx/Pagos20';
export const TFD_NAMESPACE = 'http://www.sat.gob.mx/TimbreFiscalDigital';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const CFDI_SCHEMA = 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd';
const PAGOS_SCHEMA = 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd';

/** What the issuer's CSD contributes to the voucher before sealing. */
export interface CertificateAttributes {
  noCertificado: string;
  certificadoBase64: string;
}

/** An amount to the cent, as SubTotal, Total and the payment's amounts are written. */
function money(value: number): string {
  return roundCents(value).toFixed(2);
}

/** Six decimals, as a line's Base, Importe and every TasaOCuota are written. */
function six(value: number): string {
  return roundSix(value).toFixed(6);
}

/** Up to six decimals, only those the number has ('12.5', '3'). */
function upToSix(value: number): string {
  return six(value).replace(/\.?0+$/, '');
}

/** A unit price: at least the cent, more decimals when the price has them ('23.40', '10.125'). */
function unitPrice(value: number): string {
  const written = upToSix(value);
  const decimals = written.split('.')[1]?.length ?? 0;
  return decimals >= 2 ? written : roundCents(value).toFixed(2);
}

/** Attributes whose value is undefined are left out rather than written empty. */
function present(attributes: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Base, Impuesto, TipoFactor, TasaOCuota, Importe of a traslado; an exempt one has neither rate nor amount. */
function trasladoAttributes(traslado: CfdiTraslado, amount: (value: number) => string, suffix = ''): Record<string, string> {
  return present({
    [`Base${suffix}`]: amount(traslado.base),
    [`Impuesto${suffix}`]: traslado.impuesto,
    [`TipoFactor${suffix}`]: traslado.tipoFactor,
    [`TasaOCuota${suffix}`]: traslado.tasaOCuota === null ? undefined : six(traslado.tasaOCuota),
    [`Importe${suffix}`]: traslado.importe === null ? undefined : amount(traslado.importe),
  });
}

/** The one line Anexo 20 asks of a payment receipt: the SAT's fixed 'Pago' concept at zero. */
function writePagoConcepto(conceptos: XMLBuilder): void {
  conceptos.ele(CFDI_NAMESPACE, 'cfdi:Concepto', {
    ClaveProdServ: '84111506',
    Cantidad: '1',
    ClaveUnidad: 'ACT',
    Descripcion: 'Pago',
    ValorUnitario: '0',
    Importe: '0',
    ObjetoImp: '01',
  });
}

function writeConcepto(conceptos: XMLBuilder, concepto: CfdiConcepto): void {
  const element = conceptos.ele(
    CFDI_NAMESPACE,
    'cfdi:Concepto',
    present({
      ClaveProdServ: concepto.claveProdServ,
      NoIdentificacion: concepto.noIdentificacion,
      Cantidad: upToSix(concepto.cantidad),
      ClaveUnidad: concepto.claveUnidad,
      Unidad: concepto.unidad,
      Descripcion: concepto.descripcion,
      ValorUnitario: unitPrice(concepto.valorUnitario),
      Importe: money(concepto.importe),
      ObjetoImp: concepto.objetoImp,
    }),
  );
  if (concepto.objetoImp !== '02' || concepto.traslados.length === 0) return;
  const traslados = element.ele(CFDI_NAMESPACE, 'cfdi:Impuestos').ele(CFDI_NAMESPACE, 'cfdi:Traslados');
  for (const traslado of concepto.traslados) {
    traslados.ele(CFDI_NAMESPACE, 'cfdi:Traslado', trasladoAttributes(traslado, six));
  }
}

function writeImpuestos(root: XMLBuilder, conceptos: readonly CfdiConcepto[]): void {
  const totals = comprobanteTotals(conceptos);
  if (totals.traslados.length === 0) return;
  const impuestos = root.ele(
    CFDI_NAMESPACE,
    'cfdi:Impuestos',
    present({
      TotalImpuestosTrasladados: totals.totalImpuestosTrasladados === null ? undefined : money(totals.totalImpuestosTrasladados),
    }),
  );
  const traslados = impuestos.ele(CFDI_NAMESPACE, 'cfdi:Traslados');
  for (const traslado of totals.traslados) {
    traslados.ele(CFDI_NAMESPACE, 'cfdi:Traslado', trasladoAttributes(traslado, money));
  }
}

function totalesAttributes(totales: PagosTotales): Record<string, string> {
  const optional = (value: number | undefined) => (value === undefined ? undefined : money(value));
  return present({
    TotalTrasladosBaseIVA16: optional(totales.totalTrasladosBaseIVA16),
    TotalTrasladosImpuestoIVA16: optional(totales.totalTrasladosImpuestoIVA16),
    TotalTrasladosBaseIVA8: optional(totales.totalTrasladosBaseIVA8),
    TotalTrasladosImpuestoIVA8: optional(totales.totalTrasladosImpuestoIVA8),
    TotalTrasladosBaseIVA0: optional(totales.totalTrasladosBaseIVA0),
    TotalTrasladosImpuestoIVA0: optional(totales.totalTrasladosImpuestoIVA0),
    TotalTrasladosBaseIVAExento: optional(totales.totalTrasladosBaseIVAExento),
    MontoTotalPagos: money(totales.montoTotalPagos),
  });
}

/** cfdi:Complemento/pago20:Pagos: one Pago in MXN, its documents with their prorated taxes, and the Totales. */
function writePagos(complemento: XMLBuilder, pago: CfdiPago): void {
  const { totales, trasladosP } = pagosTotales(pago);
  const pagos = complemento.ele(PAGOS_NAMESPACE, 'pago20:Pagos', { Version: '2.0' });
  pagos.ele(PAGOS_NAMESPACE, 'pago20:Totales', totalesAttributes(totales));
  const pagoElement = pagos.ele(
    PAGOS_NAMESPACE,
    'pago20:Pago',
    present({
      FechaPago: pago.fechaPago,
      FormaDePagoP: pago.formaDePagoP,
      MonedaP: 'MXN',
      TipoCambioP: '1',
      Monto: money(pago.monto),
      NumOperacion: pago.numOperacion,
    }),
  );
  for (const documento of pago.documentos) {
    const docto = pagoElement.ele(
      PAGOS_NAMESPACE,
      'pago20:DoctoRelacionado',
      present({
        IdDocumento: documento.idDocumento,
        Serie: documento.serie,
        Folio: documento.folio,
        MonedaDR: 'MXN',
        EquivalenciaDR: '1',
        NumParcialidad: String(documento.numParcialidad),
        ImpSaldoAnt: money(documento.impSaldoAnt),
        ImpPagado: money(documento.impPagado),
        ImpSaldoInsoluto: money(documento.impSaldoInsoluto),
        ObjetoImpDR: documento.objetoImpDR,
      }),
    );
    if (documento.objetoImpDR !== '02' || documento.traslados.length === 0) continue;
    const trasladosDR = docto.ele(PAGOS_NAMESPACE, 'pago20:ImpuestosDR').ele(PAGOS_NAMESPACE, 'pago20:TrasladosDR');
    for (const traslado of documento.traslados) {
      trasladosDR.ele(PAGOS_NAMESPACE, 'pago20:TrasladoDR', trasladoAttributes(traslado, six, 'DR'));
    }
  }
  if (trasladosP.length === 0) return;
  const trasladosPElement = pagoElement.ele(PAGOS_NAMESPACE, 'pago20:ImpuestosP').ele(PAGOS_NAMESPACE, 'pago20:TrasladosP');
  for (const traslado of trasladosP) {
    trasladosPElement.ele(PAGOS_NAMESPACE, 'pago20:TrasladoP', trasladoAttributes(traslado, six, 'P'));
  }
}

/**
 * The unsealed CFDI 4.0 of a voucher: an invoice (I), a credit note (E) or a payment receipt (P, with
 * its Pagos 2.0 complement, SubTotal and Total 0 in currency XXX and the SAT's fixed concept).
 */
export function comprobanteXml(c: CfdiComprobante, cert: CertificateAttributes): string {
  const isPago = c.tipoDeComprobante === 'P';
  if (isPago && c.pago === undefined) {
    throw new Error(`The payment receipt ${c.serie}-${c.folio} has no Pago to write in its complement`);
  }
  const totals = isPago ? null : comprobanteTotals(c.conceptos);
  const schemaLocation = [CFDI_NAMESPACE, CFDI_SCHEMA, ...(isPago ? [PAGOS_NAMESPACE, PAGOS_SCHEMA] : [])];

  const document = create({ version: '1.0', encoding: 'UTF-8' });
  const root = document.ele(
    CFDI_NAMESPACE,
    'cfdi:Comprobante',
    present({
      'xmlns:xsi': XSI_NAMESPACE,
      'xmlns:pago20': isPago ? PAGOS_NAMESPACE : undefined,
      'xsi:schemaLocation': schemaLocation.join(' '),
      Version: '4.0',
      Serie: c.serie,
      Folio: c.folio,
      Fecha: c.fecha,
      Sello: '',
      FormaPago: isPago ? undefined : c.formaPago,
      NoCertificado: cert.noCertificado,
      Certificado: cert.certificadoBase64,
      CondicionesDePago: isPago ? undefined : c.condicionesDePago,
      SubTotal: totals === null ? '0' : money(totals.subTotal),
      Moneda: isPago ? 'XXX' : c.moneda,
      Total: totals === null ? '0' : money(totals.total),
      TipoDeComprobante: c.tipoDeComprobante,
      Exportacion: '01',
      MetodoPago: isPago ? undefined : c.metodoPago,
      LugarExpedicion: c.lugarExpedicion,
    }),
  );
  if (c.informacionGlobal !== undefined) {
    root.ele(CFDI_NAMESPACE, 'cfdi:InformacionGlobal', {
      Periodicidad: c.informacionGlobal.periodicidad,
      Meses: c.informacionGlobal.meses,
      Año: String(c.informacionGlobal.anio),
    });
  }
  if (c.relacionados !== undefined) {
    const relacionados = root.ele(CFDI_NAMESPACE, 'cfdi:CfdiRelacionados', {
      TipoRelacion: c.relacionados.tipoRelacion,
    });
    for (const uuid of c.relacionados.uuids) {
      relacionados.ele(CFDI_NAMESPACE, 'cfdi:CfdiRelacionado', { UUID: uuid });
    }
  }
  root.ele(CFDI_NAMESPACE, 'cfdi:Emisor', {
    Rfc: c.emisor.rfc,
    Nombre: c.emisor.nombre,
    RegimenFiscal: c.emisor.regimenFiscal,
  });
  root.ele(CFDI_NAMESPACE, 'cfdi:Receptor', {
    Rfc: c.receptor.rfc,
    Nombre: c.receptor.nombre,
    DomicilioFiscalReceptor: c.receptor.domicilioFiscal,
    RegimenFiscalReceptor: c.receptor.regimenFiscal,
    // A payment receipt's use is always 'Pagos', whatever the customer's usual use is.
    UsoCFDI: isPago ? 'CP01' : c.receptor.usoCfdi,
  });
  const conceptos = root.ele(CFDI_NAMESPACE, 'cfdi:Conceptos');
  if (isPago) writePagoConcepto(conceptos);
  else for (const concepto of c.conceptos) writeConcepto(conceptos, concepto);
  if (!isPago) writeImpuestos(root, c.conceptos);
  if (isPago && c.pago !== undefined) writePagos(root.ele(CFDI_NAMESPACE, 'cfdi:Complemento'), c.pago);
  return document.end();
}

/**
 * The voucher with the PAC's TimbreFiscalDigital in its cfdi:Complemento (created after the voucher's
 * other nodes when it has none), for a PAC that answers only the stamp. The seal is over the cadena
 * original, not the bytes, so writing the document again keeps it valid.
 */
export function withStamp(xml: string, tfdXml: string): string {
  const document = create(xml);
  const root = document.root();
  const existing = root.find((child) => {
    const node = child.node;
    return 'namespaceURI' in node && node.namespaceURI === CFDI_NAMESPACE && 'localName' in node && node.localName === 'Complemento';
  });
  const complemento = existing ?? root.ele(CFDI_NAMESPACE, 'cfdi:Complemento');
  complemento.import(create(tfdXml));
  return document.end();
}
