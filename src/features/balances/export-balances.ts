import { AGING_LABELS } from '../../../domain/aging';
import { balancesMessages } from '../../../domain/messages/balances';
import type { BalanceRow } from '../../../domain/schemas/collections';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { PageSheet } from '../../ui/office-list/page-export';

const text = balancesMessages;
const columns = text.columns;

/** The visible columns of the page, with real values: amounts as numbers, the oldest due date as a date. */
export function balanceExportRows(rows: readonly BalanceRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.company]: row.company_name,
    [columns.total]: row.total,
    [AGING_LABELS.days_0_30]: row.days_0_30,
    [AGING_LABELS.days_31_60]: row.days_31_60,
    [AGING_LABELS.days_61_90]: row.days_61_90,
    [AGING_LABELS.days_over_90]: row.days_over_90,
    [columns.oldest]: calendarDate(row.oldest_due_date),
    [columns.count]: row.count,
    [columns.creditDays]: row.credit_days,
    [AGING_LABELS.current]: row.current,
  }));
}

/** 'Saldos Vencidos.xlsx' of the page on screen. */
export const BALANCE_SHEET: PageSheet<BalanceRow> = { file: text.exportFile, sheet: text.exportSheet, toRows: balanceExportRows };
