import QRCode from 'qrcode';
import {
  entryLabel,
  formaPago,
  mes,
  metodoPago,
  periodicidad,
  regimenFiscal,
  tipoRelacion,
  usoCfdi,
  type CatalogEntry,
} from '../cfdi/catalogs';
import type { CfdiView, CfdiViewRetencion, CfdiViewTraslado } from '../cfdi/view';
import type { BusinessIdentity } from '../deployment';
import { formatCalendarDate, formatMoney } from '../format';
import { amountInWords } from '../messages/amount-in-words';
import { cfdiPrintMessages } from '../messages/cfdi-print';
import type { DocumentBlock, DocumentModel, KeyValue } from './document';

/**
 * A stamped CFDI's printed representation (Anexo 20: what the printed CFDI must carry): who
 * issues it and to whom, with their régimen and uso; the lines with their keys and taxes; the
 * totals and the total in words; the related CFDI; a payment receipt's payments; then the
 * certification: serial numbers, the issuer's and the SAT's seals, the TFD's cadena original
 * and the QR code of the SAT's verification URL. Everything comes from the XML as read back
 * (CfdiView), so the PDF says what was stamped. Catalogue keys are printed with the SAT's
 * description ('601 General de Ley Personas Morales'); a key the product's catalogues lack
 * (a CFDI read from elsewhere) prints as the key alone.
 *
 * The QR's modules are computed here (qrcode, pure JavaScript): the PDF drawer and the print
 * view draw the same matrix.
 */

const text = cfdiPrintMessages;

export function cfdiTitle(view: Pick<CfdiView, 'tipoDeComprobante' | 'informacionGlobal'>): string {
  switch (view.tipoDeComprobante) {
    case 'I':
      return view.informacionGlobal ? text.titles.globalInvoice : text.titles.invoice;
    case 'E':
      return text.titles.creditNote;
    case 'P':
      return text.titles.payment;
    default:
      return text.titles.other(view.tipoDeComprobante);
  }
}

/** 'A-12', 'A', '12' or '' as the CFDI carries them. */
export function cfdiNumber(view: Pick<CfdiView, 'serie' | 'folio'>): string {
  return [view.serie, view.folio].filter(Boolean).join('-');
}

