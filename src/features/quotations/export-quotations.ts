import { quotationsMessages } from '../../../domain/messages/quotations';
import { salesMessages } from '../../../domain/messages/sales';
import { quotationStatus } from '../../../domain/sale-list';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const text = quotationsMessages.list;
const columns = salesMessages.list.columns;

/** The visible columns of the page, with real values: folio and amounts as numbers, dates as dates. */
export function quotationExportRows(rows: readonly SalePageRow[], now: Date): Record<string, SheetCell>[] {
  return rows.map((row) => {
    const status = quotationStatus(row, now);
    return {
      [columns.folio]: row.id,
      [columns.company]: row.company_name,
      [columns.branch]: row.branch_name ?? '',
      [columns.seller]: `${row.user_name} ${row.user_last}`,
      [columns.date]: calendarDate(row.date),
      [text.dueDate]: row.due_date ? calendarDate(row.due_date) : null,
      [columns.series]: row.type,
      [columns.total]: row.total,
      [columns.createdAt]: new Date(row.created_at),
      [text.state]: status === 'sold' && row.sale_id !== null ? text.soldAs(row.sale_id) : text.status[status],
    };
  });
}

/** 'Lista de Cotizaciones.xlsx' of the page on screen; the state is read at `now`. */
export function quotationSheet(now: Date): PageSheet<SalePageRow> {
  return { file: text.exportFile, sheet: text.exportSheet, toRows: (rows) => quotationExportRows(rows, now), moments: [columns.createdAt] };
}
