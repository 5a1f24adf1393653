import { useId, useState, type FormEvent } from 'react';
import { listMessages } from '../../../domain/messages/office-list';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { PURCHASE_ORDER_STATUSES } from '../../../domain/purchasing';
import { shoppingPageSchema, type ShoppingRow, type ShoppingSortColumn } from '../../../domain/schemas/purchasing';
import { Dialog } from '../../ui/dialog';
import { ChoiceField, FilterDrawer } from '../../ui/office-list/filter-drawer';
import { useScreenChrome } from '../../ui/screen-chrome';
import { ListRows } from '../../ui/office-list/list-rows';
import { FiltersButton, ListScreen } from '../../ui/office-list/list-screen';
import { useToast } from '../../ui/toast';
import { PageExport } from '../../ui/office-list/page-export';
import { useFilteredList, type FilteredListSource } from '../../ui/office-list/use-filtered-list';
import { EMPTY_SHOPPING_FILTERS, parseStoredShoppingFilters, shoppingFilterParams, type ShoppingFilters } from './purchasing-filters';
import { rowKey, SHOPPING_COLUMNS, ShoppingCard, shoppingExportRows } from './purchasing-rows';
import { purchasingKeys, useProviderOptions } from './queries';
import { Field } from '../../ui/form-fields';
import './purchasing.css';

const text = purchasingMessages.shoppings;
const SHOPPINGS: FilteredListSource<ShoppingFilters, ShoppingRow> = {
  storeKey: 'shopping-filters',
  parse: parseStoredShoppingFilters,
  empty: () => EMPTY_SHOPPING_FILTERS,
  params: shoppingFilterParams,
  queryKey: purchasingKeys.shoppings,
  path: '/api/v2/shoppings',
  schema: shoppingPageSchema,
};
const STATUSES = PURCHASE_ORDER_STATUSES.map((value) => ({ value, label: purchasingMessages.statuses[value] }));

/**
 * `/shopping` ('Compras'): the purchase orders with their provider, dates, total and
 * status ('Pendiente', 'Parcial', 'Recibida'), server paged and sorted, filters (dates,
 * provider, status) kept until cleared, Excel export of the page, and 'Nueva compra', which
 * asks for the provider and opens its purchase order form. A folio opens the order.
 */
export default function ShoppingsPage() {
  const { paging, button, drawer, list } = useFilteredList<ShoppingFilters, ShoppingRow, ShoppingSortColumn>(SHOPPINGS);
  const providers = useProviderOptions();
  const providerChoices = (providers.data ?? []).map((provider) => ({ value: String(provider.id), label: provider.name }));
  const [choosing, setChoosing] = useState(false);
  const [notify, toast] = useToast();

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      toolbar={
        <>
          <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setChoosing(true)}>
            {text.add}
          </button>
          <FiltersButton {...button} />
          <PageExport
            rows={list.rows}
            file={text.exportFile}
            sheet={text.exportSheet}
            toRows={shoppingExportRows}
            moments={[text.columns.created]}
            notify={notify}
          />
        </>
      }
      overlays={
        <>
          {drawer && (
            <FilterDrawer title={text.filterTitle} {...drawer}>
              {(draft, set) => (
                <>
                  <ChoiceField
                    label={text.provider}
                    anyLabel={text.anyProvider}
                    options={providerChoices}
                    value={draft.providerId === null ? '' : String(draft.providerId)}
                    onChange={(value) => set({ providerId: value === '' ? null : Number(value) })}
                  />
                  <ChoiceField
                    label={text.status}
                    anyLabel={text.anyStatus}
                    options={STATUSES}
                    value={draft.status}
                    onChange={(status) => set({ status })}
                  />
                </>
              )}
            </FilterDrawer>
          )}
          {choosing && (
            <Dialog label={text.chooseProviderTitle} onClose={() => setChoosing(false)}>
              {(close) => <ChooseProvider choices={providerChoices} onCancel={close} />}
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
        columns={SHOPPING_COLUMNS}
        estimateSize={100}
        card={(row) => <ShoppingCard row={row} />}
      />
    </ListScreen>
  );
}

/** 'Nueva compra': which provider it is for; then its form at /shopping/{provider_id}. */
function ChooseProvider({ choices, onCancel }: { choices: { value: string; label: string }[]; onCancel: () => void }) {
  const { navigate } = useScreenChrome();
  const [providerId, setProviderId] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!providerId) return;
    onCancel();
    navigate(`/shopping/${providerId}`);
  };
  return (
    <form onSubmit={submit} className="purchasing-form">
      <Field id={id} label={text.chooseProvider}>
        <select id={id} value={providerId} onChange={(e) => setProviderId(e.target.value)} required>
          <option value="">{text.chooseProvider}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="form-actions">
        <button type="button" className="outline-button" onClick={onCancel}>
          {listMessages.cancel}
        </button>
        <button type="submit" className="button-primary button-primary--padded" disabled={!providerId}>
          {text.continue}
        </button>
      </div>
    </form>
  );
}
