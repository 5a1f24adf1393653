import { collectionFolio } from '../../../domain/collections';
import { collectionsMessages } from '../../../domain/messages/collections';
import type { CollectionListRow } from '../../../domain/schemas/collections';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const text = collectionsMessages.list;
const columns = text.columns;

/** The visible columns of the page, with real values: amounts as numbers, the date as a date. */
export function collectionExportRows(rows: readonly CollectionListRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.folio]: collectionFolio(row.id),
    [columns.date]: calendarDate(row.date),
    [columns.company]: row.company_name,
    [columns.amount]: row.amount,
    [columns.paymentMethod]: row.payment_method ?? '',
    [columns.reference]: row.reference ?? '',
    [columns.unapplied]: row.unapplied,
    [columns.user]: row.user_name,
    [columns.note]: row.note ?? '',
    [columns.state]: row.canceled_at ? text.canceledBecause(row.cancel_reason ?? '') : text.current,
  }));
}

/** 'Cobranza.xlsx' of the page on screen. */
export const COLLECTION_SHEET: PageSheet<CollectionListRow> = {
  file: text.exportFile,
  sheet: text.exportSheet,
  toRows: collectionExportRows,
};
