import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { invoicesMessages } from '../../../domain/messages/invoices';
import type { InvoiceRow, InvoiceSortColumn } from '../../../domain/schemas/invoices';
import { calendarDate, type SheetCell } from '../../ui/office-list/export-sheet';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';

const text = invoicesMessages;
const columns = text.columns;
const folio = (row: InvoiceRow) => driverMessages.saleFolio(row.sale_id);
const cfdiOf = (row: InvoiceRow) => row.cfdi ?? text.noCfdi;

export const invoiceRowKey = (row: InvoiceRow) => row.shipping_detail_id;

function SaleLink({ row }: { row: InvoiceRow }) {
  return (
    <AppLink href={`/sales/${row.sale_id}`} title={text.openSale(folio(row))}>
      {folio(row)}
    </AppLink>
  );
}

/** /invoices: the columns of the table on wide screens; invoice, date and total sort on the server. */
export const INVOICE_COLUMNS: ListColumn<InvoiceRow, InvoiceSortColumn>[] = [
  { key: 'invoice', sort: 'invoice', label: columns.invoice, cell: (row) => row.invoice, nowrap: true },
  { key: 'sale', label: columns.sale, cell: (row) => <SaleLink row={row} />, nowrap: true },
  { key: 'date', sort: 'date', label: columns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'company', label: columns.company, cell: (row) => row.company_name },
  { key: 'rfc', label: columns.rfc, cell: (row) => row.rfc ?? '—', nowrap: true },
  { key: 'cfdi', label: columns.cfdi, cell: cfdiOf },
  { key: 'total', sort: 'total', label: columns.total, cell: (row) => formatMoney(row.total), numeric: true },
  { key: 'balance', label: columns.balance, cell: (row) => formatMoney(row.due_balance), numeric: true },
  { key: 'payment', label: columns.payment, cell: (row) => row.payment_status },
  { key: 'delivery', label: columns.delivery, cell: (row) => text.delivery[row.delivery] },
];

export function InvoiceCard({ row }: { row: InvoiceRow }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <span className="list-card__title">
          {columns.invoice} {row.invoice} · {formatMoney(row.total)}
        </span>
        <span>
          {row.company_name} · {row.rfc ?? '—'}
        </span>
        <span>
          <SaleLink row={row} /> · {formatCalendarDate(row.date)} · {cfdiOf(row)}
        </span>
        <span>
          {row.payment_status} · {columns.balance} {formatMoney(row.due_balance)} · {text.delivery[row.delivery]}
        </span>
      </div>
    </div>
  );
}

export function invoiceExportRows(rows: readonly InvoiceRow[]): Record<string, SheetCell>[] {
  return rows.map((row) => ({
    [columns.invoice]: row.invoice,
    [columns.sale]: folio(row),
    [columns.date]: calendarDate(row.date),
    [columns.company]: row.company_name,
    [columns.legalName]: row.razon_social,
    [columns.rfc]: row.rfc ?? '',
    [columns.cfdi]: row.cfdi ?? '',
    [columns.total]: row.total,
    [columns.balance]: row.due_balance,
    [columns.payment]: row.payment_status,
    [columns.delivery]: text.delivery[row.delivery],
  }));
}
