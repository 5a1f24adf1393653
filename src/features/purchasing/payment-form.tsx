import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { fromCents, parseAmount } from '../../../domain/money';
import { balanceOwed, purchaseOrderFolio } from '../../../domain/purchasing';
import type { ProviderPaymentRow } from '../../../domain/schemas/purchasing';
import { providerPaymentInputSchema } from '../../../domain/schemas/purchasing';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { usePaymentMethods, useProvider, useProviderOptions, usePurchasingMutations } from './queries';
import { FormActions } from '../../ui/form-actions';

const text = messages.purchasing.payments;

type Field = 'provider_id' | 'purchase_order_id' | 'date' | 'amount' | 'payment_method_id' | 'reference';
interface Draft {
  provider_id: string;
  purchase_order_id: string;
  date: string;
  amount: string;
  payment_method_id: string;
  reference: string;
}

/** The payment as typed, before the server's schema checks it; the amount read as es-MX pesos. */
export function paymentBody(draft: Draft): Record<Field, unknown> {
  const cents = draft.amount.trim() === '' ? undefined : parseAmount(draft.amount);
  return {
    provider_id: draft.provider_id ? Number(draft.provider_id) : undefined,
    purchase_order_id: draft.purchase_order_id ? Number(draft.purchase_order_id) : null,
    date: draft.date,
    amount: cents === undefined ? undefined : cents === null ? Number.NaN : fromCents(cents),
    payment_method_id: draft.payment_method_id ? Number(draft.payment_method_id) : null,
    reference: draft.reference.trim() || null,
  };
}

/**
 * 'Registrar pago' (issue 14): pays a provider's balance, on account or against one of its
 * purchase orders still owed. The form shows what is owed as the server computed it; the
 * server refuses more than that, and its message shows here.
 */
export function PaymentForm({
  providerId,
  orderId,
  onSaved,
  onCancel,
}: {
  /** A fixed provider (its page, an order's page); without one the form asks for it. */
  providerId?: number;
  orderId?: number;
  onSaved: (saved: ProviderPaymentRow) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    provider_id: providerId ? String(providerId) : '',
    purchase_order_id: orderId ? String(orderId) : '',
    date: monterreyDate(new Date()),
    amount: '',
    payment_method_id: '',
    reference: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const options = useProviderOptions();
  const chosen = draft.provider_id ? Number(draft.provider_id) : null;
  const provider = useProvider(chosen);
  const methods = usePaymentMethods();
  const { pay } = usePurchasingMutations();
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const openOrders = (provider.data?.orders ?? []).filter(
    (order) => balanceOwed(order.total, order.paid) > 0 || String(order.id) === draft.purchase_order_id,
  );

  const set = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value, ...(field === 'provider_id' ? { purchase_order_id: '' } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = paymentBody(draft);
    const found: Partial<Record<Field, string>> = {};
    if (body.provider_id === undefined) found.provider_id = text.providerRequired;
    if (body.amount === undefined) found.amount = text.amountRequired;
    else if (Number.isNaN(body.amount)) found.amount = text.amountInvalid;
    const parsed = providerPaymentInputSchema.safeParse(body);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      const first = (['provider_id', 'purchase_order_id', 'date', 'amount'] as Field[]).find((field) => found[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setServerError(null);
    pay.mutate(parsed.data, { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) });
  };

  const described = (field: Field) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(field)}-error` } : {});
  const errorOf = (field: Field) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} className="purchasing-form" noValidate>
      <div className="field">
        <label htmlFor={idOf('provider_id')}>{text.provider}</label>
        <select
          id={idOf('provider_id')}
          value={draft.provider_id}
          disabled={providerId !== undefined}
          onChange={(e) => set('provider_id', e.target.value)}
          {...described('provider_id')}
        >
          <option value="">{text.chooseProvider}</option>
          {options.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        {errorOf('provider_id')}
        {provider.data && (
          <p className="field-hint" role="status">
            {text.owed(formatMoney(provider.data.balance))}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={idOf('purchase_order_id')}>{text.order}</label>
        <select
          id={idOf('purchase_order_id')}
          value={draft.purchase_order_id}
          onChange={(e) => set('purchase_order_id', e.target.value)}
          {...described('purchase_order_id')}
        >
          <option value="">{text.anyOrder}</option>
          {openOrders.map((order) => (
            <option key={order.id} value={order.id}>
              {text.orderOption(purchaseOrderFolio(order.id), formatMoney(balanceOwed(order.total, order.paid)))}
            </option>
          ))}
        </select>
        {errorOf('purchase_order_id')}
      </div>
      <div className="field">
        <label htmlFor={idOf('date')}>{text.date}</label>
        <input id={idOf('date')} type="date" value={draft.date} onChange={(e) => set('date', e.target.value)} {...described('date')} />
        {errorOf('date')}
      </div>
      <div className="field">
        <label htmlFor={idOf('amount')}>{text.amount}</label>
        <input
          id={idOf('amount')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...described('amount')}
        />
        {errorOf('amount')}
      </div>
      <div className="field">
        <label htmlFor={idOf('payment_method_id')}>{text.method}</label>
        <select id={idOf('payment_method_id')} value={draft.payment_method_id} onChange={(e) => set('payment_method_id', e.target.value)}>
          <option value="">{text.noMethod}</option>
          {methods.data?.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={idOf('reference')}>{text.reference}</label>
        <input
          id={idOf('reference')}
          maxLength={60}
          autoComplete="off"
          value={draft.reference}
          onChange={(e) => set('reference', e.target.value)}
        />
      </div>
      <FormActions serverError={serverError} pending={pay.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