export function cfdiDocument(view: CfdiView, identity: BusinessIdentity): DocumentModel {
  const timbre = view.timbre;
  if (!timbre || !view.tfdCadena || !view.verificationUrl) throw new Error(text.notStamped);
  const title = cfdiTitle(view);
  const number = cfdiNumber(view);

  const facts: KeyValue[] = [
    { label: text.uuid, value: timbre.uuid },
    { label: text.issuedAt, value: formatLocalDateTime(view.fecha) },
    { label: text.certifiedAt, value: formatLocalDateTime(timbre.fechaTimbrado) },
    { label: text.placeOfIssue, value: view.lugarExpedicion },
  ];
  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title,
      number,
      issuer: [
        view.emisor.nombre,
        text.issuerTaxId(view.emisor.rfc),
        text.issuerRegime(described(regimenFiscal, view.emisor.regimenFiscal)),
        identity.address,
      ],
      facts,
    },
    {
      kind: 'keyValues',
      title: text.receiver,
      rows: [
        { label: text.receiverName, value: view.receptor.nombre },
        { label: text.receiverTaxId, value: view.receptor.rfc },
        { label: text.receiverPostalCode, value: view.receptor.domicilioFiscal },
        { label: text.receiverRegime, value: described(regimenFiscal, view.receptor.regimenFiscal) },
        { label: text.use, value: described(usoCfdi, view.receptor.usoCfdi) },
      ],
    },
    { kind: 'keyValues', title: text.voucher, rows: voucherRows(view) },
  ];
  if (view.relacionados.length) {
    blocks.push({
      kind: 'keyValues',
      title: text.related,
      rows: view.relacionados.flatMap((group) => [
        { label: text.relationType, value: described(tipoRelacion, group.tipoRelacion) },
        { label: text.relatedUuids, value: group.uuids.join(', ') },
      ]),
    });
  }
  blocks.push({
    kind: 'table',
    compact: true,
    columns: [
      { label: text.lines.productKey, align: 'left', width: 0.09 },
      { label: text.lines.identification, align: 'left', width: 0.09 },
      { label: text.lines.quantity, align: 'right', width: 0.08 },
      { label: text.lines.unit, align: 'left', width: 0.12 },
      { label: text.lines.description, align: 'left', width: 0.26 },
      { label: text.lines.unitValue, align: 'right', width: 0.1 },
      { label: text.lines.amount, align: 'right', width: 0.1 },
      { label: text.lines.taxObject, align: 'left', width: 0.06 },
      { label: text.lines.taxes, align: 'left', width: 0.1 },
    ],
    rows: view.conceptos.map((concepto) => [
      concepto.claveProdServ,
      concepto.noIdentificacion ?? '',
      formatDecimal(concepto.cantidad),
      concepto.unidad ? `${concepto.claveUnidad} ${concepto.unidad}` : concepto.claveUnidad,
      concepto.descripcion,
      formatExactMoney(concepto.valorUnitario),
      formatMoney(concepto.importe),
      concepto.objetoImp,
      [...concepto.traslados.map(trasladoLabel), ...concepto.retenciones.map(retencionLabel)].join(', '),
    ]),
  });
  if (view.tipoDeComprobante !== 'P') {
    blocks.push({ kind: 'totals', rows: totalRows(view) });
    const words = amountInWords(view.total, view.moneda);
    if (words) blocks.push({ kind: 'paragraphs', title: text.amountInWords, paragraphs: [words] });
  }
  view.pagos?.pagos.forEach((pago, index) => {
    const rows: KeyValue[] = [
      { label: text.paidAt, value: formatLocalDateTime(pago.fechaPago) },
      { label: text.paymentForm, value: described(formaPago, pago.formaDePagoP) },
      { label: text.currency, value: pago.monedaP },
      { label: text.paymentAmount, value: formatMoney(pago.monto) },
    ];
    if (pago.numOperacion) rows.push({ label: text.operationNumber, value: pago.numOperacion });
    const words = amountInWords(pago.monto, pago.monedaP);
    if (words) rows.push({ label: text.amountInWords, value: words });
    blocks.push({ kind: 'keyValues', title: view.pagos!.pagos.length > 1 ? text.payment(index + 1) : text.payments, rows });
    blocks.push({
      kind: 'table',
      columns: [
        { label: text.paidDocuments.uuid, align: 'left', width: 0.41 },
        { label: text.paidDocuments.number, align: 'left', width: 0.1 },
        { label: text.paidDocuments.installment, align: 'right', width: 0.13 },
        { label: text.paidDocuments.previousBalance, align: 'right', width: 0.12 },
        { label: text.paidDocuments.paid, align: 'right', width: 0.12 },
        { label: text.paidDocuments.remaining, align: 'right', width: 0.12 },
      ],
      rows: pago.documentos.map((documento) => [
        documento.idDocumento,
        cfdiNumber(documento),
        String(documento.numParcialidad),
        formatMoney(documento.impSaldoAnt),
        formatMoney(documento.impPagado),
        formatMoney(documento.impSaldoInsoluto),
      ]),
    });
  });

  const certification: KeyValue[] = [
    { label: text.uuid, value: timbre.uuid },
    { label: text.issuerCertificate, value: view.noCertificado },
    { label: text.satCertificate, value: timbre.noCertificadoSat },
    { label: text.certifiedAt, value: formatLocalDateTime(timbre.fechaTimbrado) },
    { label: text.certifier, value: timbre.rfcProvCertif },
  ];
  if (timbre.leyenda) certification.push({ label: text.legend, value: timbre.leyenda });
  certification.push({ label: text.verifyAt, value: view.verificationUrl });
  blocks.push(
    { kind: 'qr', modules: qrModules(view.verificationUrl), text: view.verificationUrl, rows: certification },
    { kind: 'paragraphs', title: text.cfdiSeal, paragraphs: [view.sello], monospace: true },
    { kind: 'paragraphs', title: text.satSeal, paragraphs: [timbre.selloSat], monospace: true },
    { kind: 'paragraphs', title: text.tfdCadena, paragraphs: [view.tfdCadena], monospace: true },
  );

  return {
    title: [title, number].filter(Boolean).join(' '),
    fileName: text.fileName(title, number, timbre.uuid),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [text.footer(view.version), text.footerContact(identity.website, identity.phone)],
    pageLabel: text.page,
  };
}

