import { formatCalendarDate, formatMoment, formatQuantityOf } from '../../../domain/format';
import { productionMessages } from '../../../domain/messages/production';
import type { ProductionRow, ProductionSortColumn } from '../../../domain/schemas/production';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';

const text = productionMessages;
const columns = text.columns;

export const productionRowKey = (row: ProductionRow) => row.id;

/** Where a production comes from: an order the warehouse started, or the office's plan. */
export const originOf = (row: Pick<ProductionRow, 'sale_id' | 'company_name'>) =>
  row.sale_id === null ? text.planned : text.fromOrder(row.sale_id, row.company_name);

export const productsOf = (row: Pick<ProductionRow, 'items'>) =>
  row.items.map((item) => `${item.name} ${formatQuantityOf(item.quantity, item.unit)}`).join(', ');

const moment = (iso: string | null) => (iso ? formatMoment(iso) : '—');

export function StatusChip({ status }: { status: ProductionRow['status'] }) {
  const tone = status === 'Terminada' ? 'done' : status === 'En proceso' ? 'active' : 'planned';
  return <span className={`production-status production-status--${tone}`}>{text.statuses[status]}</span>;
}

function FolioLink({ row }: { row: ProductionRow }) {
  return (
    <AppLink href={`/productions/${row.id}`} title={text.open(row.id)}>
      {text.folio(row.id)}
    </AppLink>
  );
}

/** /production: the table on wide screens; folio, planned date and creation sort on the server. */
export const PRODUCTION_COLUMNS: ListColumn<ProductionRow, ProductionSortColumn>[] = [
  { key: 'id', sort: 'id', label: columns.id, cell: (row) => <FolioLink row={row} />, nowrap: true },
  { key: 'status', label: columns.status, cell: (row) => <StatusChip status={row.status} />, nowrap: true },
  { key: 'origin', label: columns.origin, cell: originOf },
  {
    key: 'planned',
    sort: 'planned_date',
    label: columns.plannedDate,
    cell: (row) => (row.planned_date ? formatCalendarDate(row.planned_date) : '—'),
    nowrap: true,
  },
  { key: 'products', label: columns.products, cell: productsOf },
  { key: 'created', sort: 'created_at', label: columns.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'started', label: columns.startedAt, cell: (row) => moment(row.started_at), nowrap: true },
  { key: 'finished', label: columns.finishedAt, cell: (row) => moment(row.finished_at), nowrap: true },
];

export function ProductionCard({ row }: { row: ProductionRow }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          <FolioLink row={row} /> · <StatusChip status={row.status} />
        </span>
        <span>{originOf(row)}</span>
        <span>{productsOf(row)}</span>
        <span>
          {columns.plannedDate}: {row.planned_date ? formatCalendarDate(row.planned_date) : '—'}
        </span>
      </div>
    </div>
  );
}

export function productionExportRows(rows: readonly ProductionRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.id]: text.folio(row.id),
    [columns.status]: row.status,
    [columns.origin]: originOf(row),
    [columns.plannedDate]: row.planned_date ? calendarDate(row.planned_date) : null,
    [columns.products]: productsOf(row),
    [columns.createdAt]: new Date(row.created_at),
    [columns.startedAt]: row.started_at ? new Date(row.started_at) : null,
    [columns.finishedAt]: row.finished_at ? new Date(row.finished_at) : null,
  }));
}
