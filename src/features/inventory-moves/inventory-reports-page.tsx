import { useCallback, useId, useState, type ReactNode } from 'react';
import { formatCalendarDate, formatMoney, formatQuantity, formatQuantityOf } from '../../../domain/format';
import { INVENTORY_MOVEMENT_TYPES, MOVEMENT_SOURCES } from '../../../domain/inventory';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import {
  inventoryReportCardPageSchema,
  movementPageSchema,
  type CardSortColumn,
  type DetailSortColumn,
  type InventoryReportCardRow,
  type MovementRow,
} from '../../../domain/schemas/inventory-moves';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { AppLink } from '../../ui/app-link';
import { useToast } from '../../ui/toast';
import { PageExport, type PageSheet } from '../../ui/office-list/page-export';
import { useListFilters } from '../../ui/office-list/use-list-filters';
import { useListPaging, usePagedList, type ListPagingState, type PagedList } from '../../ui/office-list/use-paged-list';
import { useStoredFilters } from '../../ui/office-list/use-stored-filters';
import {
  itemCardHref,
  parseStoredReportFilters,
  reportFallback,
  reportParams,
  reportQuery,
  type ReportFilters,
  type ReportView,
} from './movement-filters';
import { BranchItemFilters } from './movement-list-page';
import { DETAIL_COLUMNS, MovementCard, movementExportRows, movementRowKey, sourceLabel } from './movement-rows';
import { inventoryMoveKeys } from './queries';
import './inventory-moves.css';

const text = inventoryMovesMessages;
const r = text.reports;
const columns = text.columns;
const cardKey = (row: InventoryReportCardRow) => row.item_id;

function cardColumns(filters: ReportFilters): ListColumn<InventoryReportCardRow, CardSortColumn>[] {
  return [
    {
      key: 'name',
      sort: 'name',
      label: columns.item,
      cell: (row) => (
        <AppLink href={itemCardHref(row.item_id, filters)} title={r.openCard(row.name)}>
          {row.name}
        </AppLink>
      ),
    },
    { key: 'unit', label: columns.unit, cell: (row) => row.unit, nowrap: true },
    { key: 'opening', sort: 'opening', label: columns.opening, cell: (row) => formatQuantity(row.opening), numeric: true },
    { key: 'entries', sort: 'entries', label: columns.entries, cell: (row) => formatQuantity(row.entries), numeric: true },
    { key: 'exits', sort: 'exits', label: columns.exits, cell: (row) => formatQuantity(row.exits), numeric: true },
    { key: 'closing', sort: 'closing', label: columns.closing, cell: (row) => formatQuantity(row.closing), numeric: true },
    { key: 'value', sort: 'value', label: columns.value, cell: (row) => formatMoney(row.value), numeric: true },
  ];
}

export function cardExportRows(rows: readonly InventoryReportCardRow[]) {
  return rows.map((row) => ({
    [columns.item]: row.name,
    [columns.unit]: row.unit,
    [columns.opening]: row.opening,
    [columns.entries]: row.entries,
    [columns.exits]: row.exits,
    [columns.closing]: row.closing,
    [columns.cost]: row.cost,
    [columns.value]: row.value,
  }));
}

/** 'Por tarjeta' | 'Detalle': two toggle buttons; the view is kept with the filters. */
function ViewSwitch({ view, onChange }: { view: ReportView; onChange: (view: ReportView) => void }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="inventory-moves__views">
      <span id={id} className="visually-hidden">
        {r.view}
      </span>
      {(['card', 'detail'] as const).map((option) => (
        <button key={option} type="button" className="outline-button" aria-pressed={view === option} onClick={() => onChange(option)}>
          {option === 'card' ? r.byCard : r.byDetail}
        </button>
      ))}
    </div>
  );
}

type Stored = readonly [ReportFilters, (next: ReportFilters | null) => ReportFilters];

/**
 * `/inventory-reports` ('Reportes de Inventario'): by card, each item's opening,
 * entries, exits and closing over the period (this month until another is chosen), its name
 * opening the item's card; by detail, every movement of the period with its type, source,
 * reason, who and branch. Filters (dates, branch, item; type and source in detail) are kept
 * until cleared; server paged and sorted; Excel export of the page. Only the view on screen
 * asks the server.
 */
export default function InventoryReportsPage() {
  const [now] = useState(() => new Date());
  const fallback = useCallback(() => reportFallback(now), [now]);
  const parse = useCallback((raw: string | null) => parseStoredReportFilters(raw, now), [now]);
  const stored = useStoredFilters('inventory-report-filters', parse, fallback);
  return stored[0].view === 'card' ? (
    <CardReport stored={stored} fallback={fallback} />
  ) : (
    <DetailReport stored={stored} fallback={fallback} />
  );
}

