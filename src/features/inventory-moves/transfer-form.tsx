import { useId, useRef, useState, type FormEvent } from 'react';
import { transferFolio } from '../../../domain/inventory-moves';
import { inventoryMovesMessages } from '../../../domain/messages/inventory-moves';
import { transferInputSchema, type TransferInput } from '../../../domain/schemas/inventory-moves';
import { getErrorMessage } from '../../lib/api';
import { BranchOptions, chosenId, FormActions, ItemOptions } from './form-fields';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';
import { typedQuantity } from './movement-filters';
import { useBranches, useInventoryMoveMutations, useItems } from './queries';

const text = inventoryMovesMessages;
const t = text.transfers;

interface Line {
  key: number;
  item_id: string;
  quantity: string;
}
export interface TransferDraft {
  from_branch_id: string;
  to_branch_id: string;
  note: string;
  lines: { item_id: string; quantity: string }[];
}

export function transferBody(draft: TransferDraft): Record<keyof TransferInput, unknown> {
  return {
    from_branch_id: chosenId(draft.from_branch_id),
    to_branch_id: chosenId(draft.to_branch_id),
    note: draft.note.trim() || null,
    // A line left blank is not sent: the list of products is what was filled in.
    items: draft.lines
      .filter((line) => line.item_id !== '' || line.quantity.trim() !== '')
      .map((line) => ({ item_id: chosenId(line.item_id), quantity: typedQuantity(line.quantity) })),
  };
}

type Key = 'from_branch_id' | 'to_branch_id' | 'items' | 'note';

/**
 * 'Nuevo traspaso': from one branch to another (different), the products and their
 * quantities, and a note. The server records it all or nothing, refusing more than the
 * origin holds with the product and the stock it has; the form shows that and keeps the lines.
 */
export function TransferForm({ onSaved, onCancel }: { onSaved: (message: string) => void; onCancel: () => void }) {
  const nextKey = useRef(1);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([{ key: 0, item_id: '', quantity: '' }]);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const items = useItems();
  const branches = useBranches();
  const { transfer } = useInventoryMoveMutations();
  const base = useId();
  const id = (field: string) => `${base}-${field}`;

  const setLine = (key: number, change: Partial<Line>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
    setLineErrors((current) => ({ ...current, [key]: '' }));
    setErrors((current) => ({ ...current, items: undefined }));
  };
  const addLine = () => {
    const key = nextKey.current++;
    setLines((current) => [...current, { key, item_id: '', quantity: '' }]);
    // The new line's product is where the person goes next.
    requestAnimationFrame(() => document.getElementById(id(`item-${key}`))?.focus());
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled = lines.filter((line) => line.item_id !== '' || line.quantity.trim() !== '');
    const parsed = transferInputSchema.safeParse(transferBody({ from_branch_id: from, to_branch_id: to, note, lines: filled }));
    if (!parsed.success) {
      const byLine: Record<number, string> = {};
      const other = parsed.error.issues.filter((issue) => {
        if (issue.path[0] !== 'items' || typeof issue.path[1] !== 'number') return true;
        const line = filled[issue.path[1]];
        if (line) byLine[line.key] ??= issue.message;
        return false;
      });
      const found = fieldErrors<Key>(other);
      setErrors(found);
      setLineErrors(byLine);
      const firstKey = (['from_branch_id', 'to_branch_id'] as const).find((field) => found[field]);
      const firstLine = filled.find((line) => byLine[line.key]);
      const focus = firstKey
        ? id(firstKey)
        : firstLine
          ? id(`quantity-${firstLine.key}`)
          : found.items
            ? id(`item-${lines[0]!.key}`)
            : null;
      if (focus) document.getElementById(focus)?.focus();
      return;
    }
    setServerError(null);
    transfer.mutate(parsed.data, {
      onSuccess: (saved) => onSaved(t.saved(transferFolio(saved.id))),
      onError: (error) => setServerError(getErrorMessage(error)),
    });
  };

  return (
    <form onSubmit={submit} className="inventory-form" noValidate>
      <div className="inventory-form__pair">
        <Field id={id('from_branch_id')} label={t.from} error={errors.from_branch_id}>
          <select
            id={id('from_branch_id')}
            value={from}
            onChange={(e) => {
              setFrom(e.target.value);
              setErrors((current) => ({ ...current, from_branch_id: undefined, to_branch_id: undefined }));
            }}
            {...describedBy(id('from_branch_id'), errors.from_branch_id)}
          >
            <BranchOptions branches={branches.data} empty={t.chooseBranch} />
          </select>
        </Field>
        <Field id={id('to_branch_id')} label={t.to} error={errors.to_branch_id}>
          <select
            id={id('to_branch_id')}
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              setErrors((current) => ({ ...current, to_branch_id: undefined }));
            }}
            {...describedBy(id('to_branch_id'), errors.to_branch_id)}
          >
            <BranchOptions branches={branches.data} empty={t.chooseBranch} />
          </select>
        </Field>
      </div>
      <fieldset className="inventory-form__lines" aria-describedby={errors.items ? id('items-error') : undefined}>
        <legend>{t.lines}</legend>
        {lines.map((line, index) => (
          <div key={line.key} className="inventory-form__line">
            <Field id={id(`item-${line.key}`)} label={t.lineItem(index + 1)}>
              <select id={id(`item-${line.key}`)} value={line.item_id} onChange={(e) => setLine(line.key, { item_id: e.target.value })}>
                <ItemOptions items={items.data} />
              </select>
            </Field>
            <Field id={id(`quantity-${line.key}`)} label={t.lineQuantity(index + 1)} error={lineErrors[line.key] || undefined}>
              <input
                id={id(`quantity-${line.key}`)}
                inputMode="decimal"
                autoComplete="off"
                value={line.quantity}
                onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                {...describedBy(id(`quantity-${line.key}`), lineErrors[line.key] || undefined)}
              />
            </Field>
            {lines.length > 1 && (
              <button
                type="button"
                className="icon-button"
                aria-label={t.removeLine(index + 1)}
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
              >
                <span aria-hidden="true">✕</span>
              </button>
            )}
          </div>
        ))}
        {errors.items && (
          <p id={id('items-error')} className="field-error">
            {errors.items}
          </p>
        )}
        <button type="button" className="outline-button" onClick={addLine}>
          {t.addLine}
        </button>
      </fieldset>
      <Field id={id('note')} label={text.note} error={errors.note}>
        <input
          id={id('note')}
          maxLength={300}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...describedBy(id('note'), errors.note)}
        />
      </Field>
      <FormActions serverError={serverError} pending={transfer.isPending} onCancel={onCancel} />
    </form>
  );
}
