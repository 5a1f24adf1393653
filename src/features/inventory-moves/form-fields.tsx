import type { Branch } from '../../../domain/schemas/inventory-moves';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { describedBy, Field } from '../../ui/form-fields';
import { FormActions as SharedFormActions } from '../../ui/form-actions';
import { useBranches, useItems } from './queries';
import type { MoveForm } from './use-move-form';

const text = inventoryMovesMessages;

export function ItemOptions({ items }: { items: readonly { id: number; name: string; unit: { name: string } }[] | undefined }) {
  return (
    <>
      <option value="">{text.chooseItem}</option>
      {items?.map((item) => (
        <option key={item.id} value={item.id}>
          {item.name} ({item.unit.name})
        </option>
      ))}
    </>
  );
}

export function BranchOptions({ branches, empty }: { branches: readonly Branch[] | undefined; empty: string }) {
  return (
    <>
      <option value="">{empty}</option>
      {branches?.map((branch) => (
        <option key={branch.id} value={branch.id}>
          {branch.name}
        </option>
      ))}
    </>
  );
}

/** A select's value as an id, or undefined when none is chosen. */
export const chosenId = (value: string) => (value === '' ? undefined : Number(value));

/** The product, the branch (the person's own unless chosen) and the quantity of a one-product movement. */
export function ItemBranchQuantity({
  form,
  quantityHint,
}: {
  form: MoveForm<{ item_id: string; branch_id: string; quantity: string }>;
  quantityHint: string;
}) {
  const { draft, errors, id, set } = form;
  const items = useItems();
  const branches = useBranches();
  return (
    <>
      <Field id={id('item_id')} label={text.item} error={errors.item_id}>
        <select
          id={id('item_id')}
          value={draft.item_id}
          onChange={(e) => set('item_id', e.target.value)}
          {...describedBy(id('item_id'), errors.item_id)}
        >
          <ItemOptions items={items.data} />
        </select>
      </Field>
      <Field id={id('branch_id')} label={text.branch} error={errors.branch_id}>
        <select
          id={id('branch_id')}
          value={draft.branch_id}
          onChange={(e) => set('branch_id', e.target.value)}
          {...describedBy(id('branch_id'), errors.branch_id)}
        >
          <BranchOptions branches={branches.data} empty={text.ownBranch} />
        </select>
      </Field>
      <Field id={id('quantity')} label={text.quantity} error={errors.quantity} hint={quantityHint}>
        <input
          id={id('quantity')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.quantity}
          onChange={(e) => set('quantity', e.target.value)}
          {...describedBy(id('quantity'), errors.quantity, true)}
        />
      </Field>
    </>
  );
}

/** The end of an inventory form, with the inventory forms' labels. */
export function FormActions(props: { serverError: string | null; pending: boolean; onCancel: () => void }) {
  return <SharedFormActions {...props} labels={text} />;
}
