import { useMemo } from 'react';
import { AGING_LABELS } from '../../../domain/aging';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { balancesMessages } from '../../../domain/messages/balances';
import { hasPermission } from '../../../domain/permissions';
import { balancePageSchema, type BalanceRow, type BalanceTotals } from '../../../domain/schemas/collections';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { useShell } from '../../ui/shell-context';
import { BalanceFilterDrawer } from './balance-filters';
import { BalanceCard, balanceColumns, balanceRowKey, type BalanceLinks } from './balance-rows';
import { BALANCE_SHEET } from './export-balances';
import {
  balanceFilterParams,
  balanceListQuery,
  EMPTY_BALANCE_FILTERS,
  parseStoredBalanceFilters,
  type BalanceListFilters,
  type BalanceSortColumn,
} from './list-query';
import { OverdueSales } from './overdue-sales';
import './balances.css';

const text = balancesMessages;
const BALANCES: FilteredListSource<BalanceListFilters, BalanceRow, BalanceSortColumn> = {
  storeKey: 'balances-filters',
  parse: parseStoredBalanceFilters,
  empty: () => EMPTY_BALANCE_FILTERS,
  params: balanceFilterParams,
  queryKey: (filters) => ['balances', 'list', filters],
  path: '/api/v2/balances',
  schema: balancePageSchema,
  search: (page, filters, total) => balanceListQuery({ ...page, filters }, total),
};
const metaSchema = balancePageSchema.shape.meta;

/**
 * `/balances` 'Saldos Vencidos': who owes past due, since when and how much, by
 * customer and aging bucket, with the totals of every customer on top; server paged and
 * sorted, filters kept until cleared, Excel export of the page. Each customer opens its
 * overdue sales, links to its page, and to 'Cobrar'.
 */
export default function BalancesPage() {
  const { user } = useShell();
  const { paging, button, drawer, list } = useFilteredList(BALANCES);
  const [notify, toast] = useToast();
  const links: BalanceLinks = useMemo(
    () => ({
      customers: hasPermission(user, 'companies'),
      sales: hasPermission(user, 'sales'),
      collect: hasPermission(user, 'collections'),
    }),
    [user],
  );
  const columns = useMemo(() => balanceColumns(links), [links]);
  const expand = useMemo(
    () => ({
      header: text.salesHeader,
      label: (row: BalanceRow, open: boolean) => (open ? text.hideSales(row.company_name) : text.showSales(row.company_name)),
      render: (row: BalanceRow) => <OverdueSales companyId={row.company_id} companyName={row.company_name} saleLinks={links.sales} />,
    }),
    [links.sales],
  );
  const meta = metaSchema.safeParse(list.query.data?.meta);
  const rows = list.rows;

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
          <PageExport rows={rows} {...BALANCE_SHEET} notify={notify} />
        </>
      }
      above={meta.success && <GrandTotals totals={meta.data.totals} today={meta.data.today} />}
      overlays={
        <>
          {drawer && <BalanceFilterDrawer {...drawer} />}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={balanceRowKey}
        columns={columns}
        expand={expand}
        estimateSize={160}
        card={(row) => <BalanceCard row={row} links={links} />}
      />
    </ListScreen>
  );
}

/** What every customer the filters select owes past due, by bucket: not only the page on screen. */
function GrandTotals({ totals, today }: { totals: BalanceTotals; today: string }) {
  const figures: [string, string][] = [
    [AGING_LABELS.days_0_30, formatMoney(totals.days_0_30)],
    [AGING_LABELS.days_31_60, formatMoney(totals.days_31_60)],
    [AGING_LABELS.days_61_90, formatMoney(totals.days_61_90)],
    [AGING_LABELS.days_over_90, formatMoney(totals.days_over_90)],
    [text.columns.total, formatMoney(totals.total)],
    [AGING_LABELS.current, formatMoney(totals.current)],
  ];
  return (
    <section className="totals-panel" aria-label={text.grandTotals}>
      <p className="totals-panel__range">
        {text.asOf(formatCalendarDate(today))} · {text.customers(totals.customers)} · {text.sales(totals.count)}
      </p>
      <dl className="totals-panel__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
