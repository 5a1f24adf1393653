import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../domain/format';
import { listMessages } from '../../../domain/messages/office-list';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { fromCents, parseAmount } from '../../../domain/money';
import { defaultDueDate, lineTotal } from '../../../domain/purchasing';
import { shoppingInputSchema, type ShoppingDetail, type ShoppingItem } from '../../../domain/schemas/purchasing';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { usePurchasingMutations, useShoppingItems } from './queries';
import '../../ui/office-list/office-list.css';
import './purchasing.css';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field } from '../../ui/form-fields';

const text = purchasingMessages.orderForm;
/** How many matches the product search offers at once. */
const MATCHES = 8;

export interface DraftLine {
  item_id: number;
  name: string;
  unit: string;
  quantity: string;
  unit_cost: string;
}

/** A quantity as typed ('12', '12.5'): a number with up to 2 decimals is read, anything else is NaN (refused by the schema). */
export function typedQuantity(typed: string): number {
  const value = typed.trim();
  return /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Number(value) : Number.NaN;
}

/** A unit cost as typed in pesos; NaN when it is no amount. */
export function typedCost(typed: string): number {
  const cents = parseAmount(typed.trim() === '' ? 'x' : typed);
  return cents === null ? Number.NaN : fromCents(cents);
}

/** The order's total as the server computes it (the same rule, line by line in centavos); null while a line is unreadable. */
export function draftTotal(lines: readonly DraftLine[]): number | null {
  let cents = 0;
  for (const line of lines) {
    const quantity = typedQuantity(line.quantity);
    const cost = typedCost(line.unit_cost);
    if (Number.isNaN(quantity) || Number.isNaN(cost)) return null;
    cents += Math.round(lineTotal(quantity, cost) * 100);
  }
  return cents / 100;
}

