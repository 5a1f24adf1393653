import { useIsFetching } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, startTransition, useCallback, useEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import { nextSort, type ListSort } from '../../../domain/office-list';
import { useWideScreen } from './use-wide-screen';

const text = listMessages;
/** Longer lists than the largest page size ("all") are virtualized. */
const VIRTUAL_FROM = 50;

export interface ListColumn<Row, C extends string> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
  /** Short values that read badly broken over two lines ('Serie B', a date and time). */
  nowrap?: boolean;
  /** The server column it sorts by; without one the column does not sort. */
  sort?: C;
}

/**
 * The rows near the viewport, when there are more than a page of 50: "all" over a month
 * (thousands of rows) draws and scrolls like a page of 15. A page of 15 to 50 is drawn
 * whole; measuring rows would only add renders at start.
 */
function useRowWindow<Row>(allRows: readonly Row[], rowKey: (row: Row) => number | string, estimate: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The first time the list has more rows than fill the screen, the rest are drawn after them, in
  // a transition that yields to the person every few milliseconds: a page of 15 cards drawn in one
  // go held a phone's screen start for 100–150 ms. From then on every change is drawn whole at
  // once (a filter, a deletion, the next page: never a row that is gone left on screen).
  const [drawnWhole, setDrawnWhole] = useState(false);
  const first = firstScreenful(estimate);
  const partial = !drawnWhole && allRows.length > first;
  const rows = partial ? allRows.slice(0, first) : allRows;
  useEffect(() => {
    if (partial) startTransition(() => setDrawnWhole(true));
  }, [partial]);
  const virtual = rows.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: rows.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 10,
    getItemKey: (index) => rowKey(rows[index]!),
  });
  const items = virtual ? virtualizer.getVirtualItems() : rows.map((row, index) => ({ index, key: rowKey(row), start: 0, end: 0 }));
  return {
    rows,
    scrollRef,
    virtual,
    items,
    measure: virtual ? virtualizer.measureElement : undefined,
    top: virtual ? (items[0]?.start ?? 0) : 0,
    bottom: virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0,
  };
}

/** How many rows of `estimate` pixels fill the window, and one more; all of them where there is no window (a print drawn on the server). */
const firstScreenful = (estimate: number) =>
  typeof window === 'undefined' ? Number.POSITIVE_INFINITY : Math.ceil(window.innerHeight / estimate) + 1;

/**
 * Whether a list is loading: a flag, or the key of the query that loads it. Given the key, the
 * list's scroll box alone listens to the query's fetches: a refetch that brings the same rows
 * redraws neither the rows nor the screen (each start drew every row three times).
 */
export type ListBusy = boolean | { queryKey: readonly unknown[] };

/** The list's scroll box, marked busy while its rows load; its content is drawn by the list. */
function ListScroll({ scrollRef, busy, children }: { scrollRef: RefObject<HTMLDivElement | null>; busy: ListBusy; children: ReactNode }) {
  if (typeof busy === 'boolean')
    return (
      <div ref={scrollRef} className="office-list__scroll" aria-busy={busy}>
        {children}
      </div>
    );
  return (
    <FetchingScroll scrollRef={scrollRef} queryKey={busy.queryKey}>
      {children}
    </FetchingScroll>
  );
}

function FetchingScroll({
  scrollRef,
  queryKey,
  children,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  queryKey: readonly unknown[];
  children: ReactNode;
}) {
  const fetching = useIsFetching({ queryKey, exact: true }) > 0;
  return (
    <div ref={scrollRef} className="office-list__scroll" aria-busy={fetching}>
      {children}
    </div>
  );
}

const cellClass = (column: { numeric?: boolean; nowrap?: boolean }) => (column.numeric ? 'numeric' : column.nowrap ? 'nowrap' : undefined);

interface TableProps<Row, C extends string> {
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  columns: readonly ListColumn<Row, C>[];
  busy: ListBusy;
  sort: ListSort<C> | null;
  onSort: (sort: ListSort<C> | null) => void;
  /** The row menu button's name ('Acciones de la cotización C-12'); no `onMenu`, no menu. */
  menuLabel?: (row: Row) => string;
  onMenu?: (row: Row) => void;
  /** A list whose rows never have a menu draws no column for it. */
  menuColumn?: boolean;
  /** Rows that open a panel under them (the toggle column shows even where `render` is not allowed). */
  expand?: { header: string; label: (row: Row, open: boolean) => string; render?: (row: Row) => ReactNode };
}

