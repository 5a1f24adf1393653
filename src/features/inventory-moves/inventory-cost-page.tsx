import type * as z from 'zod/mini';
import { formatMoney, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { inventoryCostPageSchema, type InventoryCostRow, type InventoryCostSortColumn } from '../../../domain/schemas/inventory-moves';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { StockToolbar, useStockList } from './stock-toolbar';
import './inventory-moves.css';

const text = inventoryMovesMessages;
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
 * `/inventory-cost` ('Inventario a Costo'): each item's stock (in a branch or all)
 * times its cost, the total value of every item the filters keep (added up by the server),
 * sortable by any figure, Excel export of the page.
 */
export default function InventoryCostPage() {
  const { paging, list, meta, toolbar } = useStockList<
    InventoryCostRow,
    InventoryCostSortColumn,
    z.infer<typeof inventoryCostPageSchema>['meta']
  >({
    name: 'cost',
    storageKey: 'inventory-cost-filters',
    path: '/api/v2/inventory/cost',
    schema: inventoryCostPageSchema,
  });
  const [notify, toast] = useToast();

  return (
    <ListScreen
      title={text.cost.title}
      list={list}
      paging={paging}
      loading={text.cost.loading}
      empty={text.cost.empty}
      toolbar={
        <StockToolbar {...toolbar}>
          <PageExport rows={list.rows} file={text.cost.exportFile} sheet={text.cost.exportSheet} toRows={costExportRows} notify={notify} />
        </StockToolbar>
      }
      above={
        <p className="totals-panel inventory-moves__total" role="status">
          {meta ? text.cost.total(formatMoney(meta.value), meta.total) : ''}
        </p>
      }
      overlays={toast}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={COST_COLUMNS}
        estimateSize={80}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">
                {row.name} · {formatMoney(row.value)}
              </span>
              <span>
                {formatQuantityOf(row.stock, row.unit)} × {formatMoney(row.cost)}
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
