import { useCallback, useState } from 'react';
import { formatMoney } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { providerPaymentPageSchema, type ProviderPaymentRow, type ProviderPaymentSortColumn } from '../../../domain/schemas/purchasing';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { getErrorMessage } from '../../lib/api';
import { PaymentForm } from './payment-form';
import { EMPTY_PAYMENT_FILTERS, parseStoredPaymentFilters, paymentFilterParams, type PaymentFilters } from './purchasing-filters';
import { PAYMENT_COLUMNS, PaymentCard, paymentExportRows, rowKey } from './purchasing-rows';
import { purchasingKeys, useProviderOptions, usePurchasingMutations } from './queries';
import './purchasing.css';

const text = purchasingMessages.payments;
const PAYMENTS: FilteredListSource<PaymentFilters, ProviderPaymentRow> = {
  storeKey: 'provider-payments-filters',
  parse: parseStoredPaymentFilters,
  empty: () => EMPTY_PAYMENT_FILTERS,
  params: paymentFilterParams,
  queryKey: purchasingKeys.payments,
  path: '/api/v2/provider_payments',
  schema: providerPaymentPageSchema,
};
const menuLabel = (row: ProviderPaymentRow) => text.actionsFor(row.id);
const menuHeader = (row: ProviderPaymentRow) => `${row.provider_name} · ${formatMoney(row.amount)}`;

/**
 * `/provider-payments` ('Pagos a Proveedores'): the payments to providers, server
 * paged and sorted, filters (dates, provider) kept until cleared, Excel export of the page,
 * 'Registrar pago' (never above what is owed: the server refuses it) and each payment's
 * 'Eliminar' after a confirmation.
 */
export default function ProviderPaymentsPage() {
  const { paging, button, drawer, list } = useFilteredList<PaymentFilters, ProviderPaymentRow, ProviderPaymentSortColumn>(PAYMENTS);
  const providers = useProviderOptions();
  const { removePayment } = usePurchasingMutations();
  const [adding, setAdding] = useState(false);
  const [notify, toast] = useToast();
  const payments = list.rows;
  const deleteSheet = useConfirmSheet((deleting: ProviderPaymentRow) => ({
    header: text.deleteConfirm(formatMoney(deleting.amount), deleting.provider_name),
    confirm: text.delete,
    destructive: true,
    onConfirm: () =>
      removePayment.mutate(deleting.id, {
        onSuccess: () => notify(text.deleted, 'success'),
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      }),
  }));
  const askDelete = deleteSheet.ask;

  const rowMenu = useCallback(
    (row: ProviderPaymentRow) => [{ text: text.delete, role: 'destructive', handler: () => askDelete(row) }],
    [askDelete],
  );
  const menu = useRowMenu(menuHeader, rowMenu);

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
          <PageExport rows={payments} file={text.exportFile} sheet={text.exportSheet} toRows={paymentExportRows} notify={notify} />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <ChoiceField
                  label={text.provider}
                  anyLabel={purchasingMessages.shoppings.anyProvider}
                  options={(providers.data ?? []).map((provider) => ({ value: String(provider.id), label: provider.name }))}
                  value={draft.providerId === null ? '' : String(draft.providerId)}
                  onChange={(value) => set({ providerId: value === '' ? null : Number(value) })}
                />
              )}
            </FilterDrawer>
          )}
          {adding && (
            <Dialog label={text.formTitle} onClose={() => setAdding(false)}>
              {(close) => (
                <PaymentForm
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(formatMoney(saved.amount), saved.provider_name), 'success');
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
        rowKey={rowKey}
        columns={PAYMENT_COLUMNS}
        menuLabel={menuLabel}
        onMenu={menu.open}
        estimateSize={100}
        card={(row) => <PaymentCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
