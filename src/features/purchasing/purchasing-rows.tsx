import { formatCalendarDate, formatMoment, formatMoney } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { purchaseOrderFolio, type PurchaseOrderStatus } from '../../../domain/purchasing';
import type {
  ProviderPaymentRow,
  ProviderPaymentSortColumn,
  ProviderRow,
  ProviderSortColumn,
  ShoppingRow,
  ShoppingSortColumn,
} from '../../../domain/schemas/purchasing';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';

const text = purchasingMessages;

export const providerHref = (id: number) => `/providers/${id}`;
export const shoppingHref = (id: number) => `/shoppings/${id}`;
export const rowKey = (row: { id: number }) => row.id;

const STATUS_TONE: Record<PurchaseOrderStatus, string> = {
  Pendiente: 'status-chip--warning',
  Parcial: 'status-chip--warning',
  Recibida: 'status-chip--success',
};

/** 'Pendiente', 'Parcial' or 'Recibida' as a chip (its words carry it; the colour only helps). */
export function StatusChip({ status }: { status: PurchaseOrderStatus }) {
  return <span className={`status-chip ${STATUS_TONE[status]}`}>{text.statuses[status]}</span>;
}

// --- /providers -----------------------------------------------------------------------------

const providerColumns = text.providers.columns;

export const PROVIDER_COLUMNS: ListColumn<ProviderRow, ProviderSortColumn>[] = [
  {
    key: 'name',
    sort: 'name',
    label: providerColumns.name,
    cell: (row) => <AppLink href={providerHref(row.id)}>{row.name}</AppLink>,
  },
  { key: 'rfc', label: providerColumns.rfc, cell: (row) => row.rfc ?? '—', nowrap: true },
  { key: 'phone', label: providerColumns.phone, cell: (row) => row.phone ?? '—', nowrap: true },
  { key: 'email', label: providerColumns.email, cell: (row) => row.email ?? '—' },
  {
    key: 'credit_days',
    sort: 'credit_days',
    label: providerColumns.creditDays,
    cell: (row) => text.providers.creditDays(row.credit_days),
    nowrap: true,
  },
  { key: 'balance', sort: 'balance', label: providerColumns.balance, cell: (row) => formatMoney(row.balance), numeric: true },
];

export function ProviderCard({ row, onMenu }: { row: ProviderRow; onMenu: (row: ProviderRow) => void }) {
  return (
    <div className="list-card">
      <AppLink href={providerHref(row.id)} className="list-card__main">
        <span className="list-card__title">{row.name}</span>
        <span>
          {row.phone ?? '—'}
          {row.email ? ` · ${row.email}` : ''}
        </span>
        <span>
          {text.providers.creditDays(row.credit_days)} · {providerColumns.balance}: {formatMoney(row.balance)}
        </span>
      </AppLink>
      <button type="button" className="icon-button" aria-label={text.providers.actionsFor(row.name)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

export function providerExportRows(rows: readonly ProviderRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [providerColumns.name]: row.name,
    [providerColumns.rfc]: row.rfc ?? '',
    [providerColumns.phone]: row.phone ?? '',
    [providerColumns.email]: row.email ?? '',
    [providerColumns.creditDays]: row.credit_days,
    [providerColumns.balance]: row.balance,
  }));
}

// --- /shopping ------------------------------------------------------------------------------

const shoppingColumns = text.shoppings.columns;

export const SHOPPING_COLUMNS: ListColumn<ShoppingRow, ShoppingSortColumn>[] = [
  {
    key: 'id',
    sort: 'id',
    label: shoppingColumns.folio,
    cell: (row) => <AppLink href={shoppingHref(row.id)}>{purchaseOrderFolio(row.id)}</AppLink>,
    nowrap: true,
  },
  { key: 'provider', label: shoppingColumns.provider, cell: (row) => row.provider_name },
  { key: 'created_at', sort: 'created_at', label: shoppingColumns.created, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'due_date', sort: 'due_date', label: shoppingColumns.dueDate, cell: (row) => formatCalendarDate(row.due_date), nowrap: true },
  { key: 'total', sort: 'total', label: shoppingColumns.total, cell: (row) => formatMoney(row.total), numeric: true },
  { key: 'status', label: shoppingColumns.status, cell: (row) => <StatusChip status={row.status} /> },
];

export function ShoppingCard({ row }: { row: ShoppingRow }) {
  return (
    <div className="list-card">
      <AppLink href={shoppingHref(row.id)} className="list-card__main">
        <span className="list-card__title">
          {purchaseOrderFolio(row.id)} · {row.provider_name}
        </span>
        <span>
          {formatMoney(row.total)} · {shoppingColumns.dueDate} {formatCalendarDate(row.due_date)}
        </span>
        <span className="list-card__line">
          <StatusChip status={row.status} />
        </span>
      </AppLink>
    </div>
  );
}

export function shoppingExportRows(rows: readonly ShoppingRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [shoppingColumns.folio]: purchaseOrderFolio(row.id),
    [shoppingColumns.provider]: row.provider_name,
    [shoppingColumns.created]: new Date(row.created_at),
    [shoppingColumns.dueDate]: calendarDate(row.due_date),
    [shoppingColumns.total]: row.total,
    [shoppingColumns.status]: row.status,
  }));
}

// --- /provider-payments ---------------------------------------------------------------------

const paymentColumns = text.payments.columns;

export const PAYMENT_COLUMNS: ListColumn<ProviderPaymentRow, ProviderPaymentSortColumn>[] = [
  { key: 'id', sort: 'id', label: paymentColumns.id, cell: (row) => row.id, nowrap: true },
  {
    key: 'provider',
    label: paymentColumns.provider,
    cell: (row) => <AppLink href={providerHref(row.provider_id)}>{row.provider_name}</AppLink>,
  },
  { key: 'date', sort: 'date', label: paymentColumns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'amount', sort: 'amount', label: paymentColumns.amount, cell: (row) => formatMoney(row.amount), numeric: true },
  { key: 'method', label: paymentColumns.method, cell: (row) => row.payment_method ?? text.payments.noMethod },
  { key: 'reference', label: paymentColumns.reference, cell: (row) => row.reference ?? '—' },
  {
    key: 'order',
    label: paymentColumns.order,
    cell: (row) =>
      row.purchase_order_id ? (
        <AppLink href={shoppingHref(row.purchase_order_id)}>{purchaseOrderFolio(row.purchase_order_id)}</AppLink>
      ) : (
        '—'
      ),
    nowrap: true,
  },
];

export function PaymentCard({ row, onMenu }: { row: ProviderPaymentRow; onMenu: (row: ProviderPaymentRow) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {formatMoney(row.amount)} · {row.provider_name}
        </span>
        <span>
          {formatCalendarDate(row.date)} · {row.payment_method ?? text.payments.noMethod}
          {row.reference ? ` · ${row.reference}` : ''}
        </span>
        {row.purchase_order_id && <span>{purchaseOrderFolio(row.purchase_order_id)}</span>}
      </div>
      <button type="button" className="icon-button" aria-label={text.payments.actionsFor(row.id)} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}

export function paymentExportRows(rows: readonly ProviderPaymentRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [paymentColumns.id]: row.id,
    [paymentColumns.provider]: row.provider_name,
    [paymentColumns.date]: calendarDate(row.date),
    [paymentColumns.amount]: row.amount,
    [paymentColumns.method]: row.payment_method ?? '',
    [paymentColumns.reference]: row.reference ?? '',
    [paymentColumns.order]: row.purchase_order_id ? purchaseOrderFolio(row.purchase_order_id) : '',
  }));
}