const normalized = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The purchase order form (/shopping/{provider_id} and 'Editar' of an order): items
 * from the catalogue with their quantities and unit costs (proposed from each item's cost), the
 * due date (today plus the provider's credit days) and a note. The total shown is the server's
 * own rule; the server computes it again on save and the order's page shows its figure.
 */
export function ShoppingForm({
  provider,
  order,
  onSaved,
  onCancel,
}: {
  provider: { id: number; name: string; credit_days: number };
  /** The order edited; none for a new one. */
  order?: ShoppingDetail;
  onSaved: (saved: ShoppingDetail) => void;
  onCancel: () => void;
}) {
  const catalogue = useShoppingItems();
  const { saveShopping } = usePurchasingMutations();
  const [lines, setLines] = useState<DraftLine[]>(
    () =>
      order?.items.map((line) => ({
        item_id: line.item_id,
        name: line.item_name,
        unit: line.unit,
        quantity: String(line.quantity),
        unit_cost: line.unit_cost.toFixed(2),
      })) ?? [],
  );
  const [dueDate, setDueDate] = useState(() => order?.due_date ?? defaultDueDate(monterreyDate(new Date()), provider.credit_days));
  const [note, setNote] = useState(order?.note ?? '');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { search: useId(), due: useId(), note: useId(), error: useId() };

  const matches = useMemo(() => {
    const wanted = normalized(search.trim());
    if (!wanted || !catalogue.data) return [];
    return catalogue.data.filter((item) => normalized(item.name).includes(wanted) || item.ean13 === wanted).slice(0, MATCHES);
  }, [search, catalogue.data]);
  const total = draftTotal(lines);

  const add = (item: ShoppingItem) => {
    setLines((current) =>
      current.some((line) => line.item_id === item.id)
        ? current
        : [...current, { item_id: item.id, name: item.name, unit: item.unit, quantity: '1', unit_cost: item.cost.toFixed(2) }],
    );
    setSearch('');
    setError(null);
  };
  const change = (itemId: number, field: 'quantity' | 'unit_cost', value: string) => {
    setLines((current) => current.map((line) => (line.item_id === itemId ? { ...line, [field]: value } : line)));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = shoppingInputSchema.safeParse({
      provider_id: provider.id,
      due_date: dueDate,
      note,
      items: lines.map((line) => ({ item_id: line.item_id, quantity: typedQuantity(line.quantity), unit_cost: typedCost(line.unit_cost) })),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const line = typeof issue.path[1] === 'number' ? lines[issue.path[1]] : undefined;
      setError(line ? `${line.name}: ${issue.message}` : issue.message);
      return;
    }
    setError(null);
    saveShopping.mutate(
      { id: order?.id ?? null, body: parsed.data },
      { onSuccess: onSaved, onError: (failure) => setError(getErrorMessage(failure)) },
    );
  };

  return (
    <form onSubmit={submit} className="purchasing-form shopping-form" noValidate aria-describedby={error ? ids.error : undefined}>
      <div className="field shopping-form__search">
        <label htmlFor={ids.search}>{text.searchItem}</label>
        <input id={ids.search} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        {search.trim() !== '' && catalogue.data && (
          <ul className="shopping-form__matches" aria-label={text.addItem}>
            {matches.length === 0 ? (
              <li className="field-hint">{text.noItemMatch}</li>
            ) : (
              matches.map((item) => (
                <li key={item.id}>
                  <button type="button" className="outline-button" onClick={() => add(item)}>
                    {item.name} · {item.unit} · {formatMoney(item.cost)}
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>

      {lines.length === 0 ? (
        <p className="empty-state">{text.noLines}</p>
      ) : (
        <div className="office-list__scroll">
          <table className="data-table shopping-form__lines">
            <thead>
              <tr>
                <th scope="col">{text.item}</th>
                <th scope="col">{text.quantity}</th>
                <th scope="col">{text.unitCost}</th>
                <th scope="col" className="numeric">
                  {text.lineTotal}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{listMessages.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => {
                const quantity = typedQuantity(line.quantity);
                const cost = typedCost(line.unit_cost);
                return (
                  <tr key={line.item_id}>
                    <th scope="row">
                      {line.name} <span className="field-hint">({line.unit})</span>
                    </th>
                    <td>
                      <input
                        className="shopping-form__number"
                        inputMode="decimal"
                        aria-label={text.quantityOf(line.name)}
                        value={line.quantity}
                        onChange={(e) => change(line.item_id, 'quantity', e.target.value)}
                        aria-invalid={Number.isNaN(quantity) || quantity <= 0 ? true : undefined}
                      />
                    </td>
                    <td>
                      <input
                        className="shopping-form__number"
                        inputMode="decimal"
                        aria-label={text.unitCostOf(line.name)}
                        value={line.unit_cost}
                        onChange={(e) => change(line.item_id, 'unit_cost', e.target.value)}
                        aria-invalid={Number.isNaN(cost) ? true : undefined}
                      />
                    </td>
                    <td className="numeric">
                      {Number.isNaN(quantity) || Number.isNaN(cost) ? '—' : formatMoney(lineTotal(quantity, cost))}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="icon-button"
                        aria-label={text.remove(line.name)}
                        onClick={() => setLines((current) => current.filter((l) => l.item_id !== line.item_id))}
                      >
                        <span aria-hidden="true">×</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <p className="shopping-form__total" aria-live="polite">
        <strong>
          {text.total}: {total === null ? '—' : formatMoney(total)}
        </strong>
      </p>

      <Field id={ids.due} label={text.dueDate} hint={text.dueDateHint(provider.credit_days)}>
        <input
          id={ids.due}
          type="date"
          value={dueDate}
          onChange={(e) => setDueDate(e.target.value)}
          {...describedBy(ids.due, undefined, true)}
        />
      </Field>
      <Field id={ids.note} label={text.note}>
        <textarea id={ids.note} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <FormActions serverError={error} pending={saveShopping.isPending} onCancel={onCancel} labels={text} errorId={ids.error} />
    </form>
  );
}
