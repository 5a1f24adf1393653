import { formatMoment, formatQuantityOf } from '../../../domain/format';
import type { MovementSource } from '../../../domain/inventory';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import type { MovementRow, MovementSortColumn } from '../../../domain/schemas/inventory-moves';
import type { SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';

const text = inventoryMovesMessages;
const columns = text.columns;

export const movementRowKey = (row: { id: number }) => row.id;

/** '+4.25 kg' / '-2 cajas': what the movement did to stock, with its sign. */
export function signedAmount(quantity: number, unit: string): string {
  return `${quantity > 0 ? '+' : ''}${formatQuantityOf(quantity, unit)}`;
}

export const sourceLabel = (source: string) => text.sources[source as MovementSource] ?? source;

/** /adjustments and /mermas: date, item, branch, signed quantity, reason, who. */
export const MOVEMENT_COLUMNS: ListColumn<MovementRow, MovementSortColumn>[] = [
  { key: 'date', sort: 'created_at', label: columns.date, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'item', sort: 'item_name', label: columns.item, cell: (row) => row.item_name },
  { key: 'branch', label: columns.branch, cell: (row) => row.branch_name },
  { key: 'quantity', sort: 'quantity', label: columns.quantity, cell: (row) => signedAmount(row.signed_quantity, row.unit), numeric: true },
  { key: 'reason', label: columns.reason, cell: (row) => row.reason ?? text.noReason },
  { key: 'user', label: columns.user, cell: (row) => row.user_name ?? text.noUser },
];

/** The detail report adds each movement's type and source. */
export const DETAIL_COLUMNS: ListColumn<MovementRow, MovementSortColumn>[] = [
  MOVEMENT_COLUMNS[0]!,
  MOVEMENT_COLUMNS[1]!,
  { key: 'type', label: columns.type, cell: (row) => row.type },
  { key: 'source', label: columns.source, cell: (row) => sourceLabel(row.source) },
  ...MOVEMENT_COLUMNS.slice(2),
];

/** A movement on a phone. */
export function MovementCard({ row, detail = false }: { row: MovementRow; detail?: boolean }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {signedAmount(row.signed_quantity, row.unit)} · {row.item_name}
        </span>
        <span>
          {formatMoment(row.created_at)} · {row.branch_name}
        </span>
        {detail && (
          <span>
            {row.type} · {sourceLabel(row.source)}
          </span>
        )}
        <span>
          {columns.reason}: {row.reason ?? text.noReason} · {row.user_name ?? text.noUser}
        </span>
      </div>
    </div>
  );
}

/** The Excel rows of the page on screen: the visible columns, the moment as a date and the quantity as a number. */
export function movementExportRows(rows: readonly MovementRow[], detail = false): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.date]: new Date(row.created_at),
    [columns.item]: row.item_name,
    ...(detail && { [columns.type]: row.type, [columns.source]: sourceLabel(row.source) }),
    [columns.branch]: row.branch_name,
    [columns.quantity]: row.signed_quantity,
    [columns.unit]: row.unit,
    [columns.reason]: row.reason ?? '',
    [columns.user]: row.user_name ?? '',
  }));
}
