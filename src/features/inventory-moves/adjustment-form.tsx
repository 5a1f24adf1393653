import { IonButton, IonText } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import { formatQuantity } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { manualAdjustmentInputSchema, type ManualAdjustmentInput } from '../../../domain/schemas/inventory-moves';
import { getErrorMessage } from '../../lib/api';
import { BranchOptions, chosenId, describedBy, Field, fieldErrors, ItemOptions } from './form-fields';
import { typedQuantity } from './movement-filters';
import { useAdjustmentReasons, useBranches, useInventoryMoveMutations, useItems } from './queries';

const text = messages.inventoryMoves;

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
  const [draft, setDraft] = useState<AdjustmentDraft>({ item_id: '', branch_id: '', quantity: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const items = useItems();
  const branches = useBranches();
  const reasons = useAdjustmentReasons();
  const { adjust } = useInventoryMoveMutations();
  const base = useId();
  const id = (field: Key) => `${base}-${field}`;
  const set = (field: Key, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = manualAdjustmentInputSchema.safeParse(adjustmentBody(draft));
    if (!parsed.success) {
      const found = fieldErrors<Key>(parsed.error.issues);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setServerError(null);
    adjust.mutate(parsed.data, {
      onSuccess: (saved) =>
        onSaved(text.adjustments.saved(saved.movement.item_name, `${formatQuantity(saved.stock)} ${saved.movement.unit}`)),
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
      <Field id={id('quantity')} label={text.quantity} error={errors.quantity} hint={text.adjustments.quantityHint}>
        <input
          id={id('quantity')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.quantity}
          onChange={(e) => set('quantity', e.target.value)}
          {...describedBy(id('quantity'), errors.quantity, true)}
        />
      </Field>
      <Field id={id('reason')} label={text.reason} error={errors.reason} hint={text.adjustments.reasonHint}>
        <input
          id={id('reason')}
          list={`${base}-reasons`}
          maxLength={300}
          autoComplete="off"
          value={draft.reason}
          onChange={(e) => set('reason', e.target.value)}
          {...describedBy(id('reason'), errors.reason, true)}
        />
        <datalist id={`${base}-reasons`}>
          {reasons.data?.map((reason) => (
            <option key={reason.id} value={reason.name} />
          ))}
        </datalist>
      </Field>
      {serverError && (
        <p role="alert" className="form-error">
          <IonText color="danger">{serverError}</IonText>
        </p>
      )}
      <div className="form-actions">
        <IonButton fill="outline" onClick={onCancel}>
          {text.cancel}
        </IonButton>
        <IonButton type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? text.saving : text.save}
        </IonButton>
      </div>
    </form>
  );
}
