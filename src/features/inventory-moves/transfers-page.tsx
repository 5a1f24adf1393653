import { useCallback, useState } from 'react';
import { formatMoment, formatQuantity } from '../../../domain/format';
import { transferFolio } from '../../../domain/inventory-moves';
import { messages } from '../../../domain/messages';
import { transferPageSchema, type TransferRow, type TransferSortColumn } from '../../../domain/schemas/inventory-moves';
import { Dialog } from '../../app/dialog';
import { type SheetCell } from '../../app/office-list/export-sheet';
import { FilterDrawer } from '../../app/office-list/filter-drawer';
import { ListRows, type ListColumn } from '../../app/office-list/list-rows';
import { FiltersButton, ListScreen, useListToast } from '../../app/office-list/list-screen';
import { PageExport } from '../../app/office-list/page-export';
import { useListFilters } from '../../app/office-list/use-list-filters';
import { useListPaging, usePagedList } from '../../app/office-list/use-paged-list';
import { useStoredFilters } from '../../app/office-list/use-stored-filters';
import { EMPTY_MOVE_FILTERS, moveFilterParams, moveListQuery, parseStoredMoveFilters } from './movement-filters';
import { BranchItemFilters } from './movement-list-page';
import { inventoryMoveKeys } from './queries';
import { TransferForm } from './transfer-form';
import './inventory-moves.css';

const text = messages.inventoryMoves;
const t = text.transfers;
const columns = text.columns;
const noFilters = () => EMPTY_MOVE_FILTERS;
const rowKey = (row: TransferRow) => row.id;
const itemsLine = (row: TransferRow) => row.items.map((item) => `${item.name} ${formatQuantity(item.quantity)} ${item.unit}`).join(', ');

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
            <td className="numeric">
              {formatQuantity(item.quantity)} {item.unit}
            </td>
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

/**
 * `/inventory-transfer` ('Traspasos', issue 14): the transfers between branches with their
 * products (each row opens to them), filters (dates, branch on either side, item) kept until
 * cleared, Excel export of the page, and 'Nuevo traspaso'.
 */
export default function TransfersPage() {
  const paging = useListPaging<TransferSortColumn>();
  const stored = useStoredFilters('transfers-filters', parseStoredMoveFilters, noFilters);
  const { filters, button, drawer } = useListFilters(stored, moveFilterParams, paging);
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list('transfers', filters),
    path: '/api/v2/inventory_transfers',
    search: (page, total) => moveListQuery(filters, page, total),
    paging,
    schema: transferPageSchema,
  });
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useListToast();
  const expandLabel = useCallback((row: TransferRow, open: boolean) => t.expandLabel(transferFolio(row.id), open), []);
  const expand = { header: t.expand, label: expandLabel, render: (row: TransferRow) => <TransferItems row={row} /> };

  return (
    <ListScreen
      title={t.title}
      list={list}
      paging={paging}
      loading={t.loading}
      empty={t.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {t.add}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={list.rows}
            file={t.exportFile}
            sheet={t.exportSheet}
            toRows={transferExportRows}
            moments={[columns.date]}
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={t.filterTitle} {...drawer}>
              {(draft, set) => <BranchItemFilters draft={draft} set={set} />}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={t.formTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <TransferForm
                  onCancel={close}
                  onSaved={(message) => {
                    close();
                    notify(message, 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={TRANSFER_COLUMNS}
        expand={expand}
        estimateSize={160}
        card={(row) => (
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
        )}
      />
    </ListScreen>
  );
}
