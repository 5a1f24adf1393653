import { useId } from 'react';
import type * as z from 'zod/mini';
import { formatQuantity, formatQuantityOf } from '../../../domain/format';
import { LOW_STOCK_LIMIT } from '../../../domain/inventory-moves';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { posStockPageSchema, type PosStockRow, type PosStockSortColumn } from '../../../domain/schemas/inventory-moves';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import { StockToolbar, useStockList } from './stock-toolbar';
import './inventory-moves.css';

const text = inventoryMovesMessages;
const columns = text.columns;
const rowKey = (row: PosStockRow) => row.item_id;
const lowLabel = text.pos.lowLabel(formatQuantity(LOW_STOCK_LIMIT));

/** The stock, and a 'Baja' mark beside it when it is at or under the limit (not only a colour). */
function Stock({ row }: { row: PosStockRow }) {
  return (
    <span className={row.low ? 'inventory-moves__low' : undefined}>
      {formatQuantityOf(row.stock, row.unit)}
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
 * `/inventory-pos` ('Inventario de Mostrador'): the stock of the items sold at the
 * counter, in a branch or all, those at or under the limit marked 'Baja' (and counted above
 * the list), optionally only those; Excel export of the page.
 */
export default function InventoryPosPage() {
  const [lowOnly, setLowOnly] = useStoredFilters('inventory-pos-low', parseLowOnly, notLowOnly);
  const lowId = useId();
  const { paging, list, meta, toolbar } = useStockList<PosStockRow, PosStockSortColumn, z.infer<typeof posStockPageSchema>['meta']>({
    name: 'pos',
    storageKey: 'inventory-pos-filters',
    path: '/api/v2/inventory/pos',
    schema: posStockPageSchema,
    narrow: {
      key: { lowOnly },
      params: (params) => {
        if (lowOnly) params.set('filter[low]', '1');
      },
    },
  });
  const [notify, toast] = useToast();

  return (
    <ListScreen
      title={text.pos.title}
      list={list}
      paging={paging}
      loading={text.pos.loading}
      empty={text.pos.empty}
      toolbar={
        <StockToolbar {...toolbar}>
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
          <PageExport
            rows={list.rows}
            file={text.pos.exportFile}
            sheet={text.pos.exportSheet}
            toRows={(page) =>
              page.map((row) => ({
                [columns.item]: row.name,
                [columns.ean]: row.ean13 ?? '',
                [columns.stock]: row.stock,
                [columns.unit]: row.unit,
                [text.pos.low]: row.low ? text.pos.low : '',
              }))
            }
            notify={notify}
          />
        </StockToolbar>
      }
      above={
        <p className="totals-panel inventory-moves__total" role="status">
          {meta ? `${text.pos.lowCount(meta.low)} · ${lowLabel}` : ''}
        </p>
      }
      overlays={toast}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={POS_COLUMNS}
        estimateSize={72}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">{row.name}</span>
              <span>
                <Stock row={row} /> · {row.ean13 ?? '—'}
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
