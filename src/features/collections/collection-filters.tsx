import { collectionsMessages } from '../../../domain/messages/collections';
import { ChoiceField, FilterDrawer, TextField } from '../../ui/office-list/filter-drawer';
import type { CollectionListFilters } from './list-query';
import { usePaymentMethods } from './queries';

const text = collectionsMessages.list;
const SHOW = [{ value: 'canceled', label: text.canceledOnly }] as const;

/** The filter drawer of /collections: Fecha, Cliente, Forma de pago and whether to show the cancelled ones. */
export function CollectionFilterDrawer({
  filters,
  onApply,
  onClear,
  onClose,
}: {
  filters: CollectionListFilters;
  onApply: (filters: CollectionListFilters) => void;
  onClear: () => CollectionListFilters;
  onClose: () => void;
}) {
  const methods = usePaymentMethods();
  const options = (methods.data ?? []).map((method) => ({ value: String(method.id), label: method.name }));
  return (
    <FilterDrawer title={text.filterTitle} filters={filters} onApply={onApply} onClear={onClear} onClose={onClose}>
      {(draft, set) => (
        <>
          <TextField label={text.customer} value={draft.company} onChange={(company) => set({ company })} />
          <ChoiceField
            label={text.columns.paymentMethod}
            anyLabel={text.anyPaymentMethod}
            options={options}
            value={draft.paymentMethodId === null ? '' : String(draft.paymentMethodId)}
            onChange={(value) => set({ paymentMethodId: value === '' ? null : Number(value) })}
          />
          <ChoiceField
            label={text.show}
            anyLabel={text.active}
            options={SHOW}
            value={draft.canceled ? 'canceled' : ''}
            onChange={(value) => set({ canceled: value === 'canceled' })}
          />
        </>
      )}
    </FilterDrawer>
  );
}
