import { useState } from 'react';
import { formatCalendarDate } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { callPageSchema, type CallRow, type CrmSortColumn } from '../../../domain/schemas/crm';
import { Dialog } from '../../ui/dialog';
import { calendarDate } from '../../ui/office-list/export-sheet';
import { FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { CrmEntryForm } from './crm-entry-form';
import { crmListSource, type CrmFilters } from './crm-filters';
import { crmKeys } from './queries';
import './crm.css';

const text = crmMessages.calls;
const columns = text.columns;
const CALLS = crmListSource<CallRow>({
  storeKey: 'calls-filters',
  stateFilter: null,
  path: '/api/v2/calls',
  queryKey: crmKeys.calls,
  schema: callPageSchema,
});
const who = (row: CallRow) => row.company_name ?? row.lead_name ?? '—';
const rowKey = (row: CallRow) => row.id;

const CALL_COLUMNS: ListColumn<CallRow, CrmSortColumn>[] = [
  { key: 'date', sort: 'date', label: columns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'who', label: columns.who, cell: who },
  { key: 'contact', label: columns.contact, cell: (row) => row.contact_name ?? '—' },
  { key: 'user', label: columns.user, cell: (row) => row.user_name },
  { key: 'duration', label: columns.duration, cell: (row) => row.duration_minutes, numeric: true },
  { key: 'result', label: columns.result, cell: (row) => row.result ?? '—' },
  { key: 'next', label: columns.nextStep, cell: (row) => row.next_step ?? '—' },
];

/**
 * `/calls` ('Llamadas'): the calls made to customers and leads, newest first, by
 * dates, with result and next step; 'Registrar llamada' in a dialog; Excel export of the page.
 */
export default function CallsPage() {
  const { paging, button, drawer, list } = useFilteredList<CrmFilters, CallRow, CrmSortColumn>(CALLS);
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();
  const calls = list.rows;
  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {crmMessages.entry.callTitle}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={calls}
            file={text.exportFile}
            sheet={text.exportSheet}
            toRows={(page) =>
              page.map((row) => ({
                [columns.date]: calendarDate(row.date),
                [columns.who]: who(row),
                [columns.contact]: row.contact_name ?? '',
                [columns.user]: row.user_name,
                [columns.duration]: row.duration_minutes,
                [columns.result]: row.result ?? '',
                [columns.note]: row.note ?? '',
                [columns.nextStep]: row.next_step ?? '',
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
              {() => null}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={crmMessages.entry.callTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <CrmEntryForm
                  kind="call"
                  onCancel={close}
                  onSaved={() => {
                    close();
                    notify(crmMessages.entry.callSaved, 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={CALL_COLUMNS}
        estimateSize={100}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">
                {who(row)} · {row.result ?? '—'}
              </span>
              <span>
                {formatCalendarDate(row.date)} · {row.duration_minutes} min · {row.user_name}
              </span>
              {row.next_step && (
                <span>
                  {columns.nextStep}: {row.next_step}
                </span>
              )}
            </div>
          </div>
        )}
      />
    </ListScreen>
  );
}
