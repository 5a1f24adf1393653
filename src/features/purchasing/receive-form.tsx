import { useState, type FormEvent } from 'react';
import { formatQuantity } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { pendingQuantity, purchaseOrderFolio } from '../../../domain/purchasing';
import { receiveInputSchema, type ShoppingDetail } from '../../../domain/schemas/purchasing';
import { getErrorMessage } from '../../lib/api';
import { usePurchasingMutations } from './queries';
import { typedQuantity } from './shopping-form';
import { FormActions } from '../../ui/form-actions';

const text = purchasingMessages.order;

/** What the receipt sends: each line with something typed above zero; an empty or zero line did not arrive. */
export function receiveBody(typed: Readonly<Record<number, string>>): { items: { id: number; quantity: number }[] } {
  return {
    items: Object.entries(typed)
      .filter(([, value]) => value.trim() !== '' && Number(value) !== 0)
      .map(([id, value]) => ({ id: Number(id), quantity: typedQuantity(value) })),
  };
}

/**
 * 'Recibir': what arrived of each line still pending, proposed as all of it; the
 * person lowers what came short or clears what did not come. The server records 'Entrada
 * Compra' for what arrived and refuses more than is pending; its message shows here.
 */
export function ReceiveForm({
  order,
  onSaved,
  onCancel,
}: {
  order: ShoppingDetail;
  onSaved: (saved: ShoppingDetail) => void;
  onCancel: () => void;
}) {
  const pending = order.items.filter((line) => pendingQuantity(line) > 0);
  const all = () => Object.fromEntries(pending.map((line) => [line.id, String(pendingQuantity(line))]));
  const [typed, setTyped] = useState<Record<number, string>>(all);
  const [error, setError] = useState<string | null>(null);
  const { receive } = usePurchasingMutations();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = receiveBody(typed);
    const lineAt = (index: unknown) => (typeof index === 'number' ? pending.find((line) => line.id === body.items[index]?.id) : undefined);
    const parsed = receiveInputSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const line = lineAt(issue.path[1]);
      setError(line ? `${line.item_name}: ${issue.message}` : issue.message);
      return;
    }
    // The server refuses it too; saying so here spares a round trip.
    const beyond = parsed.data.items.findIndex(
      (entry, i) => Math.round(entry.quantity * 100) > Math.round(pendingQuantity(lineAt(i)!) * 100),
    );
    if (beyond >= 0) {
      const line = lineAt(beyond)!;
      setError(purchasingMessages.receiveBeyond(line.item_name, `${formatQuantity(pendingQuantity(line))} ${line.unit}`));
      return;
    }
    setError(null);
    receive.mutate({ id: order.id, body: parsed.data }, { onSuccess: onSaved, onError: (failure) => setError(getErrorMessage(failure)) });
  };

  return (
    <form onSubmit={submit} className="purchasing-form" noValidate>
      <p className="field-hint">{text.receiveHint}</p>
      <div className="office-list__scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{text.item}</th>
              <th scope="col" className="numeric">
                {text.pending}
              </th>
              <th scope="col">{text.received}</th>
            </tr>
          </thead>
          <tbody>
            {pending.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.item_name}</th>
                <td className="numeric">
                  {formatQuantity(pendingQuantity(line))} {line.unit}
                </td>
                <td>
                  <input
                    className="shopping-form__number"
                    inputMode="decimal"
                    aria-label={text.receivedOf(line.item_name)}
                    value={typed[line.id] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value;
                      setTyped((current) => ({ ...current, [line.id]: value }));
                      setError(null);
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FormActions
        serverError={error}
        pending={receive.isPending}
        onCancel={onCancel}
        labels={{ cancel: listMessages.cancel, save: text.receiveSave, saving: text.receiving }}
        before={
          <button type="button" className="outline-button" onClick={() => setTyped(all())}>
            {text.receiveAll}
          </button>
        }
      />
    </form>
  );
}

export const receiveTitle = (order: ShoppingDetail) => text.receiveTitle(purchaseOrderFolio(order.id));
