import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../domain/format';
import { payrollMessages } from '../../../domain/messages/payroll';
import {
  DEDUCTION_FIELDS,
  PAYROLL_PERIOD_DAYS,
  PERCEPTION_FIELDS,
  payrollTotals,
  suggestedFixedPay,
  type PayrollAmounts,
} from '../../../domain/payroll';
import { payrollInputSchema, type PayrollInput, type PayrollRow } from '../../../domain/schemas/payroll';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { typedAmount } from '../../../domain/money';
import { useEmployees, usePayrollMutations } from './queries';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = payrollMessages;
const AMOUNT_FIELDS = [...PERCEPTION_FIELDS, ...DEDUCTION_FIELDS] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];
type FieldName = 'user_id' | 'date' | 'job_position' | 'sub_job_position' | 'daily_salary' | AmountField;
type Draft = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ['user_id', 'date', 'job_position', 'sub_job_position', 'daily_salary', ...AMOUNT_FIELDS];
const money = (value: number) => (value === 0 ? '' : String(value));

function draftOf(row: PayrollRow | null): Draft {
  if (!row) {
    const empty = Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, ''])) as Record<AmountField, string>;
    return { user_id: '', date: monterreyDate(new Date()), job_position: '', sub_job_position: '', daily_salary: '', ...empty };
  }
  const amounts = Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, money(row[field])])) as Record<AmountField, string>;
  return {
    user_id: String(row.user_id),
    date: row.date,
    job_position: row.job_position ?? '',
    sub_job_position: row.sub_job_position ?? '',
    daily_salary: String(row.daily_salary),
    ...amounts,
    amount: String(row.amount),
  };
}

/**
 * What the form sends, before the schema checks it (the same schema the server uses). An
 * empty perception or deduction is zero; the fixed pay and the daily salary must be typed.
 */
export function payrollBody(draft: Draft): Record<keyof PayrollInput, unknown> {
  const amounts = Object.fromEntries(
    AMOUNT_FIELDS.map((field) => [field, field === 'amount' ? typedAmount(draft[field]) : (typedAmount(draft[field]) ?? 0)]),
  ) as Record<AmountField, number | undefined>;
  return {
    user_id: draft.user_id ? Number(draft.user_id) : undefined,
    date: draft.date,
    job_position: draft.job_position.trim() || null,
    sub_job_position: draft.sub_job_position.trim() || null,
    daily_salary: typedAmount(draft.daily_salary),
    ...amounts,
  };
}

/** The totals of what is typed so far, while it is all amounts (the server computes the stored ones). */
function previewTotals(draft: Draft) {
  const body = payrollBody(draft);
  const amounts = AMOUNT_FIELDS.map((field) => body[field]);
  if (amounts.some((value) => typeof value !== 'number' || !Number.isFinite(value))) return null;
  return payrollTotals(Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, body[field]])) as PayrollAmounts);
}

/**
 * A payroll receipt: the employee (their positions filled in, editable), the pay
 * date, the daily salary (which suggests the fixed pay of a fortnight until that is typed),
 * the perceptions and the deductions, with the totals as they stand. Errors show under each
 * field and focus the first; a refused save shows the server's message and keeps what was
 * typed; sending the same receipt again reuses its Idempotency-Key.
 */
