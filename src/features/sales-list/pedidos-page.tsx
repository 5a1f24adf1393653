import { useMemo, useState } from 'react';
import { salesMessages } from '../../../domain/messages/sales';
import { hasPermission } from '../../../domain/permissions';
import { pedidosQuery } from '../../../domain/sale-list';
import { monterreyDate } from '../../../domain/time';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { SaleFilterDrawer, saleListSource, saleRowKey } from '../../ui/office-list/sale-filters';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { useShell } from '../../ui/shell-context';
import { salesKeys } from './queries';
import { pedidosColumns, SaleCard } from './sale-rows';
import { fillsOrders } from '../../../domain/deployment';

const text = salesMessages.pedidos;

/**
 * `/pedidos` (spec §2; permission pedidos): the orders by scheduled date with where each
 * stands and how it leaves. Read-only; with no dates chosen it shows those from today on.
 */
export default function PedidosPage() {
  const { user, deployment } = useShell();
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useFilteredList(
    saleListSource({
      storeKey: 'pedidos-filters',
      // Today is part of the key: "from today on" moves with the calendar.
      queryKey: (filters) => salesKeys.pedidos(filters, monterreyDate(now)),
      path: '/api/v2/sales',
      search: (page, filters, total) => pedidosQuery({ ...page, filters }, now, total),
    }),
  );
  const saleLinks = hasPermission(user, 'sales');
  const withOrders = fillsOrders(deployment);
  const columns = useMemo(() => pedidosColumns(saleLinks, withOrders), [saleLinks, withOrders]);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <FiltersButton {...button} />
          {!filters.date && <span className="office-list__status">{text.fromToday}</span>}
        </>
      }
      overlays={drawer && <SaleFilterDrawer title={text.filterTitle} fields={{ orderStatus: true }} {...drawer} />}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={saleRowKey}
        columns={columns}
        estimateSize={104}
        card={(row) => <SaleCard row={row} link={saleLinks} pedidos />}
      />
    </ListScreen>
  );
}
