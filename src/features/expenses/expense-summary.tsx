import { useId } from 'react';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { expensesMessages } from '../../../domain/messages/expenses';
import { QueryStatus } from '../../ui/query-status';
import { expenseSummaryRange, type ExpenseFilters } from './expense-filters';
import { useExpenseSummary } from './queries';

const text = expensesMessages;

/**
 * The period's expenses by type above the list (Expenses-summary): the filter's
 * dates or this month, each type that has expenses, and the total, all as the server added them.
 */
export function ExpenseSummary({ filters, now }: { filters: ExpenseFilters; now: Date }) {
  const range = expenseSummaryRange(filters, now);
  const summary = useExpenseSummary(range);
  const headingId = useId();
  const spent = summary.data?.filter((row) => row.count > 0) ?? [];
  const total = spent.reduce((sum, row) => sum + Math.round(row.total * 100), 0) / 100;
  const count = spent.reduce((sum, row) => sum + row.count, 0);
  return (
    <section className="totals-panel expense-summary" aria-labelledby={headingId} aria-busy={summary.isFetching}>
      <p className="totals-panel__range" id={headingId}>
        <strong>{text.summaryTitle}</strong> · {text.summaryRange(formatCalendarDate(range[0]), formatCalendarDate(range[1]))}
      </p>
      <QueryStatus query={summary} />
      {summary.data && spent.length === 0 && <p className="totals-panel__range">{text.summaryEmpty}</p>}
      {spent.length > 0 && (
        <dl className="expense-summary__types">
          {spent.map((row) => (
            <div key={row.expense_type_id}>
              <dt>{row.name}</dt>
              <dd>{formatMoney(row.total)}</dd>
            </div>
          ))}
          <div className="expense-summary__total">
            <dt>
              {text.summaryTotal} ({text.summaryCount(count)})
            </dt>
            <dd>{formatMoney(total)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
