import { useCallback, useId, useState, type ReactNode } from 'react';
import { formatMoment, formatMoney, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { physicalInventoryMessages } from '../../../domain/messages/physical-inventory';
import { pagedQuery } from '../../../domain/office-list';
import { hasPermission } from '../../../domain/permissions';
import {
  PHYSICAL_INVENTORY_STATUSES,
  physicalInventoryPageSchema,
  type PhysicalDifferences,
  type PhysicalInventoryRow,
  type PhysicalInventorySortColumn,
} from '../../../domain/schemas/physical-inventory';
import { Dialog } from '../../ui/dialog';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useToast, type Notify } from '../../ui/toast';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { getErrorMessage } from '../../lib/api';
import { physicalKeys, useDifferences, useOpenCount, usePhysicalMutations } from './queries';

const text = physicalInventoryMessages;
const columns = text.columns;
const rowKey = (row: PhysicalInventoryRow) => row.id;
const moment = (value: string | null) => (value ? formatMoment(value) : '—');
const statusChip = (status: string) => (
  <span className={`status-chip${status === 'Abierto' ? ' status-chip--warning' : status === 'Aplicado' ? ' status-chip--today' : ''}`}>
    {text.statuses[status]}
  </span>
);

const COLUMNS: ListColumn<PhysicalInventoryRow, PhysicalInventorySortColumn>[] = [
  { key: 'id', sort: 'id', label: columns.id, cell: (row) => text.folio(row.id), nowrap: true },
  { key: 'branch', label: columns.branch, cell: (row) => row.branch_name },
  { key: 'status', label: columns.status, cell: (row) => statusChip(row.status) },
  { key: 'created', sort: 'created_at', label: columns.created, cell: (row) => moment(row.created_at), nowrap: true },
  { key: 'closed', label: columns.closed, cell: (row) => moment(row.closed_at), nowrap: true },
  { key: 'applied', label: columns.applied, cell: (row) => moment(row.applied_at), nowrap: true },
  { key: 'lines', label: columns.lines, cell: (row) => row.line_count, numeric: true },
  { key: 'user', label: columns.user, cell: (row) => row.created_by ?? '—' },
];

const STATUS_FILTERS = ['', ...PHYSICAL_INVENTORY_STATUSES] as const;

/**
 * The office's side of /physical-inventory: the counts by status, server paged,
 * each one's differences with the book stock valued at cost, and 'Aplicar diferencias'
 * (with 'Corte Ceros' when asked) after a confirmation. `onCount` goes to the tablet's view.
 */
export function OfficeView({ onCount }: { onCount: () => void }) {
  const paging = useListPaging<PhysicalInventorySortColumn>();
  const [status, setStatus] = useState<string>('');
  const list = usePagedList({
    queryKey: physicalKeys.list(status),
    path: '/api/v2/physical_inventories',
    search: (page, total) => pagedQuery(new URLSearchParams(status ? { 'filter[status]': status } : {}), page, total),
    paging,
    schema: physicalInventoryPageSchema,
  });
  const [notify, toast] = useToast();
  const [reviewing, setReviewing] = useState<PhysicalInventoryRow | null>(null);
  const openCount = useOpenCount();
  const { close } = usePhysicalMutations();
  // Reviewing and applying the differences adjusts stock: the office's (adjustments), not the counter's.
  const canReview = hasPermission(useShell().user, 'adjustments');

  const closeCount = useCallback(
    (row: PhysicalInventoryRow) =>
      close.mutate(row.id, {
        onSuccess: () => notify(text.closed, 'success'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      }),
    [close, notify],
  );
  const actions = useCallback(
    (row: PhysicalInventoryRow) => [
      ...(canReview ? [{ text: text.differences, handler: () => setReviewing(row) }] : []),
      ...(row.status === 'Abierto' ? [{ text: text.close, handler: () => closeCount(row) }] : []),
    ],
    [canReview, closeCount],
  );
  const header = useCallback((row: PhysicalInventoryRow) => `${text.folio(row.id)} · ${text.statuses[row.status]}`, []);
  const menu = useRowMenu(header, actions);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loadingList}
      empty={text.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" onClick={onCount}>
            {text.countTab}
          </button>
          <button
            type="button"
            className="outline-button"
            disabled={openCount.isPending}
            onClick={() =>
              openCount.mutate(undefined, {
                onSuccess: (opened) => notify(text.opened(opened.id), 'success'),
                onError: (error) => notify(getErrorMessage(error), 'danger'),
              })
            }
          >
            {text.open}
          </button>
          <div className="quick-filters physical-office__filters" role="group" aria-label={text.statusFilter}>
            {STATUS_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                className="quick-filter"
                aria-pressed={status === value}
                onClick={() => {
                  setStatus(value);
                  paging.setPage(1);
                }}
              >
                {value === '' ? text.anyStatus : text.statuses[value]}
              </button>
            ))}
          </div>
        </>
      }
      overlays={
        <>
          {menu.sheet}
          {reviewing && <DifferencesDialog row={reviewing} notify={notify} onClose={() => setReviewing(null)} />}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={COLUMNS}
        menuLabel={(row) => text.actionsFor(row.id)}
        onMenu={menu.open}
        estimateSize={96}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">
                {text.folio(row.id)} · {statusChip(row.status)}
              </span>
              <span>
                {row.branch_name} · {moment(row.created_at)}
              </span>
              <span>{text.linesCount(row.line_count)}</span>
            </div>
            <button type="button" className="icon-button" aria-label={text.actionsFor(row.id)} onClick={() => menu.open(row)}>
              <span aria-hidden="true">⋮</span>
            </button>
          </div>
        )}
      />
    </ListScreen>
  );
}

