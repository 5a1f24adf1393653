import { useId, useState, type ReactNode } from 'react';
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
import { useFilteredList, type FilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
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

const STORE_KEY = 'inventory-report-filters';

/**
 * Where one view of the report takes its rows from: both views ask the same path with the
 * same kept filters; the view on screen, not what is kept, says which rows come back, so a
 * screen never asks for the other view's rows.
 */
function reportSource<Row, C extends string>(
  view: ReportView,
  now: Date,
  schema: FilteredListSource<ReportFilters, Row, C>['schema'],
): FilteredListSource<ReportFilters, Row, C> {
  const inView = (filters: ReportFilters): ReportFilters => ({ ...filters, view });
  return {
    storeKey: STORE_KEY,
    parse: (raw) => parseStoredReportFilters(raw, now),
    // Clearing the filters keeps the view on screen; the report always covers a period.
    empty: () => inView(reportFallback(now)),
    params: (filters) => reportParams(inView(filters)),
    queryKey: (filters) => inventoryMoveKeys.list(`report-${view}`, inView(filters)),
    path: '/api/v2/inventory_report',
    search: (page, filters, total) => reportQuery(inView(filters), page, total),
    schema,
  };
}

interface ViewProps {
  now: Date;
  onView: (view: ReportView) => void;
}

/**
 * `/inventory-reports` ('Reportes de Inventario'): by card, each item's opening,
 * entries, exits and closing over the period (this month until another is chosen), its name
 * opening the item's card; by detail, every movement of the period with its type, source,
 * reason, who and branch. Filters (dates, branch, item; type and source in detail) are kept
 * until cleared, with the view; server paged and sorted; Excel export of the page. Only the
 * view on screen asks the server.
 */
export default function InventoryReportsPage() {
  const [now] = useState(() => new Date());
  const [view, setView] = useState<ReportView>(() => parseStoredReportFilters(localStorage.getItem(STORE_KEY), now)?.view ?? 'card');
  return view === 'card' ? <CardReport now={now} onView={setView} /> : <DetailReport now={now} onView={setView} />;
}

function CardReport({ now, onView }: ViewProps) {
  const [source] = useState(() => reportSource<InventoryReportCardRow, CardSortColumn>('card', now, inventoryReportCardPageSchema));
  const report = useFilteredList(source);
  const { filters, list, paging } = report;
  return (
    <ReportScreen
      now={now}
      view="card"
      onView={onView}
      report={report}
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

function DetailReport({ now, onView }: ViewProps) {
  const [source] = useState(() => reportSource<MovementRow, DetailSortColumn>('detail', now, movementPageSchema));
  const report = useFilteredList(source);
  return (
    <ReportScreen
      now={now}
      view="detail"
      onView={onView}
      report={report}
      sheet={{ file: r.exportDetailFile, sheet: r.exportSheet, toRows: (rows) => movementExportRows(rows, true), moments: [columns.date] }}
    >
      <ListRows
        list={report.list}
        paging={report.paging}
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
  now,
  view,
  onView,
  report,
  sheet,
  children,
}: ViewProps & {
  view: ReportView;
  report: FilteredList<ReportFilters, Row, C>;
  sheet: PageSheet<Row>;
  children: ReactNode;
}) {
  const { filters, save, button, drawer, list, paging } = report;
  const [notify, toast] = useToast();
  const [from, to] = [...filters.date].sort();
  return (
    <ListScreen
      title={r.title}
      list={list}
      paging={paging}
      loading={r.loading}
      empty={view === 'card' ? r.empty : r.emptyDetail}
      toolbar={
        <>
          <ViewSwitch
            view={view}
            onChange={(next) => {
              save({ ...filters, view: next });
              onView(next);
            }}
          />
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
              onApply={(next) => drawer.onApply({ ...next, date: next.date ?? reportFallback(now).date })}
            >
              {(draft, set) => (
                <>
                  <BranchItemFilters draft={draft} set={set} />
                  {view === 'detail' && (
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
