import { useId } from 'react';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { expensesMessages } from '../../../domain/messages/expenses';
import { payrollMessages } from '../../../domain/messages/payroll';
import { QueryStatus } from '../../ui/query-status';
import { payrollTotalsRange, type PayrollFilters } from './payroll-filters';
import { usePayrollTotals } from './queries';

const text = payrollMessages;

/** The period's receipts added up by the server (payroll/totals): perceptions, deductions, total paid. */
export function PayrollTotals({ filters, now }: { filters: PayrollFilters; now: Date }) {
  const range = payrollTotalsRange(filters, now);
  const totals = usePayrollTotals(range);
  const headingId = useId();
  return (
    <section className="totals-panel payroll-totals" aria-labelledby={headingId} aria-busy={totals.isFetching}>
      <p className="totals-panel__range" id={headingId}>
        <strong>{text.totalsTitle}</strong> · {expensesMessages.summaryRange(formatCalendarDate(range[0]), formatCalendarDate(range[1]))}
        {totals.data && ` · ${text.totalsCount(totals.data.count)}`}
      </p>
      <QueryStatus query={totals} />
      {totals.data && (
        <dl className="payroll-totals__figures">
          <div>
            <dt>{text.perceptions}</dt>
            <dd>{formatMoney(totals.data.perceptions)}</dd>
          </div>
          <div>
            <dt>{text.deductions}</dt>
            <dd>{formatMoney(totals.data.deductions)}</dd>
          </div>
          <div className="payroll-totals__total">
            <dt>{text.total}</dt>
            <dd>{formatMoney(totals.data.total)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
