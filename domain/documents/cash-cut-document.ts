import * as z from 'zod/mini';
import type { BusinessIdentity } from '../deployment';
import { formatMoney } from '../format';
import { cajaMessages } from '../messages/caja';
import { cajaDaySchema, type CajaDay } from '../schemas/caja';
import type { DocumentBlock, DocumentModel } from './document';
import { formatLongDay } from './quotation-document';

/** What /caja stores to print the day's cut (print job kind 'cashCut'). */
export const cashCutPrintDataSchema = z.object({ day: cajaDaySchema.shape.data });

const text = cajaMessages;
const doc = text.document;

/** The cash the counted amount left over or short, in words and pesos. */
export function differenceLabel(difference: number): string {
  if (difference === 0) return text.even;
  return `${difference > 0 ? text.over : text.short} ${formatMoney(Math.abs(difference))}`;
}

/**
 * The day's cut (/caja) as a document: who and which day, the counter sales, the
 * payments by method, the cash put in and taken out, and the cash expected against the cash
 * counted. The print view and 'Descargar PDF' draw the same blocks.
 */
export function cashCutDocument(day: CajaDay, identity: BusinessIdentity): DocumentModel {
  const blocks: DocumentBlock[] = [
    {
      kind: 'heading',
      title: doc.title,
      number: day.date,
      issuer: [identity.legalName, identity.address],
      facts: [
        { label: doc.date, value: formatLongDay(day.date) },
        { label: doc.cashier, value: day.user_name },
      ],
    },
    {
      kind: 'keyValues',
      title: doc.summary,
      rows: [
        { label: text.counterSales, value: `${day.counter_sales.count} · ${formatMoney(day.counter_sales.total)}` },
        { label: text.paymentsTotal, value: formatMoney(day.payments.total) },
        { label: text.cashPayments, value: formatMoney(day.payments.cash) },
        { label: text.cashIn, value: formatMoney(day.cash_in) },
        { label: text.cashOut, value: formatMoney(day.cash_out) },
      ],
    },
  ];
  if (day.payments.by_method.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { label: doc.method, align: 'left', width: 0.5 },
        { label: doc.count, align: 'right', width: 0.2 },
        { label: doc.total, align: 'right', width: 0.3 },
      ],
      rows: day.payments.by_method.map((row) => [row.method, String(row.count), formatMoney(row.total)]),
    });
  }
  if (day.movements.length > 0) {
    blocks.push({
      kind: 'table',
      columns: [
        { label: text.kind, align: 'left', width: 0.2 },
        { label: text.reason, align: 'left', width: 0.55 },
        { label: text.amount, align: 'right', width: 0.25 },
      ],
      rows: day.movements.map((movement) => [text.kinds[movement.kind], movement.reason, formatMoney(movement.amount)]),
    });
  }
  const cut = day.cut;
  blocks.push({
    kind: 'totals',
    rows: [
      { label: text.expected, value: formatMoney(cut?.expected ?? day.expected_cash) },
      ...(cut
        ? [
            { label: text.counted, value: formatMoney(cut.counted) },
            { label: text.difference, value: differenceLabel(cut.difference), emphasis: true },
          ]
        : []),
    ],
  });
  if (cut?.note) blocks.push({ kind: 'paragraphs', title: text.cutNote, paragraphs: [cut.note] });
  return {
    title: `${doc.title} ${day.date}`,
    fileName: doc.fileName(day.date),
    brand: { name: identity.brand, color: identity.themeColor, logo: identity.logo },
    blocks,
    footer: [identity.address],
    pageLabel: doc.page,
  };
}
