import * as z from 'zod/mini';
import { DEFAULT_FREE_DELIVERY_MINIMUM, type BusinessIdentity } from '../deployment';
import { formatMoney, unitFor } from '../format';
import { driverMessages } from '../messages/driver';
import { DEFAULT_QUOTATION_TERMS, quotationPrintMessages } from '../messages/quotation-print';
import { partyRentalTerms, RENTAL_DEPOSIT_FLAT, RENTAL_DEPOSIT_THRESHOLD } from '../rules/party-rental';
import { quotationFolio } from '../sales';
import { saleDetailSchema, type SaleDetail } from '../schemas/quotations';
import { monterreyDate, onFirstUse } from '../time';
import type { DocumentBlock, DocumentModel, KeyValue, TableBlock } from './document';
import { QUOTATION_LAYOUTS, type QuotationLayout } from './quotation-layout';

/**
 * The quotation as a document (spec §2 print views, §9 conditions): the full layout, the
 * short one, and the party-rental quotation of the `eventos` deployment. The print view
 * and the PDF both draw what this returns; nothing is formatted anywhere else.
 */

export { defaultQuotationLayout, QUOTATION_LAYOUTS, type QuotationLayout } from './quotation-layout';

/**
 * What a screen stores to open the quotation's print view (print job kind 'quotation'):
 * the quotation as GET /api/v2/sales/{id} answered it, and the layout to print.
 */
export const quotationPrintDataSchema = z.object({ sale: saleDetailSchema, layout: z.enum(QUOTATION_LAYOUTS) });
export type QuotationPrintData = z.infer<typeof quotationPrintDataSchema>;

/** What a screen stores to open a sale's own print view (print job kind 'sales'). */
export const salePrintDataSchema = z.object({ sale: saleDetailSchema });
export type SalePrintData = z.infer<typeof salePrintDataSchema>;

const text = quotationPrintMessages;

/**
 * The folio the document carries: a quotation's own; a sale prints as the quotation it was
 * made from, or under its sale folio when it had none (its id may also be a quotation's).
 */
export function quotationDocumentFolio(sale: Pick<SaleDetail, 'id' | 'kind' | 'quotation_id'>): string {
  if (sale.kind === 'quotation') return quotationFolio(sale.id);
  return sale.quotation_id !== null ? quotationFolio(sale.quotation_id) : driverMessages.saleFolio(sale.id);
}

// Calendar dates are formatted at noon UTC so no time zone moves them to another day.
const longDay = onFirstUse(() => new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }));
const quantityFormat = onFirstUse(() => new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 }));

/** 'YYYY-MM-DD' (or a longer date-time string starting so) as '22 de noviembre de 2026'. */
export function formatLongDay(date: string): string {
  return longDay().format(new Date(`${date.slice(0, 10)}T12:00:00Z`));
}

const person = (p: { name: string; last: string }) => `${p.name} ${p.last}`.trim();

/** The quotation's terms the business set, or the product's where it set none (the demo). */
export function quotationTermsOfBusiness(identity: Pick<BusinessIdentity, 'freeDeliveryMinimum' | 'quotationTerms'>): {
  freeDeliveryMinimum: number | null;
  quotationTerms: readonly string[];
} {
  return {
    freeDeliveryMinimum: identity.freeDeliveryMinimum === undefined ? DEFAULT_FREE_DELIVERY_MINIMUM : identity.freeDeliveryMinimum,
    quotationTerms: identity.quotationTerms ?? DEFAULT_QUOTATION_TERMS,
  };
}

