import { lazy, Suspense, useMemo, useState } from 'react';
import { formatKg, formatMoment, formatCalendarDate } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { shippingsMessages } from '../../../domain/messages/shippings';
import type { ShippingSort, SortColumn } from '../../../domain/shipping-list';
import type { ShippingSummary } from '../../../domain/schemas/shipping';
import { ListCards, ListTable, type ListBusy, type ListColumn } from '../../ui/office-list/list-rows';
import { DetailPanel, type Notify } from './detail-panel';
import { SwipeRow } from './swipe-row';

const text = shippingsMessages;
const columns = text.columns;
// 'Entregas' asks the route's kilometres with Ionic's input: it loads with the dialog, not the list.
const RouteDialog = lazy(() => import('./route-dialog').then((module) => ({ default: module.RouteDialog })));

const person = (p: { name: string; last: string } | null) => (p ? `${p.name} ${p.last}` : '—');
const km = (value: number | null) => (value === null ? '—' : text.kmValue(value));

const COLUMNS: ListColumn<ShippingSummary, SortColumn>[] = [
  { key: 'id', sort: 'id', label: columns.folio, cell: (s) => driverMessages.routeWithKind(s.id, s.kind) },
  { key: 'driver_id', sort: 'driver_id', label: columns.driver, cell: (s) => person(s.driver) },
  { key: 'date', sort: 'date', label: columns.date, cell: (s) => formatCalendarDate(s.date) },
  { key: 'vehicle_id', sort: 'vehicle_id', label: columns.vehicle, cell: (s) => s.vehicle?.name ?? '—' },
  { key: 'weight', sort: 'weight', label: columns.weight, cell: (s) => formatKg(s.weight), numeric: true },
  { key: 'initial_km', sort: 'initial_km', label: columns.initialKm, cell: (s) => km(s.initial_km), numeric: true },
  { key: 'final_km', sort: 'final_km', label: columns.finalKm, cell: (s) => km(s.final_km), numeric: true },
  { key: 'note', sort: 'note', label: columns.note, cell: (s) => s.note ?? '' },
  { key: 'route', sort: 'route', label: columns.route, cell: (s) => km(s.route), numeric: true },
  { key: 'created_at', sort: 'created_at', label: columns.createdAt, cell: (s) => formatMoment(s.created_at) },
  { key: 'updated_at', sort: 'updated_at', label: columns.updatedAt, cell: (s) => formatMoment(s.updated_at) },
];

const shippingKey = (shipping: ShippingSummary) => shipping.id;
const menuLabel = (shipping: ShippingSummary) => text.actionsFor(shipping.id);
const expandLabel = (shipping: ShippingSummary, open: boolean) => (open ? text.collapse(shipping.id) : text.expand(shipping.id));

interface RowsProps {
  shippings: readonly ShippingSummary[];
  wide: boolean;
  busy: ListBusy;
  sort: ShippingSort | null;
  onSort: (sort: ShippingSort | null) => void;
  canExpand: boolean;
  /** Iniciar and Terminar in the card view's dialog (editShippings). */
  canEditRoutes: boolean;
  hasMenu: boolean;
  onMenu: (shipping: ShippingSummary) => void;
  onPrint?: (shipping: ShippingSummary) => void;
  onEdit?: (shipping: ShippingSummary) => void;
  onDelete?: (shipping: ShippingSummary) => void;
  notify: Notify;
}

/**
 * The routes: a table whose rows expand into their sales on wide screens, cards that open
 * 'Entregas' on phones (spec §2), both from the office list kit.
 */
export function ShippingRows(props: RowsProps) {
  const { shippings, wide, canExpand, notify } = props;
  // The card whose 'Entregas' dialog is open; the list's own copy, so it follows refetches.
  const [openCard, setOpenCard] = useState<ShippingSummary | null>(null);
  const openRoute = openCard ? (shippings.find((s) => s.id === openCard.id) ?? openCard) : null;
  // Stable between renders, so the memoized rows redraw only when their route changes.
  const expand = useMemo(
    () => ({
      header: columns.sales,
      label: expandLabel,
      render: canExpand ? (shipping: ShippingSummary) => <DetailPanel shipping={shipping} wide notify={notify} /> : undefined,
    }),
    [canExpand, notify],
  );

  if (!wide) {
    return (
      <ListCards
        rows={shippings}
        rowKey={shippingKey}
        busy={props.busy}
        hint={<p className="visually-hidden">{text.swipeHint}</p>}
        after={
          openRoute && (
            <Suspense fallback={null}>
              <RouteDialog
                shipping={openRoute}
                canEdit={props.canEditRoutes}
                onPrint={props.onPrint}
                notify={notify}
                onClose={() => setOpenCard(null)}
              />
            </Suspense>
          )
        }
      >
        {(shipping) => <ShippingCard shipping={shipping} onOpen={canExpand ? () => setOpenCard(shipping) : undefined} {...props} />}
      </ListCards>
    );
  }

  return (
    <ListTable
      rows={shippings}
      rowKey={shippingKey}
      columns={COLUMNS}
      busy={props.busy}
      sort={props.sort}
      onSort={props.onSort}
      menuLabel={menuLabel}
      onMenu={props.hasMenu ? props.onMenu : undefined}
      expand={expand}
    />
  );
}

/**
 * A route as a card: swipe right to print, left to edit or delete (spec §2: reveal of 65 or
 * 130 px); the same actions are on its menu button for a keyboard or a mouse.
 */
function ShippingCard({ shipping, onOpen, ...props }: RowsProps & { shipping: ShippingSummary; onOpen?: () => void }) {
  const details = shipping.shipping_details;
  const delivered = details.filter((d) => d.completed).length;
  const action = (label: string, run: (s: ShippingSummary) => void, tone = '') => (
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
      <div className="list-card">
        <button type="button" className="list-card__main" aria-haspopup={onOpen ? 'dialog' : undefined} onClick={onOpen} disabled={!onOpen}>
          <span className="list-card__title">{driverMessages.routeWithKind(shipping.id, shipping.kind)}</span>
          <span>
            {formatCalendarDate(shipping.date)} · {person(shipping.driver)}
          </span>
          <span>
            {columns.vehicle}: {shipping.vehicle?.name ?? '—'} · {columns.weight}: {formatKg(shipping.weight)}
          </span>
          <span>{driverMessages.progress(delivered, details.length)}</span>
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
