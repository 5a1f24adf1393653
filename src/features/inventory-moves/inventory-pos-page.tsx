import { useId } from 'react';
import type * as z from 'zod/mini';
import { formatQuantity } from '../../../domain/format';
import { LOW_STOCK_LIMIT } from '../../../domain/inventory-moves';
import { messages } from '../../../domain/messages';
import { pagedQuery } from '../../../domain/office-list';
import { hasPermission } from '../../../domain/permissions';
import { posStockPageSchema, type PosStockRow, type PosStockSortColumn } from '../../../domain/schemas/inventory-moves';
import { writeSheet } from '../../app/office-list/export-sheet';
import { ListCards, ListTable, type ListColumn } from '../../app/office-list/list-rows';
import { ExportButton, ListScreen, useListToast } from '../../app/office-list/list-screen';
import { useListPaging, usePagedList } from '../../app/office-list/use-paged-list';
import { useStoredFilters } from '../../app/office-list/use-stored-filters';
import { useWideScreen } from '../../app/office-list/use-wide-screen';
import { useShell } from '../../app/shell-context';
import { inventoryMoveKeys } from './queries';
import { StockToolbar, stockParams, useStockFilters } from './stock-toolbar';
import './inventory-moves.css';

const text = messages.inventoryMoves;
const columns = text.columns;
const rowKey = (row: PosStockRow) => row.item_id;
const lowLabel = text.pos.lowLabel(formatQuantity(LOW_STOCK_LIMIT));

/** The stock, and a 'Baja' mark beside it when it is at or under the limit (not only a colour). */
function Stock({ row }: { row: PosStockRow }) {
  return (
    <span className={row.low ? 'inventory-moves__low' : undefined}>
      {formatQuantity(row.stock)} {row.unit}
      {row.low && (
        <span className="inventory-moves__low-mark" title={lowLabel}>
          {' '}
          {text.pos.low}
        </span>
      )}
    </span>
  );
}

const POS_COLUMNS: ListColumn<PosStockRow, PosStockSortColumn>[] = [
  { key: 'name', sort: 'name', label: columns.item, cell: (row) => row.name },
  { key: 'ean', label: columns.ean, cell: (row) => row.ean13 ?? '—', nowrap: true },
  { key: 'stock', sort: 'stock', label: columns.stock, cell: (row) => <Stock row={row} />, numeric: true },
];

const parseLowOnly = (raw: string | null) => (raw === null ? null : raw === 'true');
const notLowOnly = () => false;

/**
 * `/inventory-pos` ('Inventario de Mostrador', issue 14): the stock of the items sold at the
 * counter, in a branch or all, those at or under the limit marked 'Baja' (and counted above
 * the list), optionally only those; Excel export of the page.
 */
export default function InventoryPosPage() {
  const { user } = useShell();
  const paging = useListPaging<PosStockSortColumn>();
  const [filters, setFilters, typed, setTyped] = useStockFilters('inventory-pos-filters', paging.setPage);
  const [lowOnly, setLowOnly] = useStoredFilters('inventory-pos-low', parseLowOnly, notLowOnly);
  const lowId = useId();
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list('pos', { ...filters, lowOnly }),
    path: '/api/v2/inventory/pos',
    search: (page, total) => {
      const params = stockParams(filters);
      if (lowOnly) params.set('filter[low]', '1');
      return pagedQuery(params, page, total);
    },
    paging,
    schema: posStockPageSchema,
  });
  const [notify, toast] = useListToast();
  const wide = useWideScreen();
  // Parsed with the page's schema: its meta carries the total value / low count too (the list kit types only `total`).
  const meta = list.query.data?.meta as z.infer<typeof posStockPageSchema>['meta'] | undefined;

  return (
    <ListScreen
      title={text.pos.title}
      list={list}
      paging={paging}
      loading={text.pos.loading}
      empty={text.pos.empty}
      toolbar={
        <StockToolbar filters={filters} onChange={setFilters} typed={typed} onType={setTyped}>
          <label className="inventory-moves__check" htmlFor={lowId}>
            <input
              id={lowId}
              type="checkbox"
              checked={lowOnly}
              onChange={(e) => {
                setLowOnly(e.target.checked ? true : null);
                paging.setPage(1);
              }}
            />
            {text.pos.lowOnly}
          </label>
          {hasPermission(user, 'download') && (
            <ExportButton
              run={() =>
                writeSheet({
                  file: text.pos.exportFile,
                  sheet: text.pos.exportSheet,
                  rows: list.rows.map((row) => ({
                    [columns.item]: row.name,
                    [columns.ean]: row.ean13 ?? '',
                    [columns.stock]: row.stock,
                    [columns.unit]: row.unit,
                    [text.pos.low]: row.low ? text.pos.low : '',
                  })),
                })
              }
              disabled={list.rows.length === 0}
              onError={(message) => notify(message, 'danger')}
            />
          )}
        </StockToolbar>
      }
      above={
        <p className="totals-panel inventory-moves__total" role="status">
          {meta ? `${text.pos.lowCount(meta.low)} · ${lowLabel}` : ''}
        </p>
      }
      overlays={toast}
    >
      {wide ? (
        <ListTable
          rows={list.rows}
          rowKey={rowKey}
          columns={POS_COLUMNS}
          busy={list.query.isFetching}
          sort={paging.sort}
          onSort={paging.setSort}
          menuColumn={false}
        />
      ) : (
        <ListCards rows={list.rows} rowKey={rowKey} busy={list.query.isFetching} estimateSize={72}>
          {(row) => (
            <div className="list-card">
              <div className="list-card__main">
                <span className="list-card__title">{row.name}</span>
                <span>
                  <Stock row={row} /> · {row.ean13 ?? '—'}
                </span>
              </div>
            </div>
          )}
        </ListCards>
      )}
    </ListScreen>
  );
}
