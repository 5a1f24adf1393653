import { Comprobante40 } from '@nodecfdi/cfdi-expresiones';
import { DOMParser, onErrorStopParsing, type Document, type Element } from '@xmldom/xmldom';
import type {
  CfdiView,
  CfdiViewConcepto,
  CfdiViewPago,
  CfdiViewPagoDocumento,
  CfdiViewPagos,
  CfdiViewRelacionados,
  CfdiViewRetencion,
  CfdiViewTimbre,
  CfdiViewTraslado,
} from '../../domain/cfdi/view';
import { cfdiPrintMessages } from '../../domain/messages/cfdi-print';

/**
 * Reads a CFDI 4.0 (stamped or not) into what a person reads on it (domain/cfdi/view.ts): the
 * printed representation, the e-mail and the screens show what the XML says, never what the
 * product meant to issue, so a CFDI stamped by the PAC reads the same wherever it is shown.
 *
 * Elements are found by namespace and local name, not by prefix: the SAT fixes the namespaces,
 * a PAC may choose other prefixes. The QR's URL is written by @nodecfdi/cfdi-expresiones (the
 * SAT's Anexo 20 expression): it formats the total, the RFC and the seal's last characters the
 * way the SAT's verification page expects them.
 */

const CFDI = 'http://www.sat.gob.mx/cfd/4';
const PAGOS = 'http://www.sat.gob.mx/Pagos20';
const TFD = 'http://www.sat.gob.mx/TimbreFiscalDigital';

export class CfdiReadError extends Error {}

export function readCfdi(xml: string): CfdiView {
  const document = parse(xml);
  const root = document.documentElement;
  if (!root || root.namespaceURI !== CFDI || root.localName !== 'Comprobante' || root.getAttribute('Version') !== '4.0') {
    throw new CfdiReadError(cfdiPrintMessages.notCfdi40);
  }
  const emisor = required(child(root, CFDI, 'Emisor'), 'Emisor');
  const receptor = required(child(root, CFDI, 'Receptor'), 'Receptor');
  const impuestos = child(root, CFDI, 'Impuestos');
  const global = child(root, CFDI, 'InformacionGlobal');
  const complemento = child(root, CFDI, 'Complemento');
  const tfd = complemento && child(complemento, TFD, 'TimbreFiscalDigital');
  const pagos = complemento && child(complemento, PAGOS, 'Pagos');
  const timbre = tfd ? readTimbre(tfd) : null;
  const total = amount(root, 'Total');
  const sello = attr(root, 'Sello');

  return {
    version: attr(root, 'Version'),
    tipoDeComprobante: attr(root, 'TipoDeComprobante'),
    serie: optional(root, 'Serie'),
    folio: optional(root, 'Folio'),
    fecha: attr(root, 'Fecha'),
    formaPago: optional(root, 'FormaPago'),
    metodoPago: optional(root, 'MetodoPago'),
    condicionesDePago: optional(root, 'CondicionesDePago'),
    moneda: attr(root, 'Moneda'),
    tipoCambio: optionalAmount(root, 'TipoCambio'),
    lugarExpedicion: attr(root, 'LugarExpedicion'),
    exportacion: attr(root, 'Exportacion'),
    informacionGlobal: global
      ? { periodicidad: attr(global, 'Periodicidad'), meses: attr(global, 'Meses'), anio: amount(global, 'Año') }
      : undefined,
    relacionados: children(root, CFDI, 'CfdiRelacionados').map((group): CfdiViewRelacionados => ({
      tipoRelacion: attr(group, 'TipoRelacion'),
      uuids: children(group, CFDI, 'CfdiRelacionado').map((related) => attr(related, 'UUID')),
    })),
    emisor: { rfc: attr(emisor, 'Rfc'), nombre: attr(emisor, 'Nombre'), regimenFiscal: attr(emisor, 'RegimenFiscal') },
    receptor: {
      rfc: attr(receptor, 'Rfc'),
      nombre: attr(receptor, 'Nombre'),
      domicilioFiscal: attr(receptor, 'DomicilioFiscalReceptor'),
      regimenFiscal: attr(receptor, 'RegimenFiscalReceptor'),
      usoCfdi: attr(receptor, 'UsoCFDI'),
    },
    conceptos: children(required(child(root, CFDI, 'Conceptos'), 'Conceptos'), CFDI, 'Concepto').map(readConcepto),
    traslados: impuestos ? readTraslados(impuestos) : [],
    retenciones: impuestos ? readRetenciones(impuestos) : [],
    totalImpuestosTrasladados: impuestos ? optionalAmount(impuestos, 'TotalImpuestosTrasladados') : undefined,
    totalImpuestosRetenidos: impuestos ? optionalAmount(impuestos, 'TotalImpuestosRetenidos') : undefined,
    subTotal: amount(root, 'SubTotal'),
    descuento: optionalAmount(root, 'Descuento'),
    total,
    pagos: pagos ? readPagos(pagos) : undefined,
    noCertificado: attr(root, 'NoCertificado'),
    sello,
    timbre,
    tfdCadena: timbre && tfdCadenaOriginal(timbre),
    verificationUrl:
      timbre &&
      // The extractor's own reading finds nodes by their usual prefixes (cfdi:, tfd:); the values
      // read here by namespace go through its formatting instead (RFC escaped, total, last 8 of the seal).
      new Comprobante40().format({
        id: timbre.uuid,
        re: attr(emisor, 'Rfc'),
        rr: attr(receptor, 'Rfc'),
        tt: attr(root, 'Total'),
        fe: sello,
      }),
  };
}

