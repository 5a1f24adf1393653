import * as z from 'zod/mini';
import type { BusinessIdentity } from '../deployment';
import { formatMoney, formatQuantity } from '../format';
import { driverMessages } from '../messages/driver';
import { salesMessages } from '../messages/sales';
import { saleReturnSchema, type SaleReturn } from '../schemas/sale-returns';
import { monterreyDate } from '../time';
import type { DocumentBlock, DocumentModel, KeyValue } from './document';
import { formatLongDay } from './quotation-document';

/**
 * A return of some lines of a sale as its credit note: who gave back what, at the sale's
 * prices, what was credited and how much of it became the customer's credit. The print view
 * draws it and 'Descargar PDF' draws the same blocks.
 */

/** What a screen stores to open the credit note's print view (print job kind 'saleReturn'). */
export const saleReturnPrintDataSchema = z.object({ saleReturn: saleReturnSchema });
export type SaleReturnPrintData = z.infer<typeof saleReturnPrintDataSchema>;

const text = salesMessages.creditNote;
const folioOf = salesMessages.corrections.returnFolio;

export function saleReturnDocument(saleReturn: SaleReturn, identity: BusinessIdentity): DocumentModel {
  const folio = folioOf(saleReturn.id);
  const facts: KeyValue[] = [
    { label: text.date, value: formatLongDay(monterreyDate(new Date(saleReturn.created_at))) },
    { label: text.sale, value: driverMessages.saleFolio(saleReturn.sale_id) },
    { label: text.recordedBy, value: `${saleReturn.created_by.name} ${saleReturn.created_by.last}`.trim() },
  ];
  const customer: KeyValue[] = [
    { label: text.company, value: saleReturn.company.name },
    { label: text.legalName, value: saleReturn.company.razon_social },
  ];
  if (saleReturn.company.rfc) customer.push({ label: text.taxId, value: saleReturn.company.rfc });
  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title: text.title,
      number: folio,
      issuer: [identity.legalName, text.issuerTaxId(identity.taxId), identity.address],
      facts,
    },
    { kind: 'keyValues', title: text.customer, rows: customer },
    {
      kind: 'table',
      columns: [
        { label: text.product, align: 'left', width: 0.46 },
        { label: text.quantity, align: 'right', width: 0.16 },
        { label: text.price, align: 'right', width: 0.18 },
        { label: text.amount, align: 'right', width: 0.2 },
      ],
      rows: saleReturn.lines.map((line) => [
        line.name,
        `${formatQuantity(line.quantity)} ${line.unit}`,
        formatMoney(line.price),
        formatMoney(line.amount),
      ]),
    },
    {
      kind: 'totals',
      rows: [
        { label: text.subtotal, value: formatMoney(saleReturn.subtotal) },
        { label: text.total, value: formatMoney(saleReturn.total), emphasis: true },
        { label: text.credit, value: formatMoney(saleReturn.credit) },
      ],
    },
    { kind: 'paragraphs', title: text.reason, paragraphs: [saleReturn.reason] },
  ];
  return {
    title: `${text.title} ${folio}`,
    fileName: text.fileName(folio),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [text.footer(identity.website, identity.phone), identity.address],
    pageLabel: text.page,
  };
}
