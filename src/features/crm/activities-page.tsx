import { useCallback, useState } from 'react';
import { formatCalendarDate } from '../../../domain/format';
import { crmMessages } from '../../../domain/messages/crm';
import { activityPageSchema, type ActivityRow, type CrmSortColumn } from '../../../domain/schemas/crm';
import { Dialog } from '../../ui/dialog';
import { calendarDate } from '../../ui/office-list/export-sheet';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows, type ListColumn } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList } from '../../ui/office-list/use-filtered-list';
import { getErrorMessage } from '../../lib/api';
import { CrmEntryForm } from './crm-entry-form';
import { crmListSource, type CrmFilters } from './crm-filters';
import { crmKeys, useCrmMutations } from './queries';
import './crm.css';

const text = crmMessages.activities;
const columns = text.columns;
const ACTIVITIES = crmListSource<ActivityRow>({
  storeKey: 'activities-filters',
  stateFilter: 'done',
  path: '/api/v2/activities',
  queryKey: crmKeys.activities,
  schema: activityPageSchema,
});
const STATES = [
  { value: '0', label: text.pending },
  { value: '1', label: text.done },
];
const who = (row: ActivityRow) => row.company_name ?? row.lead_name ?? '—';
const state = (row: ActivityRow) => (row.done ? text.done : text.pending);
const rowKey = (row: ActivityRow) => row.id;
const menuLabel = (row: ActivityRow) => text.actionsFor(row.title);

const ACTIVITY_COLUMNS: ListColumn<ActivityRow, CrmSortColumn>[] = [
  { key: 'date', sort: 'date', label: columns.date, cell: (row) => formatCalendarDate(row.date), nowrap: true },
  { key: 'time', label: columns.time, cell: (row) => row.time ?? '—', nowrap: true },
  { key: 'type', label: columns.type, cell: (row) => row.type ?? '—' },
  { key: 'title', label: columns.title, cell: (row) => row.title },
  { key: 'who', label: columns.who, cell: who },
  { key: 'user', label: columns.user, cell: (row) => row.user_name },
  { key: 'state', label: columns.state, cell: state },
  { key: 'next', label: columns.nextStep, cell: (row) => row.next_step ?? '—' },
];

/**
 * `/activities` ('Actividades'): visits, meetings and tasks with customers and leads
 * in date order, by dates and state; each marked done or pending again from its menu;
 * 'Registrar actividad' in a dialog; Excel export of the page.
 */
export default function ActivitiesPage() {
  const { paging, button, drawer, list } = useFilteredList<CrmFilters, ActivityRow, CrmSortColumn>(ACTIVITIES);
  const { setDone } = useCrmMutations();
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();
  const activities = list.rows;
  const toggle = useCallback(
    (row: ActivityRow) =>
      setDone.mutate(
        { id: row.id, done: !row.done },
        {
          onSuccess: () => notify(row.done ? text.markedPending(row.title) : text.markedDone(row.title), 'success'),
          onError: (error) => notify(getErrorMessage(error), 'danger'),
        },
      ),
    [setDone, notify],
  );
  const rowMenu = useCallback(
    (row: ActivityRow) => [{ text: row.done ? text.markPending : text.markDone, handler: () => toggle(row) }],
    [toggle],
  );
  const header = useCallback((row: ActivityRow) => `${formatCalendarDate(row.date)} · ${row.title}`, []);
  const menu = useRowMenu(header, rowMenu);
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
            {crmMessages.entry.activityTitle}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={activities}
            file={text.exportFile}
            sheet={text.exportSheet}
            toRows={(page) =>
              page.map((row) => ({
                [columns.date]: calendarDate(row.date),
                [columns.time]: row.time ?? '',
                [columns.type]: row.type ?? '',
                [columns.title]: row.title,
                [columns.who]: who(row),
                [columns.user]: row.user_name,
                [columns.state]: state(row),
                [columns.result]: row.result ?? '',
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
              {(draft, set) => (
                <ChoiceField
                  label={text.state}
                  anyLabel={text.anyState}
                  options={STATES}
                  value={draft.state}
                  onChange={(value) => set({ state: value })}
                />
              )}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={crmMessages.entry.activityTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <CrmEntryForm
                  kind="activity"
                  onCancel={close}
                  onSaved={() => {
                    close();
                    notify(crmMessages.entry.activitySaved, 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {menu.sheet}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={rowKey}
        columns={ACTIVITY_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={100}
        card={(row) => (
          <div className="list-card">
            <div className="list-card__main">
              <span className="list-card__title">
                {row.title} · {state(row)}
              </span>
              <span>
                {formatCalendarDate(row.date)} {row.time ?? ''} · {who(row)}
              </span>
              <span>{row.type ?? '—'}</span>
            </div>
            <button type="button" className="icon-button" aria-label={menuLabel(row)} onClick={() => menu.open(row)}>
              <span aria-hidden="true">⋮</span>
            </button>
          </div>
        )}
      />
    </ListScreen>
  );
}
