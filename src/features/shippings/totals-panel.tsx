import { formatKg, formatKm, formatCalendarDate } from '../../../domain/format';
import { commonMessages } from '../../../domain/messages/shell';
import { shippingsMessages } from '../../../domain/messages/shippings';
import type { ShippingFilters } from '../../../domain/shipping-list';
import { getErrorMessage } from '../../lib/api';
import { useShippingTotals } from './queries';

const text = shippingsMessages;

/** The collapsible totals (spec §2, §9): weight and route over the filtered set, or this month. */
export function TotalsPanel({ id, filters }: { id: string; filters: ShippingFilters }) {
  const totals = useShippingTotals(filters, true);
  return (
    <section id={id} className="totals-panel" aria-label={text.totals} aria-busy={totals.isFetching}>
      {totals.isPending && (
        <p role="status" className="centered">
          <span className="spinner" aria-hidden="true" /> {commonMessages.loading}
        </p>
      )}
      {totals.isError && (
        <p role="alert" className="field-error">
          {getErrorMessage(totals.error)}
        </p>
      )}
      {totals.data && (
        <>
          <p className="totals-panel__range">
            {text.totalsRange(formatCalendarDate(totals.data.range[0]), formatCalendarDate(totals.data.range[1]))} ·{' '}
            {text.totalsCount(totals.data.count)}
          </p>
          <dl className="totals-panel__figures">
            <div>
              <dt>{text.totalWeight}</dt>
              <dd>{formatKg(totals.data.totalWeight)}</dd>
            </div>
            <div>
              <dt>{text.averageWeight}</dt>
              <dd>{formatKg(totals.data.averageWeight)}</dd>
            </div>
            <div>
              <dt>{text.totalRoute}</dt>
              <dd>{formatKm(totals.data.totalRoute)}</dd>
            </div>
            <div>
              <dt>{text.averageRoute}</dt>
              <dd>{formatKm(totals.data.averageRoute)}</dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
