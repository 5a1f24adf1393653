import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../domain/messages';
import { expenseInputSchema, type ExpenseInput, type ExpenseRow } from '../../../domain/schemas/expenses';
import { typedAmount } from '../../../domain/money';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { useExpenseMutations, useExpenseTypes, usePaymentMethods } from './queries';
import { FormActions } from '../../ui/form-actions';

const text = messages.expenses;

interface Draft {
  expense_type_id: string;
  date: string;
  amount: string;
  description: string;
  payment_method_id: string;
}
type Field = keyof Draft;
type FieldErrors = Partial<Record<Field, string>>;

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

const FIELD_ORDER: Field[] = ['expense_type_id', 'date', 'amount', 'description', 'payment_method_id'];

/**
 * 'Registrar gasto' (issue 13): type, date (today in Monterrey), amount, description and,
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
  const ids: Record<Field, string> = {
    expense_type_id: useId(),
    date: useId(),
    amount: useId(),
    description: useId(),
    payment_method_id: useId(),
  };

  const set = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = expenseInputSchema.safeParse(expenseBody(draft));
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setServerError(null);
    create.mutate(parsed.data, { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) });
  };

  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[field]}-error` } : {});
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} className="expense-form" noValidate>
      <div className="field">
        <label htmlFor={ids.expense_type_id}>{text.type}</label>
        <select
          id={ids.expense_type_id}
          value={draft.expense_type_id}
          onChange={(e) => set('expense_type_id', e.target.value)}
          {...described('expense_type_id')}
        >
          <option value="">{text.chooseType}</option>
          {types.data?.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
        {errorOf('expense_type_id')}
      </div>
      <div className="field">
        <label htmlFor={ids.date}>{text.date}</label>
        <input id={ids.date} type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} {...described('date')} />
        {errorOf('date')}
      </div>
      <div className="field">
        <label htmlFor={ids.amount}>{text.amount}</label>
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...described('amount')}
        />
        {errorOf('amount')}
      </div>
      <div className="field">
        <label htmlFor={ids.description}>{text.description}</label>
        <input
          id={ids.description}
          maxLength={300}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          {...described('description')}
        />
        {errorOf('description')}
      </div>
      <div className="field">
        <label htmlFor={ids.payment_method_id}>{text.paymentMethod}</label>
        <select id={ids.payment_method_id} value={draft.payment_method_id} onChange={(e) => set('payment_method_id', e.target.value)}>
          <option value="">{text.noPaymentMethod}</option>
          {methods.data?.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </div>
      <FormActions serverError={serverError} pending={create.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
