import { useQuery } from '@tanstack/react-query';
import { AGING_LABELS } from '../../../domain/aging';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { balancesMessages } from '../../../domain/messages/balances';
import { driverMessages } from '../../../domain/messages/driver';
import { customerBalanceSchema } from '../../../domain/schemas/collections';
import { QueryStatus } from '../../ui/query-status';
import { AppLink } from '../../ui/app-link';
import { apiRequest } from '../../lib/api';

const text = balancesMessages;
const columns = text.saleColumns;

/** A customer's overdue sales under its row of /balances, oldest first (GET /api/v2/balances/{id}). */
export function OverdueSales({ companyId, companyName, saleLinks }: { companyId: number; companyName: string; saleLinks: boolean }) {
  const balance = useQuery({
    // The payment form reads the same answer under the same key: one refresh serves both.
    queryKey: ['balances', 'customer', companyId],
    queryFn: ({ signal }) => apiRequest(`/api/v2/balances/${companyId}`, { schema: customerBalanceSchema, signal }),
  });
  if (!balance.data) return <QueryStatus query={balance} loading={text.loadingSales} />;
  const overdue = balance.data.data.filter((sale) => sale.bucket !== 'current');
  if (overdue.length === 0) return <p className="empty-state">{text.noOverdueSales}</p>;
  return (
    <div className="overdue-sales">
      <table className="overdue-sales__table">
        <caption className="visually-hidden">{text.salesOf(companyName)}</caption>
        <thead>
          <tr>
            <th scope="col">{columns.folio}</th>
            <th scope="col">{columns.date}</th>
            <th scope="col">{columns.dueDate}</th>
            <th scope="col" className="numeric">
              {columns.total}
            </th>
            <th scope="col" className="numeric">
              {columns.balance}
            </th>
            <th scope="col" className="numeric">
              {columns.daysOverdue}
            </th>
            <th scope="col">{columns.bucket}</th>
            <th scope="col">{columns.seller}</th>
          </tr>
        </thead>
        <tbody>
          {overdue.map((sale) => {
            const folio = driverMessages.saleFolio(sale.id);
            return (
              <tr key={sale.id}>
                <th scope="row">{saleLinks ? <AppLink href={`/sales/${sale.id}`}>{folio}</AppLink> : folio}</th>
                <td className="nowrap">{formatCalendarDate(sale.date)}</td>
                <td className="nowrap">{sale.due_date ? formatCalendarDate(sale.due_date) : '—'}</td>
                <td className="numeric">{formatMoney(sale.total)}</td>
                <td className="numeric">{formatMoney(sale.due_balance)}</td>
                <td className="numeric">{sale.days_overdue}</td>
                <td>{AGING_LABELS[sale.bucket]}</td>
                <td>{sale.user_name}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
