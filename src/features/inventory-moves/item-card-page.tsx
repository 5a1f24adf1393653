import { useMemo, useState } from 'react';
import { formatCalendarDate, formatMoment, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { pagedQuery } from '../../../domain/office-list';
import { itemCardSchema, type ItemCard, type ItemCardMovement } from '../../../domain/schemas/inventory-moves';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { AppLink } from '../../ui/app-link';
import { useScreenPlace } from '../../ui/screen-chrome';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { itemCardFilters } from './movement-filters';
import { movementRowKey, signedAmount, sourceLabel } from './movement-rows';
import { inventoryMoveKeys, useBranches } from './queries';
import './inventory-moves.css';

const text = inventoryMovesMessages;
const c = text.card;
const columns = text.columns;

const CARD_COLUMNS: ListColumn<ItemCardMovement, never>[] = [
  { key: 'date', label: columns.date, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'type', label: columns.type, cell: (row) => row.type },
  { key: 'source', label: columns.source, cell: (row) => sourceLabel(row.source) },
  { key: 'quantity', label: columns.quantity, cell: (row) => signedAmount(row.signed_quantity, row.unit), numeric: true },
  { key: 'balance', label: columns.balance, cell: (row) => formatQuantity(row.balance), numeric: true },
  { key: 'reason', label: columns.reason, cell: (row) => row.reason ?? text.noReason },
  { key: 'branch', label: columns.branch, cell: (row) => row.branch_name },
  { key: 'user', label: columns.user, cell: (row) => row.user_name ?? text.noUser },
];

/** The period's figures and the totals by type, as the server added them. */
function CardSummary({ card }: { card: ItemCard }) {
  const unit = card.item.unit;
  return (
    <section className="totals-panel inventory-moves__card-summary" aria-label={c.summary}>
      <dl className="inventory-moves__figures">
        {(
          [
            [columns.opening, card.opening],
            [columns.entries, card.entries],
            [columns.exits, card.exits],
            [columns.closing, card.closing],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{`${formatQuantityOf(value, unit)}`}</dd>
          </div>
        ))}
      </dl>
      {card.by_type.length > 0 && (
        <table className="data-table inventory-moves__by-type">
          <caption>{c.byType}</caption>
          <thead>
            <tr>
              <th scope="col">{columns.type}</th>
              <th scope="col" className="numeric">
                {columns.count}
              </th>
              <th scope="col" className="numeric">
                {columns.quantity}
              </th>
            </tr>
          </thead>
          <tbody>
            {card.by_type.map((row) => (
              <tr key={row.type}>
                <th scope="row">{row.type}</th>
                <td className="numeric">{row.count}</td>
                <td className="numeric">{signedAmount(row.quantity, unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * `/inventory-reports/{id}` ('Tarjeta de producto'): one item's movements over the
 * report's period (and branch) in order, with the balance after each counted from the opening
 * stock; the opening, entries, exits and closing; the totals by type; Excel export of the page.
 */
export default function ItemCardPage() {
  const { params, search } = useScreenPlace();
  const id = params.id;
  const [now] = useState(() => new Date());
  const filters = useMemo(() => itemCardFilters(search, now), [search, now]);
  const branches = useBranches();
  const paging = useListPaging<never>();
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list('item-card', { id, ...filters }),
    path: `/api/v2/inventory_report/${encodeURIComponent(id ?? '')}`,
    search: (page, total) => {
      const params = new URLSearchParams({ 'filter[date_between]': `${filters.date[0]},${filters.date[1]}` });
      if (filters.branchId !== null) params.set('filter[branch_id]', String(filters.branchId));
      return pagedQuery(params, page, total);
    },
    paging,
    schema: itemCardSchema,
  });
  // Parsed with itemCardSchema: the page carries the card's figures beside its rows.
  const card = list.query.data as (ItemCard & { offset: number }) | undefined;
  const [notify, toast] = useToast();
  const title = card ? c.titleOf(card.item.name) : c.title;
  const branch = branches.data?.find((b) => b.id === filters.branchId)?.name ?? text.anyBranch;

  return (
    <ListScreen
      title={title}
      list={list}
      paging={paging}
      loading={c.loading}
      empty={c.empty}
      toolbar={
        <>
          <AppLink href="/inventory-reports" className="outline-button">
            {c.back}
          </AppLink>
          {card && (
            <PageExport
              rows={list.rows}
              file={c.exportFile(card.item.name)}
              sheet={c.exportSheet}
              moments={[columns.date]}
              toRows={(rows) =>
                rows.map((row) => ({
                  [columns.date]: new Date(row.created_at),
                  [columns.type]: row.type,
                  [columns.source]: sourceLabel(row.source),
                  [columns.quantity]: row.signed_quantity,
                  [columns.balance]: row.balance,
                  [columns.reason]: row.reason ?? '',
                  [columns.branch]: row.branch_name,
                  [columns.user]: row.user_name ?? '',
                }))
              }
              notify={notify}
            />
          )}
          <span className="office-list__status">
            {text.reports.period(formatCalendarDate(filters.date[0]), formatCalendarDate(filters.date[1]))} · {branch}
          </span>
        </>
      }
      above={card && <CardSummary card={card} />}
      overlays={toast}
    >
      <ListRows
        list={list}
        rowKey={movementRowKey}
        columns={CARD_COLUMNS}
        estimateSize={96}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">
                {signedAmount(row.signed_quantity, row.unit)} · {columns.balance} {formatQuantity(row.balance)}
              </span>
              <span>
                {formatMoment(row.created_at)} · {row.type} · {sourceLabel(row.source)}
              </span>
              <span>
                {row.reason ?? text.noReason} · {row.branch_name} · {row.user_name ?? text.noUser}
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
