import { salesMessages } from '../../../domain/messages/sales';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const text = salesMessages.list;
const columns = text.columns;

/** The visible columns of the page, with real values: folio and amounts as numbers, dates as dates. */
export function saleExportRows(rows: readonly SalePageRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.folio]: row.id,
    [columns.company]: row.company_name,
    [columns.branch]: row.branch_name ?? '',
    [columns.seller]: `${row.user_name} ${row.user_last}`,
    [columns.date]: calendarDate(row.date),
    [columns.series]: row.type,
    [columns.total]: row.total,
    [columns.paymentStatus]: row.payment_status,
    [columns.dueBalance]: row.due_balance,
    [columns.order]: row.order_status ? salesMessages.orderStatus[row.order_status] : '',
    [columns.createdAt]: new Date(row.created_at),
  }));
}

/** 'Lista de Ventas.xlsx' of the page on screen. */
export const SALE_SHEET: PageSheet<SalePageRow> = {
  file: text.exportFile,
  sheet: text.exportSheet,
  toRows: saleExportRows,
  moments: [columns.createdAt],
};