/**
 * The TFD 1.1's cadena original, as the SAT's cadenaoriginal_TFD_1_1.xslt writes it: version,
 * UUID, FechaTimbrado, RfcProvCertif, Leyenda when present, SelloCFD, NoCertificadoSAT, between
 * '||' and separated by '|', runs of whitespace inside a value collapsed. Built from the
 * attributes here, synchronously and without the XSLT engine, because it is six fixed fields;
 * read.test.ts checks it against the SAT's stylesheet (cadena.ts tfdCadenaOriginal), Leyenda
 * included.
 */
export function tfdCadenaOriginal(timbre: CfdiViewTimbre): string {
  const fields = ['1.1', timbre.uuid, timbre.fechaTimbrado, timbre.rfcProvCertif];
  if (timbre.leyenda) fields.push(timbre.leyenda);
  fields.push(timbre.selloCfd, timbre.noCertificadoSat);
  return `||${fields.map((field) => field.replace(/\s+/g, ' ').trim()).join('|')}||`;
}

function parse(xml: string): Document {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml');
  } catch {
    throw new CfdiReadError(cfdiPrintMessages.notXml);
  }
}

function readConcepto(concepto: Element): CfdiViewConcepto {
  const impuestos = child(concepto, CFDI, 'Impuestos');
  return {
    claveProdServ: attr(concepto, 'ClaveProdServ'),
    noIdentificacion: optional(concepto, 'NoIdentificacion'),
    cantidad: amount(concepto, 'Cantidad'),
    claveUnidad: attr(concepto, 'ClaveUnidad'),
    unidad: optional(concepto, 'Unidad'),
    descripcion: attr(concepto, 'Descripcion'),
    valorUnitario: amount(concepto, 'ValorUnitario'),
    importe: amount(concepto, 'Importe'),
    descuento: optionalAmount(concepto, 'Descuento'),
    objetoImp: attr(concepto, 'ObjetoImp'),
    traslados: impuestos ? readTraslados(impuestos) : [],
    retenciones: impuestos ? readRetenciones(impuestos) : [],
  };
}