export function quotationDocument(sale: SaleDetail, identity: BusinessIdentity, layout: QuotationLayout): DocumentModel {
  const folio = quotationDocumentFolio(sale);
  const created = formatLongDay(monterreyDate(new Date(sale.created_at)));
  // A sale's due_date is when it must be paid, not how long a quotation holds.
  const validity = sale.kind === 'quotation' && sale.due_date ? formatLongDay(sale.due_date) : null;
  const title = layout === 'rental' ? text.rentalTitle : text.title;

  const facts: KeyValue[] = [{ label: text.date, value: created }];
  if (layout === 'rental') facts.push({ label: text.eventDate, value: formatLongDay(sale.date) });
  if (validity) facts.push({ label: text.validUntil, value: validity });
  if (layout === 'short') facts.push({ label: text.customer, value: sale.company.name });
  if (layout === 'rental') facts.push({ label: text.status, value: text.confirmed });

  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title,
      number: folio,
      issuer: layout === 'short' ? [identity.legalName] : [identity.legalName, text.issuerTaxId(identity.taxId), identity.address],
      facts,
    },
  ];
  if (layout !== 'short') blocks.push(customerBlock(sale), sellerBlock(sale));
  blocks.push(itemsTable(sale, layout));
  blocks.push({
    kind: 'totals',
    rows:
      layout === 'short'
        ? [{ label: text.total, value: formatMoney(sale.total), emphasis: true }]
        : [
            { label: text.subtotal, value: formatMoney(sale.subtotal) },
            { label: text.iva, value: formatMoney(sale.iva) },
            { label: text.total, value: formatMoney(sale.total), emphasis: true },
          ],
  });
  blocks.push(paymentBlock(sale, identity));
  if (layout !== 'short' && sale.note?.trim()) blocks.push({ kind: 'paragraphs', title: text.notes, paragraphs: [sale.note.trim()] });

  const validitySentence = validity ? [text.conditions.validity(validity)] : [];
  if (layout === 'full') {
    // The business's own terms ('Datos del negocio'), then how long this quotation holds.
    const { freeDeliveryMinimum, quotationTerms } = quotationTermsOfBusiness(identity);
    const conditions = [
      ...(freeDeliveryMinimum !== null ? [text.conditions.freeDelivery(formatMoney(freeDeliveryMinimum))] : []),
      ...quotationTerms,
      ...validitySentence,
    ];
    if (conditions.length > 0) blocks.push({ kind: 'paragraphs', title: text.conditionsTitle, list: true, paragraphs: conditions });
  } else if (layout === 'rental') {
    blocks.push({
      kind: 'paragraphs',
      title: text.rentalTermsTitle,
      list: true,
      paragraphs: [...partyRentalSentences(sale), ...validitySentence],
    });
  } else if (validity) {
    blocks.push({ kind: 'paragraphs', title: text.validUntil, paragraphs: validitySentence });
  }

  return {
    title: `${title} ${folio}`,
    fileName: text.fileName(folio),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [text.footerContact(identity.website, identity.phone, identity.whatsapp), text.fiscalAddress(identity.address)],
    pageLabel: text.page,
  };
}

function customerBlock(sale: SaleDetail): DocumentBlock {
  const rows: KeyValue[] = [
    { label: text.company, value: sale.company.name },
    { label: text.legalName, value: sale.company.razon_social },
  ];
  if (sale.company.rfc) rows.push({ label: text.taxId, value: sale.company.rfc });
  if (sale.company_branch) {
    const { name, address } = sale.company_branch;
    rows.push({ label: text.branch, value: address ? `${name}, ${address}` : name });
  }
  if (sale.contact) {
    const { email } = sale.contact;
    rows.push({ label: text.contact, value: email ? `${person(sale.contact)} · ${email}` : person(sale.contact) });
  }
  return { kind: 'keyValues', title: text.customer, rows };
}

function sellerBlock(sale: SaleDetail): DocumentBlock {
  return {
    kind: 'keyValues',
    title: text.sellerTitle,
    rows: [
      { label: text.seller, value: person(sale.user) },
      { label: text.sellerEmail, value: sale.user.email },
    ],
  };
}

function itemsTable(sale: SaleDetail, layout: QuotationLayout): TableBlock {
  return {
    kind: 'table',
    columns: [
      { label: text.quantity, align: 'right', width: 0.16 },
      { label: text.product, align: 'left', width: 0.48 },
      { label: text.unitPrice, align: 'right', width: 0.18 },
      { label: layout === 'short' ? text.lineTotal : text.amount, align: 'right', width: 0.18 },
    ],
    rows: sale.items.map((line) => [
      `${quantityFormat().format(line.quantity)} ${unitFor(line.quantity, line.unit)}`,
      line.name,
      formatMoney(line.price),
      formatMoney(line.amount),
    ]),
  };
}

