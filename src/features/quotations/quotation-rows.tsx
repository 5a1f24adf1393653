import { formatCalendarDate, formatMoment, formatMoney } from '../../../domain/format';
import { quotationsMessages } from '../../../domain/messages/quotations';
import { salesMessages } from '../../../domain/messages/sales';
import { quotationStatus, type SaleSortColumn } from '../../../domain/sale-list';
import { quotationFolio } from '../../../domain/sales';
import type { SalePageRow } from '../../../domain/schemas/reads';
import type { ListColumn } from '../../ui/office-list/list-rows';
import { AppLink } from '../../ui/app-link';

const text = quotationsMessages.list;
const columns = salesMessages.list.columns;

export const seller = (row: SalePageRow) => `${row.user_name} ${row.user_last}`;
export const day = (date: string | null) => (date ? formatCalendarDate(date) : '—');

const TONE = { current: 'success', expired: 'warning', sold: 'neutral', canceled: 'danger' } as const;

/** Vigente, Vencida, Cancelada; Vendida links to its sale for those who may open it (`saleLinks`). */
export function QuotationState({ row, now, saleLinks }: { row: SalePageRow; now: Date; saleLinks: boolean }) {
  const status = quotationStatus(row, now);
  if (status === 'sold' && row.sale_id !== null && saleLinks)
    return <AppLink href={`/sales/${row.sale_id}`}>{text.soldAs(row.sale_id)}</AppLink>;
  return (
    <span className={`status-chip status-chip--${TONE[status]}`}>
      {status === 'sold' && row.sale_id !== null ? text.soldAs(row.sale_id) : text.status[status]}
    </span>
  );
}

/** The columns of /quotations: sortable where the server sorts. */
export function quotationColumns(now: Date, saleLinks: boolean): ListColumn<SalePageRow, SaleSortColumn>[] {
  return [
    { key: 'id', sort: 'id', label: columns.folio, cell: (row) => quotationFolio(row.id) },
    { key: 'company', sort: 'company_name', label: columns.company, cell: (row) => row.company_name },
    { key: 'branch', label: columns.branch, cell: (row) => row.branch_name ?? '—' },
    { key: 'seller', label: columns.seller, cell: seller },
    { key: 'date', sort: 'date', label: columns.date, cell: (row) => day(row.date), nowrap: true },
    { key: 'due_date', label: text.dueDate, cell: (row) => day(row.due_date), nowrap: true },
    { key: 'type', label: columns.series, cell: (row) => row.type, nowrap: true },
    { key: 'total', sort: 'total', label: columns.total, cell: (row) => formatMoney(row.total), numeric: true },
    { key: 'created_at', sort: 'created_at', label: columns.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
    { key: 'status', label: text.state, cell: (row) => <QuotationState row={row} now={now} saleLinks={saleLinks} /> },
  ];
}

/**
 * A quotation on a phone: the whole card opens its menu, a large target for a thumb (the
 * sale of a sold one is on that menu).
 */
export function QuotationCard({ row, now, onMenu }: { row: SalePageRow; now: Date; onMenu?: (row: SalePageRow) => void }) {
  const folio = quotationFolio(row.id);
  const content = (
    <>
      <span className="list-card__title">
        {folio} · {row.company_name}
      </span>
      <span>
        {day(row.date)} · {seller(row)}
      </span>
      <span>
        {row.type} · {formatMoney(row.total)} · {text.dueOn(day(row.due_date))}
      </span>
      <span className="list-card__line">
        <QuotationState row={row} now={now} saleLinks={false} />
      </span>
    </>
  );
  return (
    <div className="list-card">
      {onMenu ? (
        <button type="button" className="list-card__main" aria-haspopup="dialog" onClick={() => onMenu(row)}>
          {content}
        </button>
      ) : (
        <div className="list-card__main">{content}</div>
      )}
      {onMenu && (
        <button type="button" className="icon-button" aria-label={text.actionsFor(folio)} onClick={() => onMenu(row)}>
          <span aria-hidden="true">⋮</span>
        </button>
      )}
    </div>
  );
}
