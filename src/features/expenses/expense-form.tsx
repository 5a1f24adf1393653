import { useId, useState, type FormEvent } from 'react';
import { expensesMessages } from '../../../domain/messages/expenses';
import { expenseInputSchema, type ExpenseInput, type ExpenseRow } from '../../../domain/schemas/expenses';
import { typedAmount } from '../../../domain/money';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { useExpenseMutations, useExpenseTypes, usePaymentMethods } from './queries';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = expensesMessages;

interface Draft {
  expense_type_id: string;
  date: string;
  amount: string;
  description: string;
  payment_method_id: string;
}
type FieldName = keyof Draft;
type FieldErrors = Partial<Record<FieldName, string>>;

/** What the form sends, before the schema checks it (the same schema the server uses). */
export function expenseBody(draft: Draft): Record<keyof ExpenseInput, unknown> {
  return {
    expense_type_id: draft.expense_type_id ? Number(draft.expense_type_id) : undefined,
    date: draft.date,
    amount: typedAmount(draft.amount),
    description: draft.description,
    payment_method_id: draft.payment_method_id ? Number(draft.payment_method_id) : null,
  };
}

const FIELD_ORDER: FieldName[] = ['expense_type_id', 'date', 'amount', 'description', 'payment_method_id'];

/**
 * 'Registrar gasto': type, date (today in Monterrey), amount, description and,
 * if known, how it was paid. Errors show under each field and focus the first; a refused
 * save shows the server's message and keeps what was typed, and sending the same expense
 * again reuses its Idempotency-Key, so it is recorded once.
 */
export function ExpenseForm({ onSaved, onCancel }: { onSaved: (saved: ExpenseRow) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => ({
    expense_type_id: '',
    date: monterreyDate(new Date()),
    amount: '',
    description: '',
    payment_method_id: '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const types = useExpenseTypes();
  const methods = usePaymentMethods();
  const { create } = useExpenseMutations();
  const ids: Record<FieldName, string> = {
    expense_type_id: useId(),
    date: useId(),
    amount: useId(),
    description: useId(),
    payment_method_id: useId(),
  };

  const set = (field: FieldName, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = expenseInputSchema.safeParse(expenseBody(draft));
    if (!parsed.success) {
      const found = fieldErrors<FieldName>(parsed.error.issues);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setServerError(null);
    create.mutate(parsed.data, { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) });
  };

  return (
    <form onSubmit={submit} className="expense-form" noValidate>
      <Field id={ids.expense_type_id} label={text.type} error={errors.expense_type_id}>
        <select
          id={ids.expense_type_id}
          value={draft.expense_type_id}
          onChange={(e) => set('expense_type_id', e.target.value)}
          {...describedBy(ids.expense_type_id, errors.expense_type_id)}
        >
          <option value="">{text.chooseType}</option>
          {types.data?.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.date} label={text.date} error={errors.date}>
        <input
          id={ids.date}
          type="date"
          value={draft.date}
          onChange={(e) => set('date', e.target.value)}
          {...describedBy(ids.date, errors.date)}
        />
      </Field>
      <Field id={ids.amount} label={text.amount} error={errors.amount}>
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...describedBy(ids.amount, errors.amount)}
        />
      </Field>
      <Field id={ids.description} label={text.description} error={errors.description}>
        <input
          id={ids.description}
          maxLength={300}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          {...describedBy(ids.description, errors.description)}
        />
      </Field>
      <Field id={ids.payment_method_id} label={text.paymentMethod}>
        <select id={ids.payment_method_id} value={draft.payment_method_id} onChange={(e) => set('payment_method_id', e.target.value)}>
          <option value="">{text.noPaymentMethod}</option>
          {methods.data?.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </Field>
      <FormActions serverError={serverError} pending={create.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
