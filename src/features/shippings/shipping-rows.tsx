import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { formatKg, formatMoment } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import type { ShippingSort, SortColumn } from '../../../domain/shipping-list';
import type { Shipping } from '../../../domain/schemas/shipping';
import { formatDate } from '../driver/driver-input';
import { DetailPanel, type Notify } from './detail-panel';
import { RouteDialog } from './route-dialog';
import { SwipeRow } from './swipe-row';

const text = messages.shippings;
const columns = text.columns;
const WIDE_QUERY = '(min-width: 992px)';
/** Longer lists than the largest page size ("all") are virtualized. */
const VIRTUAL_FROM = 50;

/** Table on wide screens, cards on small ones (spec §2), following the window as it resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(WIDE_QUERY);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
  );
}

const person = (p: { name: string; last: string } | null) => (p ? `${p.name} ${p.last}` : '—');
const km = (value: number | null) => (value === null ? '—' : text.kmValue(value));

const COLUMNS: { key: SortColumn; label: string; cell: (s: Shipping) => string; numeric?: boolean }[] = [
  { key: 'id', label: columns.folio, cell: (s) => messages.driver.routeFolio(s.id) },
  { key: 'driver_id', label: columns.driver, cell: (s) => person(s.driver) },
  { key: 'date', label: columns.date, cell: (s) => formatDate(s.date) },
  { key: 'vehicle_id', label: columns.vehicle, cell: (s) => s.vehicle?.name ?? '—' },
  { key: 'weight', label: columns.weight, cell: (s) => formatKg(s.weight), numeric: true },
  { key: 'initial_km', label: columns.initialKm, cell: (s) => km(s.initial_km), numeric: true },
  { key: 'final_km', label: columns.finalKm, cell: (s) => km(s.final_km), numeric: true },
  { key: 'note', label: columns.note, cell: (s) => s.note ?? '' },
  { key: 'route', label: columns.route, cell: (s) => km(s.route), numeric: true },
  { key: 'created_at', label: columns.createdAt, cell: (s) => formatMoment(s.created_at) },
  { key: 'updated_at', label: columns.updatedAt, cell: (s) => formatMoment(s.updated_at) },
];

/** One column at a time: none → ascending → descending → none. */
function nextSort(current: ShippingSort | null, column: SortColumn): ShippingSort | null {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? null : { column, descending: true };
}

interface RowsProps {
  shippings: readonly Shipping[];
  wide: boolean;
  busy: boolean;
  sort: ShippingSort | null;
  onSort: (sort: ShippingSort | null) => void;
  canExpand: boolean;
  /** Iniciar and Terminar in the card view's dialog (editShippings). */
  canEditRoutes: boolean;
  hasMenu: boolean;
  onMenu: (shipping: Shipping) => void;
  onPrint?: (shipping: Shipping) => void;
  onEdit?: (shipping: Shipping) => void;
  onDelete?: (shipping: Shipping) => void;
  notify: Notify;
}

/**
 * The rows, virtualized: only those near the viewport are in the page, so "all" over a
 * month (thousands of routes) draws and scrolls like a page of 15. Expanded rows are
 * measured as they open.
 */
export function ShippingRows(props: RowsProps) {
  const { shippings, wide, canExpand } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  // The card whose 'Entregas' dialog is open; the list's own copy, so it follows refetches.
  const [openCard, setOpenCard] = useState<Shipping | null>(null);
  const openRoute = openCard ? (shippings.find((s) => s.id === openCard.id) ?? openCard) : null;
  // A page of 15 to 50 is drawn whole; measuring rows would only add renders at start.
  const virtual = shippings.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: shippings.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (wide ? 49 : 132),
    overscan: 10,
    getItemKey: (index) => shippings[index]!.id,
  });
  const items = virtual
    ? virtualizer.getVirtualItems()
    : shippings.map((shipping, index) => ({ index, key: shipping.id, start: 0, end: 0 }));
  const measure = virtual ? virtualizer.measureElement : undefined;
  const top = virtual ? (items[0]?.start ?? 0) : 0;
  const bottom = virtual ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const toggle = useCallback(
    (id: number) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );

  if (!wide) {
    return (
      <div ref={scrollRef} className="shippings-scroll" aria-busy={props.busy}>
        <p className="visually-hidden">{text.swipeHint}</p>
        <ul className="shipping-cards" style={{ paddingTop: top, paddingBottom: bottom }}>
          {items.map((item) => {
            const shipping = shippings[item.index]!;
            return (
              <li key={item.key} data-index={item.index} ref={measure}>
                <ShippingCard shipping={shipping} onOpen={canExpand ? () => setOpenCard(shipping) : undefined} {...props} />
              </li>
            );
          })}
        </ul>
        {openRoute && (
          <RouteDialog
            shipping={openRoute}
            canEdit={props.canEditRoutes}
            onPrint={props.onPrint}
            notify={props.notify}
            onClose={() => setOpenCard(null)}
          />
        )}
      </div>
    );
  }

  return (
    <div ref={scrollRef} className="shippings-scroll" aria-busy={props.busy}>
      {/* Row counts tell a screen reader how long a virtualized table is; a whole page needs none. */}
      <table className="data-table" aria-rowcount={virtual ? shippings.length + 1 : undefined}>
        <thead>
          <tr aria-rowindex={virtual ? 1 : undefined}>
            <th scope="col" className="data-table__toggle">
              <span className="visually-hidden">{columns.sales}</span>
            </th>
            {COLUMNS.map((column) => {
              const state = props.sort?.column === column.key ? (props.sort.descending ? 'desc' : 'asc') : 'none';
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={state === 'none' ? 'none' : state === 'asc' ? 'ascending' : 'descending'}
                  className={column.numeric ? 'numeric' : undefined}
                >
                  <button
                    type="button"
                    className="sort-button"
                    title={text.sortBy(column.label, state)}
                    onClick={() => props.onSort(nextSort(props.sort, column.key))}
                  >
                    {column.label}
                    <span aria-hidden="true">{state === 'asc' ? ' ▲' : state === 'desc' ? ' ▼' : ''}</span>
                  </button>
                </th>
              );
            })}
            <th scope="col">
              <span className="visually-hidden">{columns.actions}</span>
            </th>
          </tr>
        </thead>
        {top > 0 && (
          <tbody aria-hidden="true">
            <tr style={{ height: top }} />
          </tbody>
        )}
        {items.map((item) => {
          const shipping = shippings[item.index]!;
          return (
            <TableRow
              key={item.key}
              index={item.index}
              measure={measure}
              shipping={shipping}
              open={expanded.has(shipping.id)}
              onToggle={canExpand ? toggle : undefined}
              onMenu={props.hasMenu ? props.onMenu : undefined}
              notify={props.notify}
            />
          );
        })}
        {bottom > 0 && (
          <tbody aria-hidden="true">
            <tr style={{ height: bottom }} />
          </tbody>
        )}
      </table>
    </div>
  );
}

