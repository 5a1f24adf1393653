import type * as z from 'zod/mini';
import { formatMoney, formatQuantity } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { pagedQuery } from '../../../domain/office-list';
import { hasPermission } from '../../../domain/permissions';
import { inventoryCostPageSchema, type InventoryCostRow, type InventoryCostSortColumn } from '../../../domain/schemas/inventory-moves';
import { writeSheet } from '../../app/office-list/export-sheet';
import { ListCards, ListTable, type ListColumn } from '../../app/office-list/list-rows';
import { ExportButton, ListScreen, useListToast } from '../../app/office-list/list-screen';
import { useListPaging, usePagedList } from '../../app/office-list/use-paged-list';
import { useWideScreen } from '../../app/office-list/use-wide-screen';
import { useShell } from '../../app/shell-context';
import { inventoryMoveKeys } from './queries';
import { StockToolbar, stockParams, useStockFilters } from './stock-toolbar';
import './inventory-moves.css';

const text = messages.inventoryMoves;
const columns = text.columns;
const rowKey = (row: InventoryCostRow) => row.item_id;

const COST_COLUMNS: ListColumn<InventoryCostRow, InventoryCostSortColumn>[] = [
  { key: 'name', sort: 'name', label: columns.item, cell: (row) => row.name },
  { key: 'unit', label: columns.unit, cell: (row) => row.unit, nowrap: true },
  { key: 'stock', sort: 'stock', label: columns.stock, cell: (row) => formatQuantity(row.stock), numeric: true },
  { key: 'cost', sort: 'cost', label: columns.cost, cell: (row) => formatMoney(row.cost), numeric: true },
  { key: 'value', sort: 'value', label: columns.value, cell: (row) => formatMoney(row.value), numeric: true },
];

export function costExportRows(rows: readonly InventoryCostRow[]) {
  return rows.map((row) => ({
    [columns.item]: row.name,
    [columns.unit]: row.unit,
    [columns.stock]: row.stock,
    [columns.cost]: row.cost,
    [columns.value]: row.value,
  }));
}

/**
 * `/inventory-cost` ('Inventario a Costo', issue 14): each item's stock (in a branch or all)
 * times its cost, the total value of every item the filters keep (added up by the server),
 * sortable by any figure, Excel export of the page.
 */
export default function InventoryCostPage() {
  const { user } = useShell();
  const paging = useListPaging<InventoryCostSortColumn>();
  const [filters, setFilters, typed, setTyped] = useStockFilters('inventory-cost-filters', paging.setPage);
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list('cost', filters),
    path: '/api/v2/inventory/cost',
    search: (page, total) => pagedQuery(stockParams(filters), page, total),
    paging,
    schema: inventoryCostPageSchema,
  });
  const [notify, toast] = useListToast();
  const wide = useWideScreen();
  // Parsed with the page's schema: its meta carries the total value / low count too (the list kit types only `total`).
  const meta = list.query.data?.meta as z.infer<typeof inventoryCostPageSchema>['meta'] | undefined;

  return (
    <ListScreen
      title={text.cost.title}
      list={list}
      paging={paging}
      loading={text.cost.loading}
      empty={text.cost.empty}
      toolbar={
        <StockToolbar filters={filters} onChange={setFilters} typed={typed} onType={setTyped}>
          {hasPermission(user, 'download') && (
            <ExportButton
              run={() => writeSheet({ file: text.cost.exportFile, sheet: text.cost.exportSheet, rows: costExportRows(list.rows) })}
              disabled={list.rows.length === 0}
              onError={(message) => notify(message, 'danger')}
            />
          )}
        </StockToolbar>
      }
      above={
        <p className="totals-panel inventory-moves__total" role="status">
          {meta ? text.cost.total(formatMoney(meta.value), meta.total) : ''}
        </p>
      }
      overlays={toast}
    >
      {wide ? (
        <ListTable
          rows={list.rows}
          rowKey={rowKey}
          columns={COST_COLUMNS}
          busy={list.query.isFetching}
          sort={paging.sort}
          onSort={paging.setSort}
          menuColumn={false}
        />
      ) : (
        <ListCards rows={list.rows} rowKey={rowKey} busy={list.query.isFetching} estimateSize={80}>
          {(row) => (
            <div className="list-card">
              <div className="list-card__main">
                <span className="list-card__title">
                  {row.name} · {formatMoney(row.value)}
                </span>
                <span>
                  {formatQuantity(row.stock)} {row.unit} × {formatMoney(row.cost)}
                </span>
              </div>
            </div>
          )}
        </ListCards>
      )}
    </ListScreen>
  );
}
