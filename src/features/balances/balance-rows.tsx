import { useState } from 'react';
import { AGING_LABELS } from '../../../domain/aging';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { balancesMessages } from '../../../domain/messages/balances';
import type { BalanceRow } from '../../../domain/schemas/collections';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';
import type { BalanceSortColumn } from './list-query';
import { OverdueSales } from './overdue-sales';

const text = balancesMessages;
const label = text.columns;

export const balanceRowKey = (row: BalanceRow) => row.company_id;

/** What the person may follow from a row: the customer's page, its sales, and collecting from it. */
export interface BalanceLinks {
  customers: boolean;
  sales: boolean;
  collect: boolean;
}

function Customer({ row, link }: { row: BalanceRow; link: boolean }) {
  return link ? (
    <AppLink href={`/clients/client/${row.company_id}`} title={text.openCustomer(row.company_name)}>
      {row.company_name}
    </AppLink>
  ) : (
    <>{row.company_name}</>
  );
}

export function CollectLink({ row }: { row: BalanceRow }) {
  return (
    <AppLink
      href={`/new-collections/${row.company_id}`}
      className="outline-button"
      label={text.collectFrom(row.company_name)}
      title={text.collectFrom(row.company_name)}
    >
      {text.collect}
    </AppLink>
  );
}

const money = (
  key: 'current' | 'days_0_30' | 'days_31_60' | 'days_61_90' | 'days_over_90',
  title: string,
): ListColumn<BalanceRow, BalanceSortColumn> => ({
  key,
  sort: key,
  label: title,
  cell: (row) => formatMoney(row[key]),
  numeric: true,
});

/** /balances: a customer per row with what it owes past due, by aging bucket. */
export function balanceColumns(links: BalanceLinks): ListColumn<BalanceRow, BalanceSortColumn>[] {
  return [
    { key: 'company', sort: 'company_name', label: label.company, cell: (row) => <Customer row={row} link={links.customers} /> },
    { key: 'total', sort: 'total', label: label.total, cell: (row) => <strong>{formatMoney(row.total)}</strong>, numeric: true },
    money('days_0_30', AGING_LABELS.days_0_30),
    money('days_31_60', AGING_LABELS.days_31_60),
    money('days_61_90', AGING_LABELS.days_61_90),
    money('days_over_90', AGING_LABELS.days_over_90),
    { key: 'oldest', sort: 'oldest_due_date', label: label.oldest, cell: (row) => formatCalendarDate(row.oldest_due_date), nowrap: true },
    { key: 'count', sort: 'count', label: label.count, cell: (row) => row.count, numeric: true },
    { key: 'credit_days', sort: 'credit_days', label: label.creditDays, cell: (row) => row.credit_days, numeric: true },
    money('current', AGING_LABELS.current),
    // Not a sort column: the credit is the customer's, not its overdue sales'.
    { key: 'credit', label: label.credit, cell: (row) => formatMoney(row.credit), numeric: true },
    ...(links.collect ? [{ key: 'collect', label: text.collect, cell: (row: BalanceRow) => <CollectLink row={row} /> }] : []),
  ];
}

/** A customer on a phone: what it owes past due and since when, its overdue sales on demand, and 'Cobrar'. */
export function BalanceCard({ row, links }: { row: BalanceRow; links: BalanceLinks }) {
  return (
    <div className="list-card balance-card">
      <div className="list-card__main">
        <span className="list-card__title">
          <Customer row={row} link={links.customers} />
        </span>
        <span>
          {label.total}: <strong>{formatMoney(row.total)}</strong> · {text.sales(row.count)}
        </span>
        <span>
          {label.oldest}: {formatCalendarDate(row.oldest_due_date)}
          {row.credit > 0 && ` · ${label.credit}: ${formatMoney(row.credit)}`}
        </span>
        <span className="balance-card__buckets">
          {(['days_0_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const)
            .filter((bucket) => row[bucket] > 0)
            .map((bucket) => `${AGING_LABELS[bucket]}: ${formatMoney(row[bucket])}`)
            .join(' · ')}
        </span>
        <OverdueSalesDetails row={row} saleLinks={links.sales} />
      </div>
      {links.collect && <CollectLink row={row} />}
    </div>
  );
}

/** A card's overdue sales, read only once opened: a page of closed cards asks the server for nothing more. */
function OverdueSalesDetails({ row, saleLinks }: { row: BalanceRow; saleLinks: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="balance-card__sales" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{text.showSales(row.company_name)}</summary>
      {open && <OverdueSales companyId={row.company_id} companyName={row.company_name} saleLinks={saleLinks} />}
    </details>
  );
}
