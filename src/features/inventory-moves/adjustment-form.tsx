import type { FormEvent } from 'react';
import { formatQuantityOf } from '../../../domain/format';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { manualAdjustmentInputSchema, type ManualAdjustmentInput } from '../../../domain/schemas/inventory-moves';
import { getErrorMessage } from '../../lib/api';
import { chosenId, FormActions, ItemBranchQuantity } from './form-fields';
import { describedBy, Field } from '../../ui/form-fields';
import { typedQuantity } from './movement-filters';
import { useAdjustmentReasons, useInventoryMoveMutations } from './queries';
import { useMoveForm } from './use-move-form';

const text = inventoryMovesMessages;

export interface AdjustmentDraft {
  item_id: string;
  branch_id: string;
  quantity: string;
  reason: string;
}
type Key = keyof AdjustmentDraft;
const FIELDS: Key[] = ['item_id', 'branch_id', 'quantity', 'reason'];

/** What the form sends, before the schema (the server's) checks it. */
export function adjustmentBody(draft: AdjustmentDraft): Record<keyof ManualAdjustmentInput, unknown> {
  return {
    item_id: chosenId(draft.item_id),
    branch_id: chosenId(draft.branch_id) ?? null,
    quantity: typedQuantity(draft.quantity),
    reason: draft.reason,
  };
}

/**
 * 'Registrar ajuste': an item, the branch (the person's own unless chosen), a quantity up or
 * down and the reason, which is required (the usual ones are suggested). A refused save keeps
 * what was typed and shows the server's message; sending it again reuses its key.
 */
export function AdjustmentForm({ onSaved, onCancel }: { onSaved: (message: string) => void; onCancel: () => void }) {
  const form = useMoveForm<AdjustmentDraft>({ item_id: '', branch_id: '', quantity: '', reason: '' }, FIELDS);
  const { draft, errors, id, set } = form;
  const reasons = useAdjustmentReasons();
  const { adjust } = useInventoryMoveMutations();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(manualAdjustmentInputSchema.safeParse(adjustmentBody(draft)));
    if (!body) return;
    adjust.mutate(body, {
      onSuccess: (saved) =>
        onSaved(text.adjustments.saved(saved.movement.item_name, `${formatQuantityOf(saved.stock, saved.movement.unit)}`)),
      onError: (error) => form.setServerError(getErrorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="inventory-form" noValidate>
      <ItemBranchQuantity form={form} quantityHint={text.adjustments.quantityHint} />
      <Field id={id('reason')} label={text.reason} error={errors.reason} hint={text.adjustments.reasonHint}>
        <input
          id={id('reason')}
          list={`${form.base}-reasons`}
          maxLength={300}
          autoComplete="off"
          value={draft.reason}
          onChange={(e) => set('reason', e.target.value)}
          {...describedBy(id('reason'), errors.reason, true)}
        />
        <datalist id={`${form.base}-reasons`}>
          {reasons.data?.map((reason) => (
            <option key={reason.id} value={reason.name} />
          ))}
        </datalist>
      </Field>
      <FormActions serverError={form.serverError} pending={adjust.isPending} onCancel={onCancel} />
    </form>
  );
}
