import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../domain/format';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { fromCents, parseAmount } from '../../../domain/money';
import { balanceOwed, purchaseOrderFolio } from '../../../domain/purchasing';
import type { ProviderPaymentRow } from '../../../domain/schemas/purchasing';
import { providerPaymentInputSchema } from '../../../domain/schemas/purchasing';
import { monterreyDate } from '../../../domain/time';
import { getErrorMessage } from '../../lib/api';
import { usePaymentMethods, useProvider, useProviderOptions, usePurchasingMutations } from './queries';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = purchasingMessages.payments;

type FieldName = 'provider_id' | 'purchase_order_id' | 'date' | 'amount' | 'payment_method_id' | 'reference';
interface Draft {
  provider_id: string;
  purchase_order_id: string;
  date: string;
  amount: string;
  payment_method_id: string;
  reference: string;
}

/** The payment as typed, before the server's schema checks it; the amount read as es-MX pesos. */
export function paymentBody(draft: Draft): Record<FieldName, unknown> {
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
 * 'Registrar pago': pays a provider's balance, on account or against one of its
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
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const options = useProviderOptions();
  const chosen = draft.provider_id ? Number(draft.provider_id) : null;
  const provider = useProvider(chosen);
  const methods = usePaymentMethods();
  const { pay } = usePurchasingMutations();
  const baseId = useId();
  const idOf = (field: FieldName) => `${baseId}-${field}`;
  const openOrders = (provider.data?.orders ?? []).filter(
    (order) => balanceOwed(order.total, order.paid) > 0 || String(order.id) === draft.purchase_order_id,
  );

  const set = (field: FieldName, value: string) => {
    setDraft((current) => ({ ...current, [field]: value, ...(field === 'provider_id' ? { purchase_order_id: '' } : {}) }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = paymentBody(draft);
    const typed: Partial<Record<FieldName, string>> = {};
    if (body.provider_id === undefined) typed.provider_id = text.providerRequired;
    if (body.amount === undefined) typed.amount = text.amountRequired;
    else if (Number.isNaN(body.amount)) typed.amount = text.amountInvalid;
    const parsed = providerPaymentInputSchema.safeParse(body);
    const found = parsed.success ? typed : { ...fieldErrors<FieldName>(parsed.error.issues), ...typed };
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      const first = (['provider_id', 'purchase_order_id', 'date', 'amount'] as FieldName[]).find((field) => found[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setServerError(null);
    pay.mutate(parsed.data, { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) });
  };

  return (
    <form onSubmit={submit} className="purchasing-form" noValidate>
      <Field id={idOf('provider_id')} label={text.provider} error={errors.provider_id}>
        <select
          id={idOf('provider_id')}
          value={draft.provider_id}
          disabled={providerId !== undefined}
          onChange={(e) => set('provider_id', e.target.value)}
          {...describedBy(idOf('provider_id'), errors.provider_id)}
        >
          <option value="">{text.chooseProvider}</option>
          {options.data?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
        {provider.data && (
          <p className="field-hint" role="status">
            {text.owed(formatMoney(provider.data.balance))}
          </p>
        )}
      </Field>
      <Field id={idOf('purchase_order_id')} label={text.order} error={errors.purchase_order_id}>
        <select
          id={idOf('purchase_order_id')}
          value={draft.purchase_order_id}
          onChange={(e) => set('purchase_order_id', e.target.value)}
          {...describedBy(idOf('purchase_order_id'), errors.purchase_order_id)}
        >
          <option value="">{text.anyOrder}</option>
          {openOrders.map((order) => (
            <option key={order.id} value={order.id}>
              {text.orderOption(purchaseOrderFolio(order.id), formatMoney(balanceOwed(order.total, order.paid)))}
            </option>
          ))}
        </select>
      </Field>
      <Field id={idOf('date')} label={text.date} error={errors.date}>
        <input
          id={idOf('date')}
          type="date"
          value={draft.date}
          onChange={(e) => set('date', e.target.value)}
          {...describedBy(idOf('date'), errors.date)}
        />
      </Field>
      <Field id={idOf('amount')} label={text.amount} error={errors.amount}>
        <input
          id={idOf('amount')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onChange={(e) => set('amount', e.target.value)}
          {...describedBy(idOf('amount'), errors.amount)}
        />
      </Field>
      <Field id={idOf('payment_method_id')} label={text.method}>
        <select id={idOf('payment_method_id')} value={draft.payment_method_id} onChange={(e) => set('payment_method_id', e.target.value)}>
          <option value="">{text.noMethod}</option>
          {methods.data?.map((method) => (
            <option key={method.id} value={method.id}>
              {method.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={idOf('reference')} label={text.reference}>
        <input
          id={idOf('reference')}
          maxLength={60}
          autoComplete="off"
          value={draft.reference}
          onChange={(e) => set('reference', e.target.value)}
        />
      </Field>
      <FormActions serverError={serverError} pending={pay.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
