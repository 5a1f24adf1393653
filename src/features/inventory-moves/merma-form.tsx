import { IonButton, IonText } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { formatQuantity } from '../../../domain/format';
import { MERMA_REASONS } from '../../../domain/inventory-moves';
import { messages } from '../../../domain/messages';
import { mermaInputSchema, type MermaInput } from '../../../domain/schemas/inventory-moves';
import { getErrorMessage } from '../../lib/api';
import { BranchOptions, chosenId, describedBy, Field, fieldErrors, ItemOptions } from './form-fields';
import { typedQuantity } from './movement-filters';
import { useBranches, useInventoryMoveMutations, useItems } from './queries';

const text = messages.inventoryMoves;

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
  const [draft, setDraft] = useState<MermaDraft>({ item_id: '', branch_id: '', quantity: '', reason: '', other_reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const items = useItems();
  const branches = useBranches();
  const { waste } = useInventoryMoveMutations();
  const base = useId();
  const id = (field: Key) => `${base}-${field}`;
  const set = (field: Key, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mermaInputSchema.safeParse(mermaBody(draft));
    if (!parsed.success) {
      const found = fieldErrors<Key>(parsed.error.issues);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setServerError(null);
    waste.mutate(parsed.data, {
      onSuccess: (saved) => onSaved(text.mermas.saved(saved.movement.item_name, `${formatQuantity(saved.stock)} ${saved.movement.unit}`)),
      onError: (error) => setServerError(getErrorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="inventory-form" noValidate>
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
      <Field id={id('quantity')} label={text.quantity} error={errors.quantity} hint={text.mermas.quantityHint}>
        <input
          id={id('quantity')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.quantity}
          onChange={(e) => set('quantity', e.target.value)}
          {...describedBy(id('quantity'), errors.quantity, true)}
        />
      </Field>
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
      {serverError && (
        <p role="alert" className="form-error">
          <IonText color="danger">{serverError}</IonText>
        </p>
      )}
      <div className="form-actions">
        <IonButton fill="outline" onClick={onCancel}>
          {text.cancel}
        </IonButton>
        <IonButton type="submit" disabled={waste.isPending}>
          {waste.isPending ? text.saving : text.save}
        </IonButton>
      </div>
    </form>
  );
}
