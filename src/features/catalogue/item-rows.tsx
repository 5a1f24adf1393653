import { formatMoney, formatQuantityOf } from '../../../domain/format';
import { catalogueMessages } from '../../../domain/messages/catalogue';
import type { ItemRow, ItemSortColumn } from '../../../domain/schemas/catalogue';
import type { ListColumn } from '../../ui/office-list/list-rows';
import type { SheetCell } from '../../ui/office-list/export-sheet';

const text = catalogueMessages;
const columns = text.columns;
const yesNo = (value: boolean) => (value ? text.yes : text.no);
/** The product's IVA as the form offers it: '16 %', '0 %' or 'Exento'. */
const ivaLabel = (rate: number | null) => (rate === null ? text.fiscal.exempt : text.fiscal.ivaOption(rate));

export const itemRowKey = (row: ItemRow) => row.id;

/** A quantity with its unit; below zero in red (stock the movements left negative). */
export function Stock({ value, unit }: { value: number; unit: string }) {
  return <span className={value < 0 ? 'stock-negative' : undefined}>{formatQuantityOf(value, unit)}</span>;
}

/** /products: the table on wide screens; name, price, cost and stock sort on the server. */
export const ITEM_COLUMNS: ListColumn<ItemRow, ItemSortColumn>[] = [
  { key: 'name', sort: 'name', label: columns.name, cell: (row) => row.name },
  { key: 'unit', label: columns.unit, cell: (row) => row.unit, nowrap: true },
  { key: 'category', label: columns.category, cell: (row) => row.category ?? text.noCategory },
  { key: 'macro', label: columns.macro, cell: (row) => row.macro ?? '—' },
  { key: 'ean13', label: columns.ean13, cell: (row) => row.ean13 ?? '—', nowrap: true },
  { key: 'price', sort: 'price', label: columns.price, cell: (row) => formatMoney(row.price), numeric: true },
  { key: 'cost', sort: 'cost', label: columns.cost, cell: (row) => formatMoney(row.cost), numeric: true },
  { key: 'published', label: columns.published, cell: (row) => yesNo(row.is_published) },
  { key: 'pos', label: columns.pos, cell: (row) => yesNo(row.pos) },
  { key: 'raw', label: columns.rawMaterial, cell: (row) => yesNo(row.is_raw_material) },
  { key: 'iva', label: columns.iva, cell: (row) => ivaLabel(row.iva_rate), nowrap: true },
  { key: 'stock', sort: 'stock', label: columns.stock, cell: (row) => <Stock value={row.stock} unit={row.unit} />, numeric: true },
];

/** An item on a phone, with its menu button. */
export function ItemCard({ row, onMenu }: { row: ItemRow; onMenu: (row: ItemRow) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">{row.name}</span>
        <span>
          {formatMoney(row.price)} · {columns.cost} {formatMoney(row.cost)}
        </span>
        <span>
          {columns.stock}: <Stock value={row.stock} unit={row.unit} />
        </span>
        <span>
          {row.category ?? text.noCategory} · {row.ean13 ?? '—'}
        </span>
        <span>
          {columns.published}: {yesNo(row.is_published)} · {columns.pos}: {yesNo(row.pos)}
          {row.is_raw_material ? ` · ${columns.rawMaterial}` : ''}
        </span>
      </div>
      <button type="button" className="icon-button" aria-label={text.actionsFor(row.name)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

/** The Excel rows of the page on screen: the visible columns, amounts and stock as numbers. */
export function itemExportRows(rows: readonly ItemRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.id]: row.id,
    [columns.name]: row.name,
    [columns.unit]: row.unit,
    [columns.category]: row.category ?? '',
    [columns.macro]: row.macro ?? '',
    [columns.ean13]: row.ean13 ?? '',
    [columns.price]: row.price,
    [columns.cost]: row.cost,
    [columns.weight]: row.weight,
    [columns.published]: yesNo(row.is_published),
    [columns.pos]: yesNo(row.pos),
    [columns.rawMaterial]: yesNo(row.is_raw_material),
    [columns.stock]: row.stock,
    [columns.productKey]: row.clave_prod_serv ?? '',
    [columns.unitKey]: row.clave_unidad ?? '',
    [columns.iva]: ivaLabel(row.iva_rate),
  }));
}