function readTraslados(impuestos: Element): CfdiViewTraslado[] {
  const group = child(impuestos, CFDI, 'Traslados');
  return (group ? children(group, CFDI, 'Traslado') : []).map((traslado) => ({
    base: amount(traslado, 'Base'),
    impuesto: attr(traslado, 'Impuesto'),
    tipoFactor: attr(traslado, 'TipoFactor') as CfdiViewTraslado['tipoFactor'],
    tasaOCuota: optionalAmount(traslado, 'TasaOCuota') ?? null,
    importe: optionalAmount(traslado, 'Importe') ?? null,
  }));
}

function readRetenciones(impuestos: Element): CfdiViewRetencion[] {
  const group = child(impuestos, CFDI, 'Retenciones');
  return (group ? children(group, CFDI, 'Retencion') : []).map((retencion) => ({
    base: optionalAmount(retencion, 'Base') ?? null,
    impuesto: attr(retencion, 'Impuesto'),
    importe: amount(retencion, 'Importe'),
  }));
}

function readPagos(pagos: Element): CfdiViewPagos {
  const totales = child(pagos, PAGOS, 'Totales');
  return {
    montoTotalPagos: totales ? amount(totales, 'MontoTotalPagos') : 0,
    pagos: children(pagos, PAGOS, 'Pago').map((pago): CfdiViewPago => ({
      fechaPago: attr(pago, 'FechaPago'),
      formaDePagoP: attr(pago, 'FormaDePagoP'),
      monedaP: attr(pago, 'MonedaP'),
      monto: amount(pago, 'Monto'),
      numOperacion: optional(pago, 'NumOperacion'),
      documentos: children(pago, PAGOS, 'DoctoRelacionado').map((documento): CfdiViewPagoDocumento => ({
        idDocumento: attr(documento, 'IdDocumento'),
        serie: optional(documento, 'Serie'),
        folio: optional(documento, 'Folio'),
        monedaDR: attr(documento, 'MonedaDR'),
        numParcialidad: amount(documento, 'NumParcialidad'),
        impSaldoAnt: amount(documento, 'ImpSaldoAnt'),
        impPagado: amount(documento, 'ImpPagado'),
        impSaldoInsoluto: amount(documento, 'ImpSaldoInsoluto'),
        objetoImpDR: attr(documento, 'ObjetoImpDR'),
      })),
    })),
  };
}

function readTimbre(tfd: Element): CfdiViewTimbre {
  return {
    uuid: attr(tfd, 'UUID'),
    fechaTimbrado: attr(tfd, 'FechaTimbrado'),
    rfcProvCertif: attr(tfd, 'RfcProvCertif'),
    leyenda: optional(tfd, 'Leyenda'),
    selloCfd: attr(tfd, 'SelloCFD'),
    noCertificadoSat: attr(tfd, 'NoCertificadoSAT'),
    selloSat: attr(tfd, 'SelloSAT'),
  };
}

function children(parent: Element, namespace: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === node.ELEMENT_NODE) {
      const element = node as Element;
      if (element.namespaceURI === namespace && element.localName === name) found.push(element);
    }
  }
  return found;
}

function child(parent: Element, namespace: string, name: string): Element | null {
  return children(parent, namespace, name)[0] ?? null;
}

function required(element: Element | null, name: string): Element {
  if (!element) throw new CfdiReadError(cfdiPrintMessages.missingElement(name));
  return element;
}

function attr(element: Element, name: string): string {
  const value = element.getAttribute(name);
  if (value === null) throw new CfdiReadError(cfdiPrintMessages.missingAttribute(element.localName ?? element.nodeName, name));
  return value;
}

function optional(element: Element, name: string): string | undefined {
  return element.getAttribute(name) ?? undefined;
}

function amount(element: Element, name: string): number {
  const value = Number(attr(element, name));
  if (!Number.isFinite(value)) throw new CfdiReadError(cfdiPrintMessages.badNumber(element.localName ?? element.nodeName, name));
  return value;
}

function optionalAmount(element: Element, name: string): number | undefined {
  return element.hasAttribute(name) ? amount(element, name) : undefined;
}
