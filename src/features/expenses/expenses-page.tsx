import { useCallback, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { expensesMessages } from '../../../domain/messages/expenses';
import { commonMessages } from '../../../domain/messages/shell';
import { expensePageSchema, type ExpenseRow, type ExpenseSortColumn } from '../../../domain/schemas/expenses';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { getErrorMessage } from '../../lib/api';
import { EMPTY_EXPENSE_FILTERS, expenseFilterParams, parseStoredExpenseFilters, type ExpenseFilters } from './expense-filters';
import { ExpenseForm } from './expense-form';
import { EXPENSE_COLUMNS, ExpenseCard, expenseExportRows, expenseRowKey } from './expense-rows';
import { ExpenseSummary } from './expense-summary';
import { expenseKeys, useExpenseMutations, useExpenseTypes } from './queries';
import './expenses.css';

const text = expensesMessages;
const noFilters = () => EMPTY_EXPENSE_FILTERS;

/** Where the list's rows come from and where its filters are kept. */
const LIST: FilteredListSource<ExpenseFilters, ExpenseRow, ExpenseSortColumn> = {
  storeKey: 'expenses-filters',
  parse: parseStoredExpenseFilters,
  empty: noFilters,
  params: expenseFilterParams,
  queryKey: (filters) => expenseKeys.list(filters),
  path: '/api/v2/expenses',
  schema: expensePageSchema,
};

const menuLabel = (row: ExpenseRow) => text.actionsFor(row.id);

/**
 * `/expenses` ('Gastos'): the expenses, server paged and sorted by date or amount,
 * filters (dates, type) kept until cleared, the period's expenses by type above the list,
 * Excel export of the page, 'Registrar gasto' in a dialog, and each expense's menu to
 * delete it after a confirmation.
 */
export default function ExpensesPage() {
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useFilteredList(LIST);
  const types = useExpenseTypes();
  const { remove } = useExpenseMutations();
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();
  const expenses = list.rows;
  const deleteSheet = useConfirmSheet((deleting: ExpenseRow) => ({
    header: text.deleteConfirm(deleting.description ?? deleting.type, formatMoney(deleting.amount)),
    confirm: text.delete,
    destructive: true,
    onConfirm: () =>
      remove.mutate(deleting.id, {
        onSuccess: () => notify(text.deleted, 'success'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      }),
  }));
  const askDelete = deleteSheet.ask;

  const rowMenu = useCallback(
    (row: ExpenseRow) => [{ text: text.delete, role: 'destructive', handler: () => askDelete(row) }],
    [askDelete],
  );
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
          <PageExport rows={expenses} file={text.exportFile} sheet={text.exportSheet} toRows={expenseExportRows} notify={notify} />
          <span role="status" className="office-list__status">
            {remove.isPending ? commonMessages.loading : ''}
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
          {deleteSheet.sheet}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={expenseRowKey}
        columns={EXPENSE_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={96}
        card={(row) => <ExpenseCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