type CountedLine = PhysicalDifferences['counted'][number];
type UncountedLine = PhysicalDifferences['uncounted'][number];

/** A numeric column of a differences table; `negative` marks a cell red. */
interface StockColumn<Line> {
  label: string;
  cell: (line: Line) => ReactNode;
  negative?: (line: Line) => boolean;
}

const bookColumn: StockColumn<UncountedLine> = { label: text.book, cell: (line) => `${formatQuantityOf(line.book, line.unit)}` };
const valueColumn: StockColumn<UncountedLine> = { label: text.valueAtCost, cell: (line) => formatMoney(line.value) };
const COUNTED_COLUMNS: StockColumn<CountedLine>[] = [
  bookColumn,
  { label: text.counted, cell: (line) => `${formatQuantityOf(line.counted, line.unit)}` },
  { label: text.difference, cell: (line) => formatQuantity(line.difference), negative: (line) => line.difference < 0 },
  valueColumn,
];
const UNCOUNTED_COLUMNS = [bookColumn, valueColumn];

/** The items of a count's differences, one row each headed by the item's name; `empty` when there are none. */
function StockLines<Line extends UncountedLine>({
  lines,
  columns,
  empty,
}: {
  lines: readonly Line[];
  columns: readonly StockColumn<Line>[];
  empty: string;
}) {
  if (lines.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <div className="physical-office__scroll">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{text.item}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="numeric">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.item_id}>
              <th scope="row">{line.name}</th>
              {columns.map((column) => (
                <td key={column.label} className={`numeric${column.negative?.(line) ? ' stock-table__negative' : ''}`}>
                  {column.cell(line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A count's differences: book stock in its branch vs counted, valued at cost; apply them once, confirmed. */
function DifferencesDialog({ row, notify, onClose }: { row: PhysicalInventoryRow; notify: Notify; onClose: () => void }) {
  const differences = useDifferences(row.id);
  const { close, apply } = usePhysicalMutations();
  const [zero, setZero] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zeroId = useId();
  // Asked with the dialog's close: applied, the dialog closes.
  const confirmApply = useConfirmSheet<() => void>(
    (closeDialog) => ({
      header: text.confirmApply(row.id, zero),
      confirm: text.accept,
      whenGone: true,
      onConfirm: () =>
        apply.mutate(
          { id: row.id, zero_uncounted: zero },
          {
            onSuccess: (result) => {
              notify(text.applied(result.movements), 'success');
              closeDialog();
            },
            onError: (failure) => setError(getErrorMessage(failure)),
          },
        ),
    }),
    text.cancel,
  );
  const data = differences.data;
  const status = data?.status ?? row.status;

  return (
    <Dialog label={text.differencesTitle(row.id)} className="fullscreen-modal" onClose={onClose}>
      {(closeDialog) => (
        <>
          <p className="physical-office__facts">
            {row.branch_name} · {statusChip(status)}
          </p>
          <QueryStatus query={differences} />
          {data && (
            <>
              {status === 'Aplicado' && <p className="field-hint">{text.appliedNote}</p>}
              <StockLines lines={data.counted} columns={COUNTED_COLUMNS} empty={text.noDifferences} />
              <p className="physical-office__total">
                {text.totalDifference}: <strong>{formatMoney(data.total_value)}</strong>
              </p>
              <h3 className="section-heading">{text.uncountedTitle}</h3>
              <StockLines lines={data.uncounted} columns={UNCOUNTED_COLUMNS} empty={text.noUncounted} />
              {error && (
                <p role="alert" className="field-error">
                  {error}
                </p>
              )}
              {status === 'Abierto' && (
                <>
                  <p className="field-hint">{text.closeFirst}</p>
                  <button
                    type="button"
                    className="touch-button"
                    disabled={close.isPending}
                    onClick={() =>
                      close.mutate(row.id, { onSuccess: () => setError(null), onError: (failure) => setError(getErrorMessage(failure)) })
                    }
                  >
                    {text.close}
                  </button>
                </>
              )}
              {status === 'Cerrado' && (
                <div className="physical-office__apply">
                  <label htmlFor={zeroId} className="physical-office__check">
                    <input id={zeroId} type="checkbox" checked={zero} onChange={(event) => setZero(event.target.checked)} />
                    {text.zeroUncounted}
                  </label>
                  <button
                    type="button"
                    className="touch-button touch-button--primary"
                    disabled={apply.isPending}
                    onClick={() => confirmApply.ask(closeDialog)}
                  >
                    {text.apply}
                  </button>
                </div>
              )}
            </>
          )}
          {confirmApply.sheet}
        </>
      )}
    </Dialog>
  );
}
