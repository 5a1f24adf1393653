import { formatCalendarDate, formatKg, formatMoney } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { salesMessages } from '../../../domain/messages/sales';
import type { SaleListFilters } from '../../../domain/sale-list';
import { QueryStatus } from '../../ui/query-status';
import { useSaleTotals } from './queries';

const text = salesMessages.list;

/** The collapsible totals of /sales: count, subtotal, IVA, total, saldo and weight of the filtered range. */
export function SaleTotalsPanel({ id, filters, now }: { id: string; filters: SaleListFilters; now: Date }) {
  const totals = useSaleTotals(filters, now);
  const figures = totals.data && [
    [text.subtotal, formatMoney(totals.data.subtotal)],
    [text.iva, formatMoney(totals.data.iva)],
    [text.columns.total, formatMoney(totals.data.total)],
    [text.columns.dueBalance, formatMoney(totals.data.due_balance)],
    [text.weight, formatKg(totals.data.weight)],
  ];
  return (
    <section id={id} className="totals-panel" aria-label={listMessages.totals} aria-busy={totals.isFetching}>
      <QueryStatus query={totals} />
      {totals.data && figures && (
        <>
          <p className="totals-panel__range">
            {text.totalsRange(formatCalendarDate(totals.data.range[0]), formatCalendarDate(totals.data.range[1]))} ·{' '}
            {text.totalsCount(totals.data.count)}
          </p>
          <dl className="totals-panel__figures">
            {figures.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