/** One view's page of the report: both views ask the same path with the same filters, each with its own sort. */
function useReportList<Row, C extends string>(stored: Stored, schema: Parameters<typeof usePagedList<Row, C>>[0]['schema']) {
  const paging = useListPaging<C>();
  const { filters } = useListFilters(stored, reportParams, paging);
  const list = usePagedList({
    queryKey: inventoryMoveKeys.list(`report-${filters.view}`, filters),
    path: '/api/v2/inventory_report',
    search: (page, total) => reportQuery(filters, page, total),
    paging,
    schema,
  });
  return { paging, filters, list };
}

function CardReport({ stored, fallback }: { stored: Stored; fallback: () => ReportFilters }) {
  const { paging, filters, list } = useReportList<InventoryReportCardRow, CardSortColumn>(stored, inventoryReportCardPageSchema);
  return (
    <ReportScreen
      stored={stored}
      fallback={fallback}
      list={list}
      paging={paging}
      sheet={{ file: r.exportCardFile, sheet: r.exportSheet, toRows: cardExportRows }}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={cardKey}
        columns={cardColumns(filters)}
        estimateSize={96}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <AppLink href={itemCardHref(row.item_id, filters)} className="list-card__title" title={r.openCard(row.name)}>
                {row.name}
              </AppLink>
              <span>
                {columns.opening} {formatQuantity(row.opening)} · {columns.entries} {formatQuantity(row.entries)} · {columns.exits}{' '}
                {formatQuantity(row.exits)}
              </span>
              <span>
                {columns.closing}: {formatQuantityOf(row.closing, row.unit)} · {formatMoney(row.value)}
              </span>
            </div>
          </div>
        )}
      />
    </ReportScreen>
  );
}

function DetailReport({ stored, fallback }: { stored: Stored; fallback: () => ReportFilters }) {
  const { paging, list } = useReportList<MovementRow, DetailSortColumn>(stored, movementPageSchema);
  return (
    <ReportScreen
      stored={stored}
      fallback={fallback}
      list={list}
      paging={paging}
      sheet={{ file: r.exportDetailFile, sheet: r.exportSheet, toRows: (rows) => movementExportRows(rows, true), moments: [columns.date] }}
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={movementRowKey}
        columns={DETAIL_COLUMNS}
        estimateSize={112}
        card={(row) => <MovementCard row={row} detail />}
      />
    </ReportScreen>
  );
}

/** The report's screen around either view: the view switch, the filters, export and the period. */
function ReportScreen<Row, C extends string>({
  stored,
  fallback,
  list,
  paging,
  sheet,
  children,
}: {
  stored: Stored;
  fallback: () => ReportFilters;
  list: PagedList<Row>;
  paging: ListPagingState<C>;
  sheet: PageSheet<Row>;
  children: ReactNode;
}) {
  const [filters, save] = stored;
  const { button, drawer } = useListFilters(stored, reportParams, paging);
  const [notify, toast] = useToast();
  const [from, to] = [...filters.date].sort();
  return (
    <ListScreen
      title={r.title}
      list={list}
      paging={paging}
      loading={r.loading}
      empty={filters.view === 'card' ? r.empty : r.emptyDetail}
      toolbar={
        <>
          <ViewSwitch view={filters.view} onChange={(view) => save({ ...filters, view })} />
          <FiltersButton {...button} />
          <PageExport rows={list.rows} {...sheet} notify={notify} />
          <span className="office-list__status">{r.period(formatCalendarDate(from!), formatCalendarDate(to!))}</span>
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer
              title={r.filterTitle}
              {...drawer}
              // The report always covers a period: without dates it is this month again.
              onApply={(next) => drawer.onApply({ ...next, date: next.date ?? fallback().date })}
            >
              {(draft, set) => (
                <>
                  <BranchItemFilters draft={draft} set={set} />
                  {draft.view === 'detail' && (
                    <>
                      <ChoiceField
                        label={columns.type}
                        anyLabel={r.anyType}
                        options={INVENTORY_MOVEMENT_TYPES.map((type) => ({ value: type, label: type }))}
                        value={draft.type}
                        onChange={(type) => set({ type })}
                      />
                      <ChoiceField
                        label={columns.source}
                        anyLabel={r.anySource}
                        options={MOVEMENT_SOURCES.map((source) => ({ value: source, label: sourceLabel(source) }))}
                        value={draft.source}
                        onChange={(source) => set({ source })}
                      />
                    </>
                  )}
                </>
              )}
            </FilterDrawer>
          )}
          {toast}
        </>
      }
    >
      {children}
    </ListScreen>
  );
}
