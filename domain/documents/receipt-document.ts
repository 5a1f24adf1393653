import * as z from 'zod/mini';
import { collectionFolio } from '../collections';
import type { BusinessIdentity } from '../deployment';
import { formatCalendarDate, formatMoney } from '../format';
import { collectionsMessages } from '../messages/collections';
import { driverMessages } from '../messages/driver';
import { routeMoneyMessages } from '../messages/route-money';
import { collectionSchema, type Collection } from '../schemas/collections';
import { monterreyDate } from '../time';
import type { DocumentBlock, DocumentModel, KeyValue } from './document';
import { formatLongDay } from './quotation-document';

/**
 * A customer's payment receipt (spec §2 /receipts) as a document: who paid, how much
 * and how, the sales it paid with what went to each and what each still owes, and the credit
 * left. The print view draws it and 'Descargar PDF' draws the same blocks.
 */

/** What a screen stores to open the receipt's print view (print job kind 'receipt'). */
export const receiptPrintDataSchema = z.object({ collection: collectionSchema });
export type ReceiptPrintData = z.infer<typeof receiptPrintDataSchema>;

const text = collectionsMessages.receipt;
const person = (p: { name: string; last: string }) => `${p.name} ${p.last}`.trim();

export function receiptDocument(collection: Collection, identity: BusinessIdentity): DocumentModel {
  const folio = collectionFolio(collection.id);
  const facts: KeyValue[] = [
    { label: text.date, value: formatLongDay(collection.date) },
    { label: text.receivedBy, value: person(collection.user) },
  ];
  // A payment the driver took at a stop: the route, and the number the phone's receipt showed.
  if (collection.shipping_id)
    facts.push({ label: routeMoneyMessages.receiptRoute, value: routeMoneyMessages.collectedOnRoute(collection.shipping_id) });
  if (collection.shipping_id && collection.provisional)
    facts.push({ label: routeMoneyMessages.receiptProvisional, value: collection.provisional });
  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title: text.title,
      number: folio,
      issuer: [identity.legalName, text.issuerTaxId(identity.taxId), identity.address],
      facts,
    },
  ];
  if (collection.canceled_at) {
    const canceledOn = formatLongDay(monterreyDate(new Date(collection.canceled_at)));
    blocks.push({ kind: 'paragraphs', title: text.canceledTitle, paragraphs: [text.canceled(canceledOn, collection.cancel_reason ?? '')] });
  }
  const customer: KeyValue[] = [
    { label: text.company, value: collection.company.name },
    { label: text.legalName, value: collection.company.razon_social },
  ];
  if (collection.company.rfc) customer.push({ label: text.taxId, value: collection.company.rfc });
  blocks.push({ kind: 'keyValues', title: text.customer, rows: customer });

  const payment: KeyValue[] = [{ label: text.amount, value: formatMoney(collection.amount) }];
  if (collection.payment_method) payment.push({ label: text.paymentMethod, value: collection.payment_method.name });
  if (collection.reference) payment.push({ label: text.reference, value: collection.reference });
  if (collection.note) payment.push({ label: text.note, value: collection.note });
  blocks.push({ kind: 'keyValues', title: text.payment, rows: payment });

  if (collection.details.length === 0) {
    blocks.push({ kind: 'paragraphs', title: text.salesTitle, paragraphs: [text.noSales] });
  } else {
    blocks.push({
      kind: 'table',
      columns: [
        { label: text.sale, align: 'left', width: 0.16 },
        { label: text.saleDate, align: 'left', width: 0.2 },
        { label: text.saleTotal, align: 'right', width: 0.22 },
        { label: text.applied, align: 'right', width: 0.2 },
        { label: text.balanceAfter, align: 'right', width: 0.22 },
      ],
      rows: collection.details.map((line) => [
        driverMessages.saleFolio(line.sale_id),
        formatCalendarDate(line.sale_date),
        formatMoney(line.sale_total),
        formatMoney(line.amount),
        formatMoney(line.balance_after),
      ]),
    });
  }
  blocks.push({
    kind: 'totals',
    rows: [
      { label: text.amount, value: formatMoney(collection.amount), emphasis: true },
      { label: text.appliedTotal, value: formatMoney(collection.applied) },
      { label: text.credit, value: formatMoney(collection.unapplied) },
    ],
  });

  return {
    title: `${text.title} ${folio}`,
    fileName: text.fileName(folio),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [text.footer(identity.website, identity.phone), identity.address],
    pageLabel: text.page,
  };
}
