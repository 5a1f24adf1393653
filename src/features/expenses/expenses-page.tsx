import { IonActionSheet } from '@ionic/react';
import { useCallback, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { hasPermission } from '../../../domain/permissions';
import { expensePageSchema, type ExpenseRow, type ExpenseSortColumn } from '../../../domain/schemas/expenses';
import { Dialog } from '../../app/dialog';
import { writeSheet } from '../../app/office-list/export-sheet';
import { ChoiceField, FilterDrawer } from '../../app/office-list/filter-drawer';
import { ListCards, ListTable } from '../../app/office-list/list-rows';
import { ExportButton, FiltersButton, ListScreen, useListToast, useRowMenu } from '../../app/office-list/list-screen';
import { useListFilters } from '../../app/office-list/use-list-filters';
import { useListPaging, usePagedList } from '../../app/office-list/use-paged-list';
import { useStoredFilters } from '../../app/office-list/use-stored-filters';
import { useWideScreen } from '../../app/office-list/use-wide-screen';
import { useShell } from '../../app/shell-context';
import { useSheet } from '../../app/use-sheet';
import { getErrorMessage } from '../../lib/api';
import { EMPTY_EXPENSE_FILTERS, expenseFilterParams, expenseListQuery, parseStoredExpenseFilters } from './expense-filters';
import { ExpenseForm } from './expense-form';
import { EXPENSE_COLUMNS, ExpenseCard, expenseExportRows, expenseRowKey } from './expense-rows';
import { ExpenseSummary } from './expense-summary';
import { expenseKeys, useExpenseMutations, useExpenseTypes } from './queries';
import './expenses.css';

const text = messages.expenses;
const noFilters = () => EMPTY_EXPENSE_FILTERS;
const menuLabel = (row: ExpenseRow) => text.actionsFor(row.id);

/**
 * `/expenses` ('Gastos', issue 13): the expenses, server paged and sorted by date or amount,
 * filters (dates, type) kept until cleared, the period's expenses by type above the list,
 * Excel export of the page, 'Registrar gasto' in a dialog, and each expense's menu to
 * delete it after a confirmation.
 */
export default function ExpensesPage() {
  const { user } = useShell();
  const [now] = useState(() => new Date());
  const paging = useListPaging<ExpenseSortColumn>();
  const stored = useStoredFilters('expenses-filters', parseStoredExpenseFilters, noFilters);
  const { filters, button, drawer } = useListFilters(stored, expenseFilterParams, paging);
  const list = usePagedList({
    queryKey: expenseKeys.list(filters),
    path: '/api/v2/expenses',
    search: (page, total) => expenseListQuery(filters, page, total),
    paging,
    schema: expensePageSchema,
  });
  const types = useExpenseTypes();
  const { remove } = useExpenseMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting, deleteSheet] = useSheet<ExpenseRow>();
  const [notify, toast] = useListToast();
  const wide = useWideScreen();
  const expenses = list.rows;

  const rowMenu = useCallback((row: ExpenseRow) => [{ text: text.delete, role: 'destructive', handler: () => setDeleting(row) }], [setDeleting]);
  const header = useCallback((row: ExpenseRow) => `${row.type} · ${formatMoney(row.amount)}`, []);
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
            {text.add}
          </button>
          <FiltersButton {...button} />
          {hasPermission(user, 'download') && (
            <ExportButton
              run={() => writeSheet({ file: text.exportFile, sheet: text.exportSheet, rows: expenseExportRows(expenses) })}
              disabled={expenses.length === 0}
              onError={(message) => notify(message, 'danger')}
            />
          )}
          <span role="status" className="office-list__status">
            {remove.isPending ? messages.common.loading : ''}
          </span>
        </>
      }
      above={<ExpenseSummary filters={filters} now={now} />}
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <ChoiceField
                  label={text.type}
                  anyLabel={text.anyType}
                  options={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
                  value={draft.typeId === null ? '' : String(draft.typeId)}
                  onChange={(value) => set({ typeId: value === '' ? null : Number(value) })}
                />
              )}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={text.formTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <ExpenseForm
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(formatMoney(saved.amount)), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {menu.sheet}
          {deleting && (
            <IonActionSheet
              key={deleteSheet.key}
              isOpen
              header={text.deleteConfirm(deleting.description ?? deleting.type, formatMoney(deleting.amount))}
              buttons={[
                {
                  text: text.delete,
                  role: 'destructive',
                  handler: () =>
                    remove.mutate(deleting.id, {
                      onSuccess: () => notify(text.deleted, 'success'),
                      onError: (error) => notify(getErrorMessage(error), 'danger'),
                    }),
                },
                { text: messages.list.cancel, role: 'cancel' },
              ]}
              onDidDismiss={deleteSheet.onDidDismiss}
            />
          )}
          {toast}
        </>
      }
    >
      {wide ? (
        <ListTable
          rows={expenses}
          rowKey={expenseRowKey}
          columns={EXPENSE_COLUMNS}
          busy={list.query.isFetching}
          sort={paging.sort}
          onSort={paging.setSort}
          menuLabel={menuLabel}
          onMenu={menu.open}
        />
      ) : (
        <ListCards rows={expenses} rowKey={expenseRowKey} busy={list.query.isFetching} estimateSize={96}>
          {(row) => <ExpenseCard row={row} onMenu={menu.open} />}
        </ListCards>
      )}
    </ListScreen>
  );
}