/** Credit terms only for customers with credit (spec §9: credit days 1 or more), then where to pay. */
function paymentBlock(sale: SaleDetail, identity: BusinessIdentity): DocumentBlock {
  const rows: KeyValue[] = [];
  if (sale.company.credit_days >= 1) rows.push({ label: text.credit, value: text.creditDays(sale.company.credit_days) });
  rows.push({ label: text.bankAccount, value: identity.bankAccount }, { label: text.clabe, value: identity.clabe });
  return { kind: 'keyValues', title: text.paymentTitle, rows };
}

/** The party-rental terms of §9 for this sale's total and event date, as the document and the sale's page word them. */
export function partyRentalSentences(sale: Pick<SaleDetail, 'total' | 'date'> & { created_at?: string }): string[] {
  const madeOn = sale.created_at ? monterreyDate(new Date(sale.created_at)) : undefined;
  const terms = partyRentalTerms(sale.total, sale.date.slice(0, 10), madeOn);
  const r = text.rental;
  return [
    r.advance(formatMoney(terms.advance)),
    terms.balanceDueOnConfirming
      ? r.balanceOnConfirming(formatMoney(terms.balance))
      : r.balance(formatMoney(terms.balance), formatLongDay(terms.balanceDueDate)),
    r.deposit(formatMoney(terms.deposit), formatMoney(RENTAL_DEPOSIT_FLAT), formatMoney(RENTAL_DEPOSIT_THRESHOLD)),
    r.outsideCity(formatMoney(terms.depositOutsideCity)),
    r.refund(formatLongDay(terms.refundDate)),
    r.collection(formatLongDay(terms.collectionDeadline)),
  ];
}

/**
 * A sale as its own document ('Nota de venta', spec §2 print data 'sales'): the customer and
 * seller, the lines at the prices sold, the totals, when it is due and what is still owed,
 * and, if cancelled, when and why. Drawn by the print view and the PDF alike.
 */
export function saleDocument(sale: SaleDetail, identity: BusinessIdentity): DocumentModel {
  const folio = driverMessages.saleFolio(sale.id);
  const facts: KeyValue[] = [
    { label: text.date, value: formatLongDay(monterreyDate(new Date(sale.created_at))) },
    { label: text.scheduled, value: formatLongDay(sale.date) },
  ];
  if (sale.due_date) facts.push({ label: text.dueDate, value: formatLongDay(sale.due_date) });
  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title: text.saleTitle,
      number: folio,
      issuer: [identity.legalName, text.issuerTaxId(identity.taxId), identity.address],
      facts,
    },
  ];
  if (sale.canceled_at)
    blocks.push({
      kind: 'paragraphs',
      title: text.canceledTitle,
      paragraphs: [text.canceled(formatLongDay(monterreyDate(new Date(sale.canceled_at))), sale.cancel_reason ?? '')],
    });
  blocks.push(customerBlock(sale), sellerBlock(sale), itemsTable(sale, 'full'));
  blocks.push({
    kind: 'totals',
    rows: [
      { label: text.subtotal, value: formatMoney(sale.subtotal) },
      { label: text.iva, value: formatMoney(sale.iva) },
      { label: text.total, value: formatMoney(sale.total), emphasis: true },
      { label: text.paymentStatus, value: sale.payment_status },
      { label: text.dueBalance, value: formatMoney(sale.due_balance) },
    ],
  });
  blocks.push(paymentBlock(sale, identity));
  if (sale.note?.trim()) blocks.push({ kind: 'paragraphs', title: text.notes, paragraphs: [sale.note.trim()] });
  return {
    title: `${text.saleTitle} ${folio}`,
    fileName: text.saleFileName(folio),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [text.footerContact(identity.website, identity.phone, identity.whatsapp), text.fiscalAddress(identity.address)],
    pageLabel: text.page,
  };
}
