import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { collectionsMessages } from '../../../domain/messages/collections';
import { listMessages } from '../../../domain/messages/office-list';
import { QueryStatus } from '../../ui/query-status';
import type { CollectionListFilters } from './list-query';
import { useCollectionTotals } from './queries';

const text = collectionsMessages.list;

/** The collapsible totals of /collections: count, total and credit of the filtered range, and the total by payment method. */
export function CollectionTotalsPanel({ id, filters, now }: { id: string; filters: CollectionListFilters; now: Date }) {
  const totals = useCollectionTotals(filters, now);
  const data = totals.data;
  return (
    <section id={id} className="totals-panel" aria-label={listMessages.totals} aria-busy={totals.isFetching}>
      <QueryStatus query={totals} />
      {data && (
        <>
          <p className="totals-panel__range">
            {text.totalsRange(formatCalendarDate(data.range[0]), formatCalendarDate(data.range[1]))} · {text.totalsCount(data.count)}
          </p>
          <dl className="totals-panel__figures">
            <div>
              <dt>{text.total}</dt>
              <dd>{formatMoney(data.total)}</dd>
            </div>
            <div>
              <dt>{text.unapplied}</dt>
              <dd>{formatMoney(data.unapplied)}</dd>
            </div>
            {data.by_payment_method.map((method) => (
              <div key={method.payment_method_id ?? 0}>
                <dt>{method.name ?? text.noMethod}</dt>
                <dd>
                  {formatMoney(method.total)} <small>({text.totalsCount(method.count)})</small>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
