import { lazy, useCallback, useState } from 'react';
import { formatCalendarDate, formatMoney } from '../../../domain/format';
import { payrollMessages } from '../../../domain/messages/payroll';
import { printMessages } from '../../../domain/messages/shell';
import { payrollPageSchema, type PayrollRow, type PayrollSortColumn } from '../../../domain/schemas/payroll';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { openPrintWindow } from '../../lib/session-store';
import { EMPTY_PAYROLL_FILTERS, parseStoredPayrollFilters, payrollFilterParams, type PayrollFilters } from './payroll-filters';
import { PAYROLL_COLUMNS, PayrollCard, payrollExportRows, payrollRowKey } from './payroll-rows';
import { PayrollTotals } from './payroll-totals';
import { payrollKeys, useEmployees } from './queries';
import './payroll.css';

const text = payrollMessages;
// The form loads with its dialog: the list opens without it (and without Ionic).
const PayrollForm = lazy(() => import('./payroll-form').then((module) => ({ default: module.PayrollForm })));
const noFilters = () => EMPTY_PAYROLL_FILTERS;

/** Where the list's rows come from and where its filters are kept. */
const LIST: FilteredListSource<PayrollFilters, PayrollRow, PayrollSortColumn> = {
  storeKey: 'payroll-filters',
  parse: parseStoredPayrollFilters,
  empty: noFilters,
  params: payrollFilterParams,
  queryKey: (filters) => payrollKeys.list(filters),
  path: '/api/v2/payrolls',
  schema: payrollPageSchema,
};

const menuLabel = (row: PayrollRow) => text.actionsFor(row.employee, formatCalendarDate(row.date));

/**
 * `/payroll` ('Nómina'): the receipts, server paged and sorted by date, employee or
 * total, filters (dates, employee) kept until cleared, the period's totals from the server
 * above the list, Excel export of the page with every field, 'Nuevo recibo' and each
 * receipt's 'Editar' in a dialog, and 'Imprimir recibos' (the page) or one receipt's
 * 'Imprimir recibo' as 'Recibo' slips, four per page.
 */
export default function PayrollPage() {
  const [now] = useState(() => new Date());
  const { paging, filters, button, drawer, list } = useFilteredList(LIST);
  const employees = useEmployees();
  // null: closed; 'new': a new receipt; a row: that receipt edited.
  const [form, setForm] = useState<PayrollRow | 'new' | null>(null);
  const [notify, toast] = useToast();
  const receipts = list.rows;

  const print = useCallback(
    (rows: PayrollRow[]) => {
      if (!openPrintWindow({ kind: 'payroll', data: { receipts: rows } })) notify(printMessages.blocked, 'danger');
    },
    [notify],
  );
  const rowMenu = useCallback(
    (row: PayrollRow) => [
      { text: text.edit, handler: () => setForm(row) },
      { text: text.printOne, handler: () => print([row]) },
    ],
    [print],
  );
  const header = useCallback((row: PayrollRow) => `${row.employee} · ${formatCalendarDate(row.date)} · ${formatMoney(row.total)}`, []);
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
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setForm('new')}>
            {text.add}
          </button>
          <FiltersButton {...button} />
          <button type="button" className="outline-button" onClick={() => print([...receipts])} disabled={receipts.length === 0}>
            {text.printPage}
          </button>
          <PageExport rows={receipts} file={text.exportFile} sheet={text.exportSheet} toRows={payrollExportRows} notify={notify} />
        </>
      }
      above={<PayrollTotals filters={filters} now={now} />}
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <ChoiceField
                  label={text.employee}
                  anyLabel={text.anyEmployee}
                  options={(employees.data ?? []).map((person) => ({ value: String(person.id), label: `${person.name} ${person.last}` }))}
                  value={draft.userId === null ? '' : String(draft.userId)}
                  onChange={(value) => set({ userId: value === '' ? null : Number(value) })}
                />
              )}
            </FilterDrawer>
          )}
          {form && (
            <Dialog label={form === 'new' ? text.formTitle : text.editTitle(form.employee)} onClose={() => setForm(null)}>
              {(close) => (
                <PayrollForm
                  editing={form === 'new' ? null : form}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(saved.employee, formatMoney(saved.total)), 'success');
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
        rowKey={payrollRowKey}
        columns={PAYROLL_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={96}
        card={(row) => <PayrollCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
