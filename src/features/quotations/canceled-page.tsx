import { useMemo, useState } from 'react';
import { formatMoment, formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { salesMessages } from '../../../domain/messages/sales';
import { saleListQuery, type SaleSortColumn } from '../../../domain/sale-list';
import { quotationFolio } from '../../../domain/sales';
import type { SalePageRow } from '../../../domain/schemas/reads';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { SaleFilterDrawer, saleListSource, saleRowKey } from '../../ui/office-list/sale-filters';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { quotationKeys } from './queries';
import { day, seller } from './quotation-rows';

const text = quotationsMessages.canceledList;
const columnText = salesMessages.list.columns;
type Kind = 'quotations' | 'sales';
const folioOf = (kind: Kind, row: SalePageRow) => (kind === 'quotations' ? quotationFolio(row.id) : driverMessages.saleFolio(row.id));
const canceledAt = (row: SalePageRow) => (row.canceled_at ? formatMoment(row.canceled_at) : '—');
const reasonOf = (row: SalePageRow) => row.cancel_reason ?? text.noReason;

function canceledColumns(kind: Kind): ListColumn<SalePageRow, SaleSortColumn>[] {
  return [
    { key: 'id', sort: 'id', label: columnText.folio, cell: (row) => folioOf(kind, row) },
    { key: 'company', sort: 'company_name', label: columnText.company, cell: (row) => row.company_name },
    { key: 'seller', label: columnText.seller, cell: seller },
    { key: 'date', sort: 'date', label: columnText.date, cell: (row) => day(row.date), nowrap: true },
    { key: 'total', sort: 'total', label: columnText.total, cell: (row) => formatMoney(row.total), numeric: true },
    { key: 'canceled_at', label: text.canceledAt, cell: canceledAt, nowrap: true },
    { key: 'canceled_by', label: text.canceledBy, cell: (row) => row.canceled_by_name ?? '—' },
    { key: 'reason', label: text.reason, cell: reasonOf },
  ];
}
const COLUMNS: Record<Kind, ListColumn<SalePageRow, SaleSortColumn>[]> = {
  quotations: canceledColumns('quotations'),
  sales: canceledColumns('sales'),
};

/**
 * `/canceled` (spec §2; permission cancelations): the cancelled quotations and the cancelled
 * sales, each with when and why. Read-only; the same filters serve both.
 */
export default function CanceledPage() {
  const [kind, setKind] = useState<Kind>('quotations');
  const { paging, button, drawer, list } = useFilteredList(
    saleListSource({
      storeKey: 'canceled-filters',
      queryKey: (filters) => quotationKeys.canceled(kind, filters),
      path: kind === 'quotations' ? '/api/v2/q' : '/api/v2/sales',
      search: (page, filters, total) => saleListQuery({ ...page, filters, canceled: true }, total),
    }),
  );
  const choose = (next: Kind) => {
    setKind(next);
    paging.setPage(1);
  };
  const cards = useMemo(
    () => (row: SalePageRow) => (
      <div className="list-card">
        <div className="list-card__main">
          <span className="list-card__title">
            {folioOf(kind, row)} · {row.company_name}
          </span>
          <span>
            {text.canceledAt}: {canceledAt(row)} · {formatMoney(row.total)}
          </span>
          <span>
            {text.reason}: {reasonOf(row)}
          </span>
        </div>
      </div>
    ),
    [kind],
  );

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={kind === 'quotations' ? text.emptyQuotations : text.emptySales}
      toolbar={
        <>
          <div role="group" aria-label={text.kind} className="segmented">
            {(['quotations', 'sales'] as const).map((option) => (
              <button key={option} type="button" className="outline-button" aria-pressed={kind === option} onClick={() => choose(option)}>
                {text[option]}
              </button>
            ))}
          </div>
          <FiltersButton {...button} />
        </>
      }
      overlays={drawer && <SaleFilterDrawer title={text.filterTitle} fields={{ series: true }} {...drawer} />}
    >
      <ListRows list={list} paging={paging} rowKey={saleRowKey} columns={COLUMNS[kind]} estimateSize={100} card={cards} />
    </ListScreen>
  );
}
