import type { FormEvent } from 'react';
import { formatQuantityOf } from '../../../domain/format';
import { MERMA_REASONS } from '../../../domain/inventory-moves';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { mermaInputSchema, type MermaInput } from '../../../domain/schemas/inventory-moves';
import { getErrorMessage } from '../../lib/api';
import { chosenId, FormActions, ItemBranchQuantity } from './form-fields';
import { describedBy, Field } from '../../ui/form-fields';
import { typedQuantity } from './movement-filters';
import { useInventoryMoveMutations } from './queries';
import { useMoveForm } from './use-move-form';

const text = inventoryMovesMessages;

export interface MermaDraft {
  item_id: string;
  branch_id: string;
  quantity: string;
  reason: string;
  other_reason: string;
}
type Key = keyof MermaDraft;
const FIELDS: Key[] = ['item_id', 'branch_id', 'quantity', 'reason', 'other_reason'];

export function mermaBody(draft: MermaDraft): Record<keyof MermaInput, unknown> {
  return {
    item_id: chosenId(draft.item_id),
    branch_id: chosenId(draft.branch_id) ?? null,
    quantity: typedQuantity(draft.quantity),
    reason: draft.reason || undefined,
    other_reason: draft.reason === text.otherPrefix ? draft.other_reason : null,
  };
}

/**
 * 'Registrar merma': an item, the branch, how much is lost and why (a reason of the list;
 * 'Otro' asks for its words). The server refuses more than the branch holds, saying how much
 * there is; the form shows that message and keeps what was typed.
 */
export function MermaForm({ onSaved, onCancel }: { onSaved: (message: string) => void; onCancel: () => void }) {
  const form = useMoveForm<MermaDraft>({ item_id: '', branch_id: '', quantity: '', reason: '', other_reason: '' }, FIELDS);
  const { draft, errors, id, set } = form;
  const { waste } = useInventoryMoveMutations();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.check(mermaInputSchema.safeParse(mermaBody(draft)));
    if (!body) return;
    waste.mutate(body, {
      onSuccess: (saved) => onSaved(text.mermas.saved(saved.movement.item_name, `${formatQuantityOf(saved.stock, saved.movement.unit)}`)),
      onError: (error) => form.setServerError(getErrorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="inventory-form" noValidate>
      <ItemBranchQuantity form={form} quantityHint={text.mermas.quantityHint} />
      <Field id={id('reason')} label={text.reason} error={errors.reason}>
        <select
          id={id('reason')}
          value={draft.reason}
          onChange={(e) => set('reason', e.target.value)}
          {...describedBy(id('reason'), errors.reason)}
        >
          <option value="">{text.mermas.chooseReason}</option>
          {MERMA_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {reason}
            </option>
          ))}
        </select>
      </Field>
      {draft.reason === text.otherPrefix && (
        <Field id={id('other_reason')} label={text.otherReason} error={errors.other_reason}>
          <input
            id={id('other_reason')}
            maxLength={280}
            autoComplete="off"
            value={draft.other_reason}
            onChange={(e) => set('other_reason', e.target.value)}
            {...describedBy(id('other_reason'), errors.other_reason)}
          />
        </Field>
      )}
      <FormActions serverError={form.serverError} pending={waste.isPending} onCancel={onCancel} />
    </form>
  );
}
