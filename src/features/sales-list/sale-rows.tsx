import { formatCalendarDate, formatKg, formatMoment, formatMoney } from '../../../domain/format';
import { deliveryStatus } from '../../../domain/rules/delivery-status';
import { driverMessages } from '../../../domain/messages/driver';
import { salesMessages } from '../../../domain/messages/sales';
import type { OrderStatus, SaleSortColumn } from '../../../domain/sale-list';
import type { SalePageRow } from '../../../domain/schemas/reads';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';
import { fillsOrders } from '../../../domain/deployment';
import { useShell } from '../../ui/shell-context';
import { offlineSaleMessages } from '../../../domain/messages/offline-sales';

const text = salesMessages.list;
const columns = text.columns;

export const saleFolio = (row: SalePageRow) => driverMessages.saleFolio(row.id);
const seller = (row: SalePageRow) => `${row.user_name} ${row.user_last}`;
const day = (date: string | null) => (date ? formatCalendarDate(date) : '—');

const ORDER_TONE: Record<OrderStatus, string> = { nuevo: 'neutral', en_produccion: 'warning', surtido: 'success' };
const PAYMENT_TONE: Record<string, string> = { Pagada: 'success', Parcial: 'warning' };

export function OrderState({ status }: { status: OrderStatus | null }) {
  const { deployment } = useShell();
  if (!fillsOrders(deployment)) return null;
  if (status === null) return <>—</>;
  return <span className={`status-chip status-chip--${ORDER_TONE[status]}`}>{salesMessages.orderStatus[status]}</span>;
}

function PaymentState({ status }: { status: string }) {
  return <span className={`status-chip status-chip--${PAYMENT_TONE[status] ?? 'neutral'}`}>{status}</span>;
}

/** The folio, a link to the sale's page for those who may open it. */
export function SaleFolio({ row, link }: { row: SalePageRow; link: boolean }) {
  return link ? (
    <AppLink href={`/sales/${row.id}`} title={text.open(row.id)}>
      {saleFolio(row)}
    </AppLink>
  ) : (
    <>{saleFolio(row)}</>
  );
}

/** A sale made offline whose arrival left warnings (changed total, negative stock, overdue balance): its page says which. */
export function OfflineWarned({ row }: { row: SalePageRow }) {
  if (!row.offline_warned) return null;
  return (
    <span className="status-chip status-chip--warning" title={offlineSaleMessages.list.warnedTitle}>
      {offlineSaleMessages.list.warned}
    </span>
  );
}

const folio = { key: 'id', sort: 'id', label: columns.folio, cell: (row: SalePageRow) => <SaleFolio row={row} link /> } as const;
const company = { key: 'company', sort: 'company_name', label: columns.company, cell: (row: SalePageRow) => row.company_name } as const;
const branch = { key: 'branch', label: columns.branch, cell: (row: SalePageRow) => row.branch_name ?? '—' };
const sellerColumn = { key: 'seller', label: columns.seller, cell: seller };
const date = { key: 'date', sort: 'date', label: columns.date, cell: (row: SalePageRow) => day(row.date), nowrap: true } as const;
const total = {
  key: 'total',
  sort: 'total',
  label: columns.total,
  cell: (row: SalePageRow) => formatMoney(row.total),
  numeric: true,
} as const;
const order = { key: 'order', label: columns.order, cell: (row: SalePageRow) => <OrderState status={row.order_status} /> };

/** /sales: the quotation list's columns plus Estado de pago, Saldo and Pedido. */
export const SALE_COLUMNS: ListColumn<SalePageRow, SaleSortColumn>[] = [
  {
    ...folio,
    cell: (row) => (
      <>
        <SaleFolio row={row} link />
        <OfflineWarned row={row} />
      </>
    ),
  },
  company,
  branch,
  sellerColumn,
  date,
  { key: 'type', label: columns.series, cell: (row) => row.type, nowrap: true },
  total,
  { key: 'payment_status', label: columns.paymentStatus, cell: (row) => <PaymentState status={row.payment_status} /> },
  { key: 'due_balance', sort: 'due_balance', label: columns.dueBalance, cell: (row) => formatMoney(row.due_balance), numeric: true },
  order,
  { key: 'created_at', sort: 'created_at', label: columns.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
];

/** Over the counter, or where its latest delivery stands (spec §4 detail status), or not yet on a route. */
const delivery = (row: SalePageRow) =>
  row.bar ? salesMessages.pedidos.counter : row.delivery ? deliveryStatus(row.delivery) : salesMessages.pedidos.notRouted;

/** /pedidos: by scheduled date, with where the order stands (where orders are filled) and how it leaves (counter, or its delivery). */
export function pedidosColumns(saleLinks: boolean, withOrders: boolean): ListColumn<SalePageRow, SaleSortColumn>[] {
  return [
    saleLinks ? folio : { ...folio, cell: (row) => saleFolio(row) },
    date,
    company,
    branch,
    { key: 'delivery', label: salesMessages.pedidos.delivery, cell: delivery },
    ...(withOrders ? [order] : []),
    sellerColumn,
    { key: 'weight', label: text.weight, cell: (row) => formatKg(row.sale_weight), numeric: true },
    total,
  ];
}

/** /sales' columns, without Pedido where the business fills no orders. */
export const saleColumns = (withOrders: boolean) => (withOrders ? SALE_COLUMNS : SALE_COLUMNS.filter((column) => column !== order));

/** A sale on a phone: the card is the link to its page (when the person may open it). */
export function SaleCard({ row, link, pedidos = false }: { row: SalePageRow; link: boolean; pedidos?: boolean }) {
  const content = (
    <>
      <span className="list-card__title">
        {saleFolio(row)} · {row.company_name}
      </span>
      <span>
        {day(row.date)} · {pedidos ? delivery(row) : seller(row)}
        {row.branch_name ? ` · ${row.branch_name}` : ''}
      </span>
      <span>
        {formatMoney(row.total)}
        {!pedidos && ` · ${text.dueBalance(formatMoney(row.due_balance))}`}
      </span>
      <span className="list-card__line">
        {!pedidos && <PaymentState status={row.payment_status} />}
        <OrderState status={row.order_status} />
        {!pedidos && <OfflineWarned row={row} />}
      </span>
    </>
  );
  return (
    <div className="list-card">
      {link ? (
        <AppLink href={`/sales/${row.id}`} className="list-card__main">
          {content}
        </AppLink>
      ) : (
        <div className="list-card__main">{content}</div>
      )}
    </div>
  );
}
