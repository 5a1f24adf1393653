import { useId, useRef, useState, type FormEvent } from 'react';
import { driverMessages } from '../../../domain/messages/driver';
import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import type { LocalDetail, PaymentMethod } from '../../../sync/db';
import { useHoldUpdate } from '../../lib/sending-gate';
import { isCash } from '../../sync/driver-money-reads';
import { useEngineWhenReady } from '../../sync/sync-context';
import { Dialog } from '../../ui/dialog';
import { collectAtStop, type CollectField } from './route-money-actions';
import './route-money.css';

const text = driverMoneyMessages;

/**
 * The amount the sheet starts with: the stop's balance, to the cent, or nothing when there is
 * none or the phone does not know it (null: a partial delivery has not reached the server).
 */
export const suggestedAmount = (balance: number | null) => (balance !== null && balance > 0 ? balance.toFixed(2) : '');

/**
 * 'Cobrar' at a stop: a sheet over the route with the amount (the stop's balance as the phone
 * figures it, editable), the payment method (the device's; Efectivo, Transferencia and Cheque
 * first), the reference for what is not cash, and 'Registrar cobro'. It works the same without
 * signal: the payment is kept on the phone and sent. `onClose` gets the payment's id once taken.
 */
export default function StopCollect({
  detail,
  balance,
  methods,
  onClose,
}: {
  detail: LocalDetail;
  /** Null while a partial delivery made here has not reached the server (its balance is not known). */
  balance: number | null;
  methods: PaymentMethod[];
  onClose: (paymentId: string | null) => void;
}) {
  const taken = useRef<string | null>(null);
  return (
    <Dialog label={text.collectTitle} title={text.collectFor(detail.sale.company_name)} onClose={() => onClose(taken.current)}>
      {(close) => (
        <CollectForm
          detail={detail}
          balance={balance}
          methods={methods}
          onCancel={close}
          onCollected={(id) => {
            taken.current = id;
            close();
          }}
        />
      )}
    </Dialog>
  );
}

export function CollectForm({
  detail,
  balance,
  methods,
  onCancel,
  onCollected,
}: {
  detail: LocalDetail;
  /** Null while a partial delivery made here has not reached the server (its balance is not known). */
  balance: number | null;
  methods: PaymentMethod[];
  onCancel: () => void;
  onCollected: (paymentId: string) => void;
}) {
  const whenEngine = useEngineWhenReady();
  const [amount, setAmount] = useState(() => suggestedAmount(balance));
  const [methodId, setMethodId] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ message: string; field: CollectField | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { amount: useId(), reference: useId(), error: useId(), methods: useId() };
  useHoldUpdate(true);
  const method = methods.find((m) => m.id === methodId) ?? null;
  const invalid = (field: CollectField) => (error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': ids.error } : {});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await collectAtStop(await whenEngine(), detail, { amount, method, reference: method && !isCash(method) ? reference : '' }, methods);
    setSaving(false);
    if ('id' in result) onCollected(result.id);
    else setError({ message: result.error, field: result.field });
  };

  return (
    <form
      className="collect-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={text.collectFor(detail.sale.company_name)}
    >
      <p className="collect-form__facts">
        {driverMessages.saleFolio(detail.sale.id)} · {balance === null ? text.stopBalanceUnconfirmed : text.stopBalance(balance)}
      </p>
      {methods.length === 0 ? (
        <p className="field-error" role="alert">
          {text.paymentMethodsMissing}
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={ids.amount}>{text.amount}</label>
            <input
              id={ids.amount}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              {...invalid('amount')}
            />
          </div>
          <fieldset className="segmented-choice collect-form__methods" aria-describedby={error?.field === 'method' ? ids.error : undefined}>
            <legend>{text.method}</legend>
            {methods.map((m) => (
              <label key={m.id} className="segmented-choice__option">
                <input type="radio" name={ids.methods} value={m.id} checked={methodId === m.id} onChange={() => setMethodId(m.id)} />
                {m.name}
              </label>
            ))}
          </fieldset>
          {method && !isCash(method) && (
            <div className="field">
              <label htmlFor={ids.reference}>{text.reference}</label>
              <input
                id={ids.reference}
                maxLength={60}
                autoComplete="off"
                value={reference}
                placeholder={text.referenceHint}
                onChange={(e) => setReference(e.target.value)}
                {...invalid('reference')}
              />
            </div>
          )}
        </>
      )}
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error.message}
        </p>
      )}
      <div className="progress-buttons">
        <button type="submit" className="touch-button touch-button--primary" disabled={saving || methods.length === 0}>
          {saving ? text.savingCollection : text.saveCollection}
        </button>
        <button type="button" className="touch-button" onClick={onCancel}>
          {driverMessages.cancel}
        </button>
      </div>
    </form>
  );
}
