import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { payrollMessages } from '../../../domain/messages/payroll';
import { DEDUCTION_FIELDS, PERCEPTION_FIELDS } from '../../../domain/payroll';
import type { PayrollRow, PayrollSortColumn } from '../../../domain/schemas/payroll';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';

const text = payrollMessages;
const columns = text.columns;

export const payrollRowKey = (row: PayrollRow) => row.id;
const position = (row: PayrollRow) => [row.job_position, row.sub_job_position].filter(Boolean).join(' · ') || '—';

/** /payroll: the columns of the table on wide screens; date, employee and total sort on the server. */
export const PAYROLL_COLUMNS: ListColumn<PayrollRow, PayrollSortColumn>[] = [
  { key: 'date', sort: 'date', label: columns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'employee', sort: 'employee', label: columns.employee, cell: (row) => row.employee },
  { key: 'position', label: columns.position, cell: position },
  { key: 'daily_salary', label: columns.dailySalary, cell: (row) => formatMoney(row.daily_salary), numeric: true },
  { key: 'sum', label: columns.perceptions, cell: (row) => formatMoney(row.sum), numeric: true },
  { key: 'rest', label: columns.deductions, cell: (row) => formatMoney(row.rest), numeric: true },
  { key: 'total', sort: 'total', label: columns.total, cell: (row) => formatMoney(row.total), numeric: true },
];

/** A receipt on a phone, with its menu button. */
export function PayrollCard({ row, onMenu }: { row: PayrollRow; onMenu: (row: PayrollRow) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {row.employee} · {formatMoney(row.total)}
        </span>
        <span>
          {formatCalendarDate(row.date)} · {position(row)}
        </span>
        <span>
          {columns.perceptions} {formatMoney(row.sum)} · {columns.deductions} {formatMoney(row.rest)}
        </span>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={text.actionsFor(row.employee, formatCalendarDate(row.date))}
        onClick={() => onMenu(row)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

/** The Excel rows of the page on screen: every field of the receipt, dates as dates and amounts as numbers. */
export function payrollExportRows(rows: readonly PayrollRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.date]: calendarDate(row.date),
    [columns.employee]: row.employee,
    [text.jobPosition]: row.job_position ?? '',
    [text.subJobPosition]: row.sub_job_position ?? '',
    [text.fields.daily_salary]: row.daily_salary,
    ...Object.fromEntries(PERCEPTION_FIELDS.map((field) => [text.fields[field], row[field]])),
    [text.perceptions]: row.sum,
    ...Object.fromEntries(DEDUCTION_FIELDS.map((field) => [text.fields[field], row[field]])),
    [text.deductions]: row.rest,
    [text.total]: row.total,
  }));
}