/**
 * One route of the table. Memoized and drawn with plain buttons: while scrolling only the
 * rows coming into view are built, and a web component per button would cost each frame.
 */
const TableRow = memo(function TableRow({
  index,
  measure,
  shipping,
  open,
  onToggle,
  onMenu,
  notify,
}: {
  index: number;
  measure?: (element: Element | null) => void;
  shipping: Shipping;
  open: boolean;
  onToggle?: (id: number) => void;
  onMenu?: (shipping: Shipping) => void;
  notify: Notify;
}) {
  return (
    <tbody data-index={index} ref={measure}>
      <tr aria-rowindex={measure ? index + 2 : undefined}>
        <td className="data-table__toggle">
          {onToggle && (
            <button
              type="button"
              className="icon-button"
              aria-expanded={open}
              aria-label={open ? text.collapse(shipping.id) : text.expand(shipping.id)}
              onClick={() => onToggle(shipping.id)}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          )}
        </td>
        {COLUMNS.map((column, columnIndex) => {
          const Cell = columnIndex === 0 ? 'th' : 'td';
          return (
            <Cell key={column.key} scope={columnIndex === 0 ? 'row' : undefined} className={column.numeric ? 'numeric' : undefined}>
              {column.cell(shipping)}
            </Cell>
          );
        })}
        <td>
          {onMenu && (
            <button type="button" className="icon-button" aria-label={text.actionsFor(shipping.id)} onClick={() => onMenu(shipping)}>
              <span aria-hidden="true">⋮</span>
            </button>
          )}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={COLUMNS.length + 2} className="data-table__panel">
            <DetailPanel shipping={shipping} wide notify={notify} />
          </td>
        </tr>
      )}
    </tbody>
  );
});

/**
 * A route as a card: swipe right to print, left to edit or delete (spec §2: reveal of 65 or
 * 130 px); the same actions are on its menu button for a keyboard or a mouse.
 */
function ShippingCard({ shipping, onOpen, ...props }: RowsProps & { shipping: Shipping; onOpen?: () => void }) {
  const details = shipping.shipping_details;
  const delivered = details.filter((d) => d.completed).length;
  const action = (label: string, run: (s: Shipping) => void, tone = '') => (
    <button key={label} type="button" className={`swipe-action${tone}`} onClick={() => run(shipping)}>
      {label}
    </button>
  );
  return (
    <SwipeRow
      start={props.onPrint ? [action(text.print, props.onPrint)] : []}
      end={[
        ...(props.onEdit ? [action(text.edit, props.onEdit)] : []),
        ...(props.onDelete ? [action(text.delete, props.onDelete, ' swipe-action--danger')] : []),
      ]}
    >
      <div className="shipping-card">
        <button
          type="button"
          className="shipping-card__main"
          aria-haspopup={onOpen ? 'dialog' : undefined}
          onClick={onOpen}
          disabled={!onOpen}
        >
          <span className="shipping-card__folio">{messages.driver.routeFolio(shipping.id)}</span>
          <span>
            {formatDate(shipping.date)} · {person(shipping.driver)}
          </span>
          <span>
            {columns.vehicle}: {shipping.vehicle?.name ?? '—'} · {columns.weight}: {formatKg(shipping.weight)}
          </span>
          <span>{messages.driver.progress(delivered, details.length)}</span>
        </button>
        {props.hasMenu && (
          <button type="button" className="icon-button" aria-label={text.actionsFor(shipping.id)} onClick={() => props.onMenu(shipping)}>
            <span aria-hidden="true">⋮</span>
          </button>
        )}
      </div>
    </SwipeRow>
  );
}