/**
 * The wide-screen table: the first column heads each row, sortable headers are buttons
 * (one column at a time, sorted on the server), and the row menu is a plain button, so
 * every action is reachable from the keyboard.
 */
export function ListTable<Row, C extends string>(props: TableProps<Row, C>) {
  const { rows, rowKey, columns, expand, menuColumn = true } = props;
  const { rows: shown, scrollRef, virtual, items, measure, top, bottom } = useRowWindow(rows, rowKey, 49);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const toggle = useCallback(
    (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return (
    <ListScroll scrollRef={scrollRef} busy={props.busy}>
      {/* Row counts tell a screen reader how long a virtualized table is; a whole page needs none. */}
      <table className="data-table" aria-rowcount={virtual ? rows.length + 1 : undefined}>
        <thead>
          <tr aria-rowindex={virtual ? 1 : undefined}>
            {expand && (
              <th scope="col" className="data-table__toggle">
                <span className="visually-hidden">{expand.header}</span>
              </th>
            )}
            {columns.map((column) => (
              <SortHeader key={column.key} column={column} sort={props.sort} onSort={props.onSort} />
            ))}
            {menuColumn && (
              <th scope="col">
                <span className="visually-hidden">{text.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        {top > 0 && (
          <tbody aria-hidden="true">
            <tr style={{ height: top }} />
          </tbody>
        )}
        {items.map((item) => {
          const row = shown[item.index]!;
          const id = rowKey(row);
          return (
            <TableRow
              key={item.key}
              index={item.index}
              measure={measure}
              row={row}
              id={id}
              columns={columns}
              open={expanded.has(id)}
              expand={expand}
              onToggle={expand?.render ? toggle : undefined}
              menuLabel={props.menuLabel}
              onMenu={props.onMenu}
              menuColumn={menuColumn}
            />
          );
        })}
        {bottom > 0 && (
          <tbody aria-hidden="true">
            <tr style={{ height: bottom }} />
          </tbody>
        )}
      </table>
    </ListScroll>
  );
}

function SortHeader<Row, C extends string>({
  column,
  sort,
  onSort,
}: {
  column: ListColumn<Row, C>;
  sort: ListSort<C> | null;
  onSort: (sort: ListSort<C> | null) => void;
}) {
  const className = cellClass(column);
  const key = column.sort;
  if (key === undefined)
    return (
      <th scope="col" className={className}>
        {column.label}
      </th>
    );
  const state = sort?.column === key ? (sort.descending ? 'desc' : 'asc') : 'none';
  return (
    <th scope="col" aria-sort={state === 'none' ? 'none' : state === 'asc' ? 'ascending' : 'descending'} className={className}>
      <button type="button" className="sort-button" title={text.sortBy(column.label, state)} onClick={() => onSort(nextSort(sort, key))}>
        {column.label}
        <span aria-hidden="true">{state === 'asc' ? ' ▲' : state === 'desc' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

/**
 * One row. Memoized and drawn with plain buttons: while scrolling only the rows coming into
 * view are built, and a web component per button would cost each frame.
 */
const TableRow = memo(function TableRow<Row, C extends string>({
  index,
  measure,
  row,
  id,
  columns,
  open,
  expand,
  onToggle,
  menuLabel,
  onMenu,
  menuColumn,
}: {
  index: number;
  measure?: Ref<HTMLTableSectionElement>;
  row: Row;
  id: number;
  columns: readonly ListColumn<Row, C>[];
  open: boolean;
  expand?: TableProps<Row, C>['expand'];
  onToggle?: (id: number) => void;
  menuLabel?: (row: Row) => string;
  onMenu?: (row: Row) => void;
  menuColumn: boolean;
}) {
  return (
    <tbody data-index={index} ref={measure}>
      <tr aria-rowindex={measure ? index + 2 : undefined}>
        {expand && (
          <td className="data-table__toggle">
            {onToggle && (
              <button
                type="button"
                className="icon-button"
                aria-expanded={open}
                aria-label={expand.label(row, open)}
                onClick={() => onToggle(id)}
              >
                <span aria-hidden="true">{open ? '▾' : '▸'}</span>
              </button>
            )}
          </td>
        )}
        {columns.map((column, columnIndex) => {
          const Cell = columnIndex === 0 ? 'th' : 'td';
          return (
            <Cell key={column.key} scope={columnIndex === 0 ? 'row' : undefined} className={cellClass(column)}>
              {column.cell(row)}
            </Cell>
          );
        })}
        {menuColumn && (
          <td>
            {onMenu && menuLabel && (
              <button type="button" className="icon-button" aria-label={menuLabel(row)} onClick={() => onMenu(row)}>
                <span aria-hidden="true">⋮</span>
              </button>
            )}
          </td>
        )}
      </tr>
      {open && expand?.render && (
        <tr>
          <td colSpan={columns.length + (menuColumn ? 2 : 1)} className="data-table__panel">
            {expand.render(row)}
          </td>
        </tr>
      )}
    </tbody>
  );
}) as <Row, C extends string>(props: {
  index: number;
  measure?: Ref<HTMLTableSectionElement>;
  row: Row;
  id: number;
  columns: readonly ListColumn<Row, C>[];
  open: boolean;
  expand?: TableProps<Row, C>['expand'];
  onToggle?: (id: number) => void;
  menuLabel?: (row: Row) => string;
  onMenu?: (row: Row) => void;
  menuColumn: boolean;
}) => ReactNode;

/**
 * The phone's cards, virtualized like the table. Each card is the feature's; `hint` goes
 * before the list (e.g. how to swipe), `after` after it (e.g. the dialog a card opens).
 */
export function ListCards<Row>({
  rows,
  rowKey,
  busy,
  estimateSize = 132,
  hint,
  after,
  children,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  busy: ListBusy;
  estimateSize?: number;
  hint?: ReactNode;
  after?: ReactNode;
  children: (row: Row) => ReactNode;
}) {
  const { rows: shown, scrollRef, items, measure, top, bottom } = useRowWindow(rows, rowKey, estimateSize);
  return (
    <ListScroll scrollRef={scrollRef} busy={busy}>
      {hint}
      <ul className="list-cards" style={{ paddingTop: top, paddingBottom: bottom }}>
        {items.map((item) => (
          <li key={item.key} data-index={item.index} ref={measure}>
            {children(shown[item.index]!)}
          </li>
        ))}
      </ul>
      {after}
    </ListScroll>
  );
}

/**
 * A list's rows as spec §2 draws them: the table on wide screens, the feature's `card` for
 * each row on phones. `list` and `paging` are the screen's (its rows, whether a page is
 * loading, the sort); a list that does not sort leaves `paging` out. The menu column is
 * drawn only when rows have a menu, unless `menuColumn` says otherwise.
 */
export function ListRows<Row, C extends string>({
  list,
  paging,
  estimateSize,
  hint,
  after,
  card,
  menuColumn,
  ...table
}: Omit<TableProps<Row, C>, 'rows' | 'busy' | 'sort' | 'onSort'> & {
  list: { rows: readonly Row[]; queryKey: readonly unknown[] };
  paging?: { sort: ListSort<C> | null; setSort: (sort: ListSort<C> | null) => void };
  estimateSize?: number;
  hint?: ReactNode;
  after?: ReactNode;
  card: (row: Row) => ReactNode;
}) {
  const wide = useWideScreen();
  const busy = { queryKey: list.queryKey };
  return wide ? (
    <ListTable
      {...table}
      rows={list.rows}
      busy={busy}
      sort={paging?.sort ?? null}
      onSort={paging?.setSort ?? noSort}
      menuColumn={menuColumn ?? table.onMenu !== undefined}
    />
  ) : (
    <ListCards rows={list.rows} rowKey={table.rowKey} busy={busy} estimateSize={estimateSize} hint={hint} after={after}>
      {card}
    </ListCards>
  );
}

const noSort = () => undefined;
