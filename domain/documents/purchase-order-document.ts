import * as z from 'zod/mini';
import type { BusinessIdentity } from '../deployment';
import { formatMoney, formatQuantity } from '../format';
import { purchasingMessages } from '../messages/purchasing';
import { purchaseOrderFolio } from '../purchasing';
import { shoppingDetailSchema, type ShoppingDetail } from '../schemas/purchasing';
import { monterreyDate } from '../time';
import type { DocumentBlock, DocumentModel, KeyValue } from './document';
import { formatLongDay } from './quotation-document';

/** What /shoppings/{id} stores to print an order (print job kinds 'purchaseOrder' and 'shoppingOrder'). */
export const purchaseOrderPrintDataSchema = z.object({ order: shoppingDetailSchema });
export type PurchaseOrderPrintData = z.infer<typeof purchaseOrderPrintDataSchema>;

const text = purchasingMessages;
const doc = text.document;

function heading(order: ShoppingDetail, identity: BusinessIdentity, title: string): DocumentBlock {
  return {
    kind: 'heading',
    title,
    number: purchaseOrderFolio(order.id),
    issuer: [identity.legalName, `${doc.rfc}: ${identity.taxId}`, identity.address],
    facts: [
      { label: doc.date, value: formatLongDay(monterreyDate(new Date(order.created_at))) },
      { label: doc.dueDate, value: formatLongDay(order.due_date) },
      { label: doc.status, value: text.statuses[order.status] },
    ],
  };
}

function providerBlock(order: ShoppingDetail): DocumentBlock {
  const { provider } = order;
  const rows: KeyValue[] = [
    { label: doc.name, value: provider.name },
    { label: doc.rfc, value: provider.rfc ?? '' },
    { label: doc.contact, value: provider.contact_name ?? '' },
    { label: doc.phone, value: provider.phone ?? '' },
    { label: doc.email, value: provider.email ?? '' },
    { label: doc.creditDays, value: text.providers.creditDays(provider.credit_days) },
  ];
  // A fact the provider does not have is left out rather than printed empty.
  return { kind: 'keyValues', title: doc.provider, rows: rows.filter((row) => row.value !== '') };
}

const footer = (identity: BusinessIdentity) => [[identity.website, identity.phone].filter(Boolean).join(' · '), identity.address];
const brandOf = (identity: BusinessIdentity) => ({ name: identity.brand, color: identity.themeColor, logo: identity.logo });

/**
 * The purchase order sent to the provider (spec §2 print views, §9): who buys, the provider,
 * each product with quantity, unit cost and amount, the total the server computed, the note,
 * and the conditions of §9. The print view and 'Descargar PDF' draw these same blocks.
 */
export function purchaseOrderDocument(order: ShoppingDetail, identity: BusinessIdentity): DocumentModel {
  const folio = purchaseOrderFolio(order.id);
  const blocks: DocumentBlock[] = [
    heading(order, identity, doc.title),
    providerBlock(order),
    {
      kind: 'table',
      columns: [
        { label: doc.quantity, align: 'right', width: 0.13 },
        { label: doc.unit, align: 'left', width: 0.12 },
        { label: doc.product, align: 'left', width: 0.43 },
        { label: doc.unitCost, align: 'right', width: 0.15 },
        { label: doc.amount, align: 'right', width: 0.17 },
      ],
      rows: order.items.map((line) => [
        formatQuantity(line.quantity),
        line.unit,
        line.item_name,
        formatMoney(line.unit_cost),
        formatMoney(line.total),
      ]),
    },
    { kind: 'totals', rows: [{ label: doc.total, value: formatMoney(order.total), emphasis: true }] },
  ];
  if (order.note) blocks.push({ kind: 'paragraphs', title: doc.note, paragraphs: [order.note] });
  blocks.push({ kind: 'paragraphs', title: doc.conditions, paragraphs: [...text.conditions], list: true });
  return {
    title: `${doc.title} ${folio}`,
    fileName: doc.fileName(folio),
    brand: brandOf(identity),
    blocks,
    footer: footer(identity),
    pageLabel: doc.page,
  };
}

/**
 * The shopping order: the warehouse's receiving sheet for the same order (spec §2 print
 * views). Each product with the quantity ordered and what already arrived, a blank
 * 'Recibido' column to write what comes in, and the lines for who received it to sign.
 * No prices: the warehouse counts, the office pays.
 */
export function shoppingOrderDocument(order: ShoppingDetail, identity: BusinessIdentity): DocumentModel {
  const folio = purchaseOrderFolio(order.id);
  const blocks: DocumentBlock[] = [
    heading(order, identity, doc.shoppingTitle),
    { kind: 'keyValues', title: doc.provider, rows: [{ label: doc.name, value: order.provider.name }] },
    {
      kind: 'table',
      columns: [
        { label: doc.product, align: 'left', width: 0.42 },
        { label: doc.unit, align: 'left', width: 0.12 },
        { label: doc.ordered, align: 'right', width: 0.14 },
        { label: doc.alreadyReceived, align: 'right', width: 0.14 },
        { label: doc.received, align: 'left', width: 0.18 },
      ],
      // The 'Recibido' cell is left for the pen: a line to write on, in print and in the PDF.
      rows: order.items.map((line) => [
        line.item_name,
        line.unit,
        formatQuantity(line.quantity),
        formatQuantity(line.received_quantity),
        '__________',
      ]),
    },
  ];
  if (order.note) blocks.push({ kind: 'paragraphs', title: doc.note, paragraphs: [order.note] });
  blocks.push({ kind: 'paragraphs', title: doc.signatureTitle, paragraphs: [...doc.signatureLines] });
  return {
    title: `${doc.shoppingTitle} ${folio}`,
    fileName: doc.shoppingFileName(folio),
    brand: brandOf(identity),
    blocks,
    footer: footer(identity),
    pageLabel: doc.page,
  };
}
