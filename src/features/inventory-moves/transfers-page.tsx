import { formatMoment, formatQuantityOf } from '../../../domain/format';
import { transferFolio } from '../../../domain/inventory-moves';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { transferPageSchema, type TransferRow, type TransferSortColumn } from '../../../domain/schemas/inventory-moves';
import { type SheetCell } from '../../ui/office-list/export-sheet';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { MoveListScreen } from './movement-list-page';
import { TransferForm } from './transfer-form';
import './inventory-moves.css';

const text = inventoryMovesMessages;
const t = text.transfers;
const columns = text.columns;
const rowKey = (row: TransferRow) => row.id;
const itemsLine = (row: TransferRow) => row.items.map((item) => `${item.name} ${formatQuantityOf(item.quantity, item.unit)}`).join(', ');

const TRANSFER_COLUMNS: ListColumn<TransferRow, TransferSortColumn>[] = [
  { key: 'id', sort: 'id', label: columns.folio, cell: (row) => transferFolio(row.id), nowrap: true },
  { key: 'date', sort: 'created_at', label: columns.date, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'from', label: columns.from, cell: (row) => row.from_branch_name },
  { key: 'to', label: columns.to, cell: (row) => row.to_branch_name },
  { key: 'items', label: columns.items, cell: (row) => t.itemsSummary(row.items.length) },
  { key: 'note', label: columns.note, cell: (row) => row.note ?? '—' },
  { key: 'user', label: columns.user, cell: (row) => row.user_name ?? text.noUser },
];

/** A transfer's products, in its expanded row or its card. */
function TransferItems({ row }: { row: TransferRow }) {
  return (
    <table className="data-table inventory-moves__items">
      <thead>
        <tr>
          <th scope="col">{columns.item}</th>
          <th scope="col" className="numeric">
            {columns.quantity}
          </th>
        </tr>
      </thead>
      <tbody>
        {row.items.map((item) => (
          <tr key={item.item_id}>
            <th scope="row">{item.name}</th>
            <td className="numeric">{formatQuantityOf(item.quantity, item.unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function transferExportRows(rows: readonly TransferRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.folio]: transferFolio(row.id),
    [columns.date]: new Date(row.created_at),
    [columns.from]: row.from_branch_name,
    [columns.to]: row.to_branch_name,
    [columns.items]: itemsLine(row),
    [columns.note]: row.note ?? '',
    [columns.user]: row.user_name ?? '',
  }));
}

const TRANSFER_EXPAND = {
  header: t.expand,
  label: (row: TransferRow, open: boolean) => t.expandLabel(transferFolio(row.id), open),
  render: (row: TransferRow) => <TransferItems row={row} />,
};

function TransferCard({ row }: { row: TransferRow }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {transferFolio(row.id)} · {row.from_branch_name} → {row.to_branch_name}
        </span>
        <span>
          {formatMoment(row.created_at)} · {row.user_name ?? text.noUser}
        </span>
        <span>{itemsLine(row)}</span>
        {row.note && <span>{row.note}</span>}
      </div>
    </div>
  );
}

/**
 * `/inventory-transfer` ('Traspasos'): the transfers between branches with their
 * products (each row opens to them), filters (dates, branch on either side, item) kept until
 * cleared, Excel export of the page, and 'Nuevo traspaso'.
 */
export default function TransfersPage() {
  return (
    <MoveListScreen<TransferRow, TransferSortColumn>
      name="transfers"
      path="/api/v2/inventory_transfers"
      texts={t}
      schema={transferPageSchema}
      toRows={transferExportRows}
      form={(done) => <TransferForm {...done} />}
    >
      {(list, paging) => (
        <ListRows
          list={list}
          paging={paging}
          rowKey={rowKey}
          columns={TRANSFER_COLUMNS}
          expand={TRANSFER_EXPAND}
          estimateSize={160}
          card={(row) => <TransferCard row={row} />}
        />
      )}
    </MoveListScreen>
  );
}
