import { formatCalendarDate } from '../../../domain/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { warehouseMessages } from '../../../domain/messages/warehouse';
import { folioNumber } from '../../../domain/shipping-list';
import { dispatchedOrdersSchema } from '../../../domain/schemas/orders';
import { apiRequest } from '../../lib/api';
import { useSettled } from '../../lib/use-settled';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import '../../ui/plain-list.css';
import { Field } from '../../ui/form-fields';

const text = warehouseMessages;

/** `/orders-ready` (spec §2 'filled orders'): the dispatched orders, searchable, ready for a route. */
export default function OrdersReadyPage() {
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const searchId = useId();
  const term = folioNumber(settled) ?? settled;
  const orders = useQuery({
    queryKey: ['dispatched-orders', 'ready', term],
    queryFn: ({ signal }) =>
      apiRequest(
        `/api/v2/orders/dispatched_orders?${new URLSearchParams({ ...(term && { 'filter[search]': term }), sort: '-date', itemsPerPage: '50' })}`,
        {
          schema: dispatchedOrdersSchema,
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <ScreenPage title={text.readyTitle}>
      <p className="page-subheading">{text.readyHint}</p>
      <Field id={searchId} label={text.search}>
        <input id={searchId} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field>
      <QueryStatus query={orders} />
      {orders.data?.data.length === 0 && <p className="empty-state">{text.readyEmpty}</p>}
      {orders.data && orders.data.data.length > 0 && (
        <ul className="plain-list" aria-busy={orders.isFetching} aria-label={text.readyTitle}>
          {orders.data.data.map((order) => (
            <li key={order.id} className="plain-list__item">
              <div className="plain-list__text">
                <h2 className="plain-list__title">{text.folio(order.id)}</h2>
                <p className="plain-list__detail">
                  {order.company.razon_social} · {formatCalendarDate(order.date)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ScreenPage>
  );
}
