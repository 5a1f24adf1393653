import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { expensesMessages } from '../../../domain/messages/expenses';
import type { ExpenseRow, ExpenseSortColumn } from '../../../domain/schemas/expenses';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';

const text = expensesMessages;
const columns = text.columns;

export const expenseRowKey = (row: ExpenseRow) => row.id;

/** /expenses: the columns of the table on wide screens; date and amount sort on the server. */
export const EXPENSE_COLUMNS: ListColumn<ExpenseRow, ExpenseSortColumn>[] = [
  { key: 'id', sort: 'id', label: columns.id, cell: (row) => row.id, nowrap: true },
  { key: 'date', sort: 'date', label: columns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'type', label: columns.type, cell: (row) => row.type },
  { key: 'description', label: columns.description, cell: (row) => row.description ?? '—' },
  { key: 'payment_method', label: columns.paymentMethod, cell: (row) => row.payment_method ?? text.noPaymentMethod },
  { key: 'amount', sort: 'amount', label: columns.amount, cell: (row) => formatMoney(row.amount), numeric: true },
  { key: 'user', label: columns.user, cell: (row) => row.user_name },
];

/** An expense on a phone, with its menu button. */
export function ExpenseCard({ row, onMenu }: { row: ExpenseRow; onMenu: (row: ExpenseRow) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {formatMoney(row.amount)} · {row.type}
        </span>
        <span>
          {formatCalendarDate(row.date)} · {row.description ?? '—'}
        </span>
        <span>{row.payment_method ?? text.noPaymentMethod}</span>
      </div>
      <button type="button" className="icon-button" aria-label={text.actionsFor(row.id)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

/** The Excel rows of the page on screen: the visible columns, the date as a date and the amount as a number. */
export function expenseExportRows(rows: readonly ExpenseRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.id]: row.id,
    [columns.date]: calendarDate(row.date),
    [columns.type]: row.type,
    [columns.description]: row.description ?? '',
    [columns.paymentMethod]: row.payment_method ?? '',
    [columns.amount]: row.amount,
    [columns.user]: row.user_name,
  }));
}
