import { useQuery } from '@tanstack/react-query';
import { LOG_ACTIONS, LOGGED_ENTITIES, type LogAction, type LoggedEntity } from '../../../domain/activity-log';
import { activityLogMessages } from '../../../domain/messages/activity-log';
import { activityLogPageSchema, type ActivityLogRow, type ActivityLogSortColumn } from '../../../domain/schemas/activity-log';
import { userListSchema } from '../../../domain/schemas/reference';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { apiRequest } from '../../lib/api';
import { EMPTY_LOG_FILTERS, logFilterParams, parseStoredLogFilters, type LogFilters } from './log-filters';
import { LOG_COLUMNS, LogCard, LogChanges, logExportRows, logRowKey } from './log-rows';
import './activity-log.css';

const text = activityLogMessages;
const noFilters = () => EMPTY_LOG_FILTERS;

/** Where the list's rows come from and where its filters are kept. */
const LIST: FilteredListSource<LogFilters, ActivityLogRow, ActivityLogSortColumn> = {
  storeKey: 'activity-log-filters',
  parse: parseStoredLogFilters,
  empty: noFilters,
  params: logFilterParams,
  queryKey: (filters) => ['activity-log', 'list', filters],
  path: '/api/v2/logs',
  schema: activityLogPageSchema,
};

const ENTITIES = (Object.entries(LOGGED_ENTITIES) as [LoggedEntity, string][])
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));
const ACTIONS = (Object.entries(LOG_ACTIONS) as [LogAction, string][]).map(([value, label]) => ({ value, label }));
const expand = {
  header: text.detailsHeader,
  label: (row: ActivityLogRow, open: boolean) => text.showChanges(row.id, open),
  render: (row: ActivityLogRow) => <LogChanges row={row} />,
};

/** Everyone who can sign in, for the Usuario filter; the same cached answer as every other user list. */
function usePeople() {
  return useQuery({
    queryKey: ['users'],
    queryFn: ({ signal }) => apiRequest('/api/v1/user/all', { schema: userListSchema, signal }),
    select: (answer) => answer.data.map((user) => ({ value: String(user.id), label: `${user.name} ${user.last}` })),
    staleTime: 60 * 60 * 1000,
  });
}

/**
 * `/activity-log` ('Bitácora'): every change made through the API, newest first,
 * server paged, filters (dates, person, record, action) kept until cleared, each entry's
 * changes (before and after) opened under its row, Excel export of the page. Read only: the
 * server writes the log in each change's own transaction and nothing can edit it.
 */
export default function ActivityLogPage() {
  const { paging, button, drawer, list } = useFilteredList(LIST);
  const people = usePeople();
  const [notify, toast] = useToast();
  const entries = list.rows;

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
          <PageExport rows={entries} file={text.exportFile} sheet={text.exportSheet} toRows={logExportRows} notify={notify} />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <>
                  <ChoiceField
                    label={text.user}
                    anyLabel={text.anyUser}
                    options={people.data ?? []}
                    value={draft.userId === null ? '' : String(draft.userId)}
                    onChange={(value) => set({ userId: value === '' ? null : Number(value) })}
                  />
                  <ChoiceField
                    label={text.entity}
                    anyLabel={text.anyEntity}
                    options={ENTITIES}
                    value={draft.entity}
                    onChange={(entity) => set({ entity })}
                  />
                  <ChoiceField
                    label={text.action}
                    anyLabel={text.anyAction}
                    options={ACTIONS}
                    value={draft.action}
                    onChange={(action) => set({ action })}
                  />
                </>
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
        rowKey={logRowKey}
        columns={LOG_COLUMNS}
        expand={expand}
        estimateSize={110}
        card={(row) => <LogCard row={row} />}
      />
    </ListScreen>
  );
}
