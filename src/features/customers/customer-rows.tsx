import { formatMoment, formatMoney } from '../../../domain/format';
import { customersMessages } from '../../../domain/messages/customers';
import type { CompanyRow, CompanySortColumn } from '../../../domain/schemas/customers';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';

const text = customersMessages.list;
const columns = text.columns;

export const customerRowKey = (row: CompanyRow) => row.id;
export const customerHref = (id: number) => `/clients/client/${id}`;

/** 'Sin verificar': created at the counter, not checked by the office yet. */
export function UnverifiedBadge() {
  return <span className="status-chip status-chip--warning">{customersMessages.unverified}</span>;
}

/** An overdue balance reads in red; none reads plain. */
function Overdue({ amount }: { amount: number }) {
  return amount > 0 ? <span className="customer-overdue">{formatMoney(amount)}</span> : <>{formatMoney(amount)}</>;
}

/** The columns of /clients: each name opens the customer's page. */
export const CUSTOMER_COLUMNS: ListColumn<CompanyRow, CompanySortColumn>[] = [
  {
    key: 'name',
    sort: 'name',
    label: columns.name,
    cell: (row) => (
      <span className="customer-name">
        <AppLink href={customerHref(row.id)} title={text.open(row.name)}>
          {row.name}
        </AppLink>
        {row.verified_at === null && <UnverifiedBadge />}
      </span>
    ),
  },
  { key: 'razon_social', label: columns.legalName, cell: (row) => row.razon_social },
  { key: 'rfc', label: columns.rfc, cell: (row) => row.rfc ?? '—', nowrap: true },
  { key: 'credit_days', sort: 'credit_days', label: columns.creditDays, cell: (row) => row.credit_days, numeric: true },
  { key: 'due_balance', sort: 'due_balance', label: columns.dueBalance, cell: (row) => formatMoney(row.due_balance), numeric: true },
  { key: 'overdue_balance', label: columns.overdueBalance, cell: (row) => <Overdue amount={row.overdue_balance} />, numeric: true },
  { key: 'created_at', sort: 'created_at', label: columns.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
  { key: 'created_by', label: columns.createdBy, cell: (row) => row.created_by ?? '—' },
];

/** A customer on a phone: the whole card opens its page. */
export function CustomerCard({ row }: { row: CompanyRow }) {
  return (
    <div className="list-card">
      <AppLink href={customerHref(row.id)} className="list-card__main">
        <span className="list-card__title">{row.name}</span>
        <span>
          {row.razon_social}
          {row.rfc ? ` · ${row.rfc}` : ''}
        </span>
        <span>
          {text.creditDays(row.credit_days)} · {text.balances(formatMoney(row.due_balance), formatMoney(row.overdue_balance))}
        </span>
        {row.verified_at === null && (
          <span className="list-card__line">
            <UnverifiedBadge />
          </span>
        )}
      </AppLink>
    </div>
  );
}