function voucherRows(view: CfdiView): KeyValue[] {
  const rows: KeyValue[] = [{ label: text.voucherType, value: text.voucherTypes[view.tipoDeComprobante] ?? view.tipoDeComprobante }];
  if (view.metodoPago) rows.push({ label: text.paymentMethod, value: described(metodoPago, view.metodoPago) });
  if (view.formaPago) rows.push({ label: text.paymentForm, value: described(formaPago, view.formaPago) });
  if (view.condicionesDePago) rows.push({ label: text.paymentConditions, value: view.condicionesDePago });
  rows.push({ label: text.currency, value: view.moneda });
  if (view.tipoCambio !== undefined) rows.push({ label: text.exchangeRate, value: formatDecimal(view.tipoCambio) });
  const exportacion = text.exportTypes[view.exportacion];
  rows.push({ label: text.export, value: exportacion ? `${view.exportacion} ${exportacion}` : view.exportacion });
  const global = view.informacionGlobal;
  if (global) {
    rows.push({
      label: text.globalPeriod,
      value: text.globalPeriodValue(described(periodicidad, global.periodicidad), described(mes, global.meses), global.anio),
    });
  }
  return rows;
}

function totalRows(view: CfdiView): { label: string; value: string; emphasis?: boolean }[] {
  const rows: { label: string; value: string; emphasis?: boolean }[] = [{ label: text.subtotal, value: formatMoney(view.subTotal) }];
  if (view.descuento) rows.push({ label: text.discount, value: formatMoney(-view.descuento) });
  // An exempt tax adds nothing: the line's 'IVA exento' says it.
  for (const traslado of view.traslados) {
    if (traslado.importe !== null) rows.push({ label: trasladoLabel(traslado), value: formatMoney(traslado.importe) });
  }
  for (const retencion of view.retenciones) rows.push({ label: retencionLabel(retencion), value: formatMoney(-retencion.importe) });
  rows.push({ label: text.total, value: formatMoney(view.total), emphasis: true });
  return rows;
}

/** '601 General de Ley Personas Morales', or the key alone when the catalogue lacks it. */
function described(lookup: (clave: string) => CatalogEntry | undefined, clave: string): string {
  const entry = lookup(clave);
  return entry ? entryLabel(entry) : clave;
}

function taxName(impuesto: string): string {
  return text.taxNames[impuesto] ?? impuesto;
}

/** 'IVA 16 %', 'IVA 0 %', 'IEPS 8 %', 'IVA exento'. */
function trasladoLabel(traslado: CfdiViewTraslado): string {
  const name = taxName(traslado.impuesto);
  if (traslado.tipoFactor === 'Exento' || traslado.tasaOCuota === null) return text.exempt(name);
  if (traslado.tipoFactor === 'Cuota') return text.quota(name, formatDecimal(traslado.tasaOCuota));
  return text.rate(name, formatDecimal(Math.round(traslado.tasaOCuota * 1e6) / 1e4));
}

function retencionLabel(retencion: CfdiViewRetencion): string {
  return text.withheld(taxName(retencion.impuesto));
}

/** The XML's local date-time 'YYYY-MM-DDTHH:mm:ss' as lists show dates: '24/06/2022 15:37:17'. */
function formatLocalDateTime(value: string): string {
  const [date = '', time = ''] = value.split('T');
  return `${formatCalendarDate(date)} ${time}`.trim();
}

/** Up to the 6 decimals a CFDI carries, without trailing zeros, grouped: '1,234.125', '2'. */
function formatDecimal(value: number): string {
  const [whole = '0', fraction = ''] = Math.abs(value)
    .toFixed(6)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A unit value as stamped: at least the cents, and the further decimals the XML carries ('$23.4567'). */
function formatExactMoney(value: number): string {
  const cents = formatMoney(value);
  const exact = formatDecimal(value);
  return exact.includes('.') && exact.split('.')[1]!.length > 2 ? `$${exact}` : cents;
}

/** The QR code's modules for `content`, level M (15 % of the code may be smudged and still scan). */
export function qrModules(content: string): boolean[][] {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}
