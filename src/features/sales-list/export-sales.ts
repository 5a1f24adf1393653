import { messages } from '../../../domain/messages';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { calendarDate, writeSheet, type SheetCell } from '../../app/office-list/export-sheet';

const text = messages.sales.list;
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
    [columns.order]: row.order_status ? messages.sales.orderStatus[row.order_status] : '',
    [columns.createdAt]: new Date(row.created_at),
  }));
}

/** Writes 'Lista de Ventas.xlsx' of the page on screen. */
export function exportSales(rows: readonly SalePageRow[]): Promise<void> {
  return writeSheet({ file: text.exportFile, sheet: text.exportSheet, rows: saleExportRows(rows), moments: [columns.createdAt] });
}