export function PayrollForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: PayrollRow | null;
  onSaved: (saved: PayrollRow) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const [fixedTouched, setFixedTouched] = useState(editing !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const employees = useEmployees();
  const { create, update } = usePayrollMutations();
  const saving = create.isPending || update.isPending;
  const idBase = useId();
  const idOf = (field: FieldName) => `${idBase}-${field}`;

  const set = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(changes).map((field) => [field, undefined])) }));
  };
  const chooseEmployee = (value: string) => {
    const employee = employees.data?.find((person) => String(person.id) === value);
    set({ user_id: value, job_position: employee?.job_position ?? '', sub_job_position: employee?.sub_job_position ?? '' });
  };
  const setDailySalary = (value: string) => {
    const daily = typedAmount(value);
    const suggestion = !fixedTouched && daily !== undefined && Number.isFinite(daily) ? { amount: String(suggestedFixedPay(daily)) } : {};
    set({ daily_salary: value, ...suggestion });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = payrollInputSchema.safeParse(payrollBody(draft));
    if (!parsed.success) {
      const found = fieldErrors<FieldName>(parsed.error.issues);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setServerError(null);
    const done = { onSuccess: onSaved, onError: (error: unknown) => setServerError(getErrorMessage(error)) };
    if (editing) update.mutate({ id: editing.id, body: parsed.data }, done);
    else create.mutate(parsed.data, done);
  };

  const amountField = (field: AmountField | 'daily_salary', onChange = (value: string) => set({ [field]: value })) => (
    <Field key={field} id={idOf(field)} label={text.fields[field]} error={errors[field]}>
      <input
        id={idOf(field)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        value={draft[field]}
        onChange={(e) => onChange(e.target.value)}
        {...describedBy(idOf(field), errors[field])}
      />
    </Field>
  );
  const totals = previewTotals(draft);

  return (
    <form onSubmit={submit} className="payroll-form" noValidate>
      <div className="payroll-form__grid">
        <Field id={idOf('user_id')} label={text.employee} error={errors.user_id}>
          <select
            id={idOf('user_id')}
            value={draft.user_id}
            onChange={(e) => chooseEmployee(e.target.value)}
            {...describedBy(idOf('user_id'), errors.user_id)}
          >
            <option value="">{text.chooseEmployee}</option>
            {employees.data?.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} {person.last}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('date')} label={text.date} error={errors.date}>
          <input
            id={idOf('date')}
            type="date"
            value={draft.date}
            onChange={(e) => set({ date: e.target.value })}
            {...describedBy(idOf('date'), errors.date)}
          />
        </Field>
        <Field id={idOf('job_position')} label={text.jobPosition} error={errors.job_position}>
          <input
            id={idOf('job_position')}
            maxLength={120}
            value={draft.job_position}
            onChange={(e) => set({ job_position: e.target.value })}
            {...describedBy(idOf('job_position'), errors.job_position)}
          />
        </Field>
        <Field id={idOf('sub_job_position')} label={text.subJobPosition} error={errors.sub_job_position}>
          <input
            id={idOf('sub_job_position')}
            maxLength={120}
            value={draft.sub_job_position}
            onChange={(e) => set({ sub_job_position: e.target.value })}
            {...describedBy(idOf('sub_job_position'), errors.sub_job_position)}
          />
        </Field>
        {amountField('daily_salary', setDailySalary)}
      </div>
      <fieldset className="payroll-form__group">
        <legend>{text.perceptions}</legend>
        <p className="payroll-form__hint">{text.suggestedFixed(PAYROLL_PERIOD_DAYS)}</p>
        <div className="payroll-form__grid">
          {PERCEPTION_FIELDS.map((field) =>
            amountField(
              field,
              field === 'amount'
                ? (value) => {
                    setFixedTouched(true);
                    set({ amount: value });
                  }
                : undefined,
            ),
          )}
        </div>
      </fieldset>
      <fieldset className="payroll-form__group">
        <legend>{text.deductions}</legend>
        <div className="payroll-form__grid">{DEDUCTION_FIELDS.map((field) => amountField(field))}</div>
      </fieldset>
      <dl className="payroll-form__totals" aria-live="polite">
        <div>
          <dt>{text.perceptions}</dt>
          <dd>{totals ? formatMoney(totals.sum) : '—'}</dd>
        </div>
        <div>
          <dt>{text.deductions}</dt>
          <dd>{totals ? formatMoney(totals.rest) : '—'}</dd>
        </div>
        <div>
          <dt>{text.total}</dt>
          <dd>{totals ? formatMoney(totals.total) : '—'}</dd>
        </div>
      </dl>
      <FormActions serverError={serverError} pending={saving} onCancel={onCancel} labels={text} />
    </form>
  );
}
