import { formatMoment } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { quotationFolio } from '../../../domain/sales';
import { emailPageSchema, type EmailRow } from '../../../domain/schemas/crm';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { AppLink } from '../../ui/app-link';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { crmListSource, type CrmFilters } from './crm-filters';
import './crm.css';

const text = crmMessages.mail;
const columns = text.columns;
const MAILS = crmListSource<EmailRow>({
  storeKey: 'mail-filters',
  stateFilter: 'status',
  path: '/api/v2/emails',
  queryKey: ['crm', 'mail'],
  schema: emailPageSchema,
});
const STATES = (['pendiente', 'enviado', 'fallido'] as const).map((value) => ({ value, label: text.states[value] }));
const rowKey = (row: EmailRow) => row.id;
/** The day each was queued (Monterrey) and its state. */

function StateChip({ row }: { row: EmailRow }) {
  return <span className={`status-chip crm-mail__state crm-mail__state--${row.status}`}>{text.states[row.status]}</span>;
}

const MAIL_COLUMNS: ListColumn<EmailRow, 'created_at'>[] = [
  { key: 'created', sort: 'created_at', label: columns.createdAt, cell: (row) => formatMoment(row.created_at), nowrap: true },
  {
    key: 'subject',
    label: columns.subject,
    cell: (row) => (
      <AppLink href={`/quotations/${row.sale_id}`} title={text.openQuotation(quotationFolio(row.sale_id))}>
        {row.subject}
      </AppLink>
    ),
  },
  { key: 'to', label: columns.to, cell: (row) => row.to.join(', ') },
  { key: 'user', label: columns.user, cell: (row) => row.user_name },
  { key: 'state', label: columns.state, cell: (row) => <StateChip row={row} /> },
  { key: 'attempts', label: columns.attempts, cell: (row) => row.attempts, numeric: true },
  { key: 'error', label: columns.error, cell: (row) => (row.status === 'enviado' ? '—' : (row.last_error ?? '—')) },
];

/**
 * `/mail` ('Correos'): the quotations the app has e-mailed, newest first, with
 * whom they went to, who sent them and their state in the queue (pendiente, enviado, fallido
 * with the reason); by state; each opens its quotation; Excel export of the page.
 */
export default function MailPage() {
  const { paging, button, drawer, list } = useFilteredList<CrmFilters, EmailRow, 'created_at'>(MAILS);
  const [notify, toast] = useToast();
  const mails = list.rows;
  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <FiltersButton {...button} />
          <PageExport
            rows={mails}
            file={text.exportFile}
            sheet={text.exportSheet}
            toRows={(page) =>
              page.map((row) => ({
                [columns.createdAt]: formatMoment(row.created_at),
                [columns.subject]: row.subject,
                [columns.to]: row.to.join(', '),
                [columns.user]: row.user_name,
                [columns.state]: text.states[row.status],
                [columns.attempts]: row.attempts,
                [columns.sentAt]: row.sent_at ? formatMoment(row.sent_at) : '',
                [columns.error]: row.last_error ?? '',
              }))
            }
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <ChoiceField
                  label={text.state}
                  anyLabel={text.anyState}
                  options={STATES}
                  value={draft.state as (typeof STATES)[number]['value'] | ''}
                  onChange={(state) => set({ state })}
                />
              )}
            </FilterDrawer>
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={MAIL_COLUMNS}
        estimateSize={100}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">{row.subject}</span>
              <span>
                {formatMoment(row.created_at)} · {row.to.join(', ')}
              </span>
              <span>
                <StateChip row={row} /> {row.status !== 'enviado' && row.last_error ? row.last_error : ''}
              </span>
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
