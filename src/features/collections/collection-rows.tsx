import { collectionFolio } from '../../../domain/collections';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { balancesMessages } from '../../../domain/messages/balances';
import { collectionsMessages } from '../../../domain/messages/collections';
import { routeMoneyMessages } from '../../../domain/messages/route-money';
import type { CollectionListRow } from '../../../domain/schemas/collections';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';
import { useRowMenu } from '../../ui/overlays';
import type { ActionSheetButton } from '@ionic/react';
import { useCallback } from 'react';
import type { CollectionSortColumn } from './list-query';

const text = collectionsMessages.list;
const label = text.columns;

export const collectionRowKey = (row: CollectionListRow) => row.id;
export const folioOf = (row: CollectionListRow) => collectionFolio(row.id);
const menuHeader = (row: CollectionListRow) => `${folioOf(row)} · ${row.company_name}`;

/**
 * A payment's row menu (/collections, /receipts): headed by its folio and customer; opening it
 * starts reading the payment, so its receipt is at hand when chosen.
 */
export function usePaymentMenu(actions: (row: CollectionListRow) => ActionSheetButton[], prefetch: (id: number) => void) {
  const menu = useRowMenu(menuHeader, actions);
  const openRowMenu = menu.open;
  const open = useCallback(
    (row: CollectionListRow) => {
      prefetch(row.id);
      openRowMenu(row);
    },
    [prefetch, openRowMenu],
  );
  return { sheet: menu.sheet, open };
}

/** Vigente, or Cancelado with its reason (shown on hover and read out with the chip). */
export function CollectionState({ row }: { row: CollectionListRow }) {
  if (!row.canceled_at) return <span className="status-chip status-chip--success">{text.current}</span>;
  const reason = row.cancel_reason ? text.canceledBecause(row.cancel_reason) : text.canceled;
  return (
    <span className="status-chip status-chip--danger" title={reason}>
      {text.canceled}
      <span className="visually-hidden">{row.cancel_reason ? `: ${row.cancel_reason}` : ''}</span>
    </span>
  );
}

/** The customer, a link to its page for those who may open it. */
function Customer({ row, link }: { row: CollectionListRow; link: boolean }) {
  return link ? (
    <AppLink href={`/clients/client/${row.company_id}`} title={balancesMessages.openCustomer(row.company_name)}>
      {row.company_name}
    </AppLink>
  ) : (
    <>{row.company_name}</>
  );
}

/** Who took the payment: 'Cobrado en ruta #N por <driver>' when a driver took it at a stop. */
export function receivedBy(row: Pick<CollectionListRow, 'user_name' | 'shipping_id'>): string {
  return row.shipping_id ? routeMoneyMessages.collectedOnRouteBy(row.shipping_id, row.user_name) : row.user_name;
}

/** /collections: the payment, who paid it, how, what it left as credit, and whether it stands. */
export function collectionColumns(customerLinks: boolean): ListColumn<CollectionListRow, CollectionSortColumn>[] {
  return [
    { key: 'id', sort: 'id', label: label.folio, cell: folioOf, nowrap: true },
    { key: 'date', sort: 'date', label: label.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
    { key: 'company', sort: 'company_name', label: label.company, cell: (row) => <Customer row={row} link={customerLinks} /> },
    { key: 'amount', sort: 'amount', label: label.amount, cell: (row) => formatMoney(row.amount), numeric: true },
    { key: 'payment_method', label: label.paymentMethod, cell: (row) => row.payment_method ?? '—' },
    { key: 'reference', label: label.reference, cell: (row) => row.reference ?? '—' },
    { key: 'unapplied', label: label.unapplied, cell: (row) => formatMoney(row.unapplied), numeric: true },
    { key: 'user', label: label.user, cell: receivedBy },
    { key: 'note', label: label.note, cell: (row) => row.note ?? '' },
    { key: 'state', label: label.state, cell: (row) => <CollectionState row={row} /> },
  ];
}

/** A payment on a phone: the whole card opens its menu, a large target for a thumb. */
export function CollectionCard({ row, onMenu }: { row: CollectionListRow; onMenu: (row: CollectionListRow) => void }) {
  const folio = folioOf(row);
  return (
    <div className="list-card">
      <button type="button" className="list-card__main" aria-haspopup="dialog" onClick={() => onMenu(row)}>
        <span className="list-card__title">
          {folio} · {row.company_name}
        </span>
        <span>
          {formatCalendarDate(row.date)} · {row.payment_method ?? '—'}
          {row.reference ? ` · ${row.reference}` : ''}
        </span>
        <span>
          {formatMoney(row.amount)}
          {row.unapplied > 0 ? ` · ${label.unapplied} ${formatMoney(row.unapplied)}` : ''}
        </span>
        {row.shipping_id ? <span>{receivedBy(row)}</span> : null}
        <span className="list-card__line">
          <CollectionState row={row} />
        </span>
      </button>
      <button type="button" className="icon-button" aria-label={text.actionsFor(folio)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}
