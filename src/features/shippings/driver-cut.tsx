import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cashDifference } from '../../../domain/caja';
import { differenceLabel } from '../../../domain/documents/cash-cut-document';
import { formatCalendarDate, formatMoment, formatMoney } from '../../../domain/format';
import { routeMoneyMessages } from '../../../domain/messages/route-money';
import { typedAmount } from '../../../domain/money';
import {
  driverCutAnswerSchema,
  driverCutReceiveSchema,
  type DriverCut,
  type DriverCutReceive,
  type DriverCutState,
} from '../../../domain/schemas/route-money';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { describedBy, Field } from '../../ui/form-fields';
import { AmountsByMethod } from '../../ui/amounts-by-method';
import { QueryStatus } from '../../ui/query-status';
import type { Notify } from './detail-panel';
import { shippingKeys } from './queries';
import './driver-cut.css';

const text = routeMoneyMessages.section;

export const driverCutKey = (shippingId: number) => [...shippingKeys.all, 'driver-cut', shippingId] as const;
/** Caja's day (src/features/caja/): the cash received enters the receiver's drawer. */
const CAJA_KEY = ['caja'] as const;

const STATE_CHIP: Record<DriverCutState, string> = { open: 'neutral', submitted: 'warning', received: 'success' };

/** A Monterrey wall-clock minute ('YYYY-MM-DD HH:mm', as the phone took it) as lists show times: '22/11/2026 21:30'. */
const wallMinute = (minute: string) => `${formatCalendarDate(minute.slice(0, 10))} ${minute.slice(11, 16)}`;

/** The difference the office sees while typing the cash received: '—' until it is an amount. */
export function receiptDifference(typed: string, collectedCash: number): string {
  const amount = typedAmount(typed);
  return amount !== undefined && Number.isFinite(amount) ? differenceLabel(cashDifference(amount, collectedCash)) : '—';
}

function useReceiveDriverCut(shippingId: number) {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  return useMutation({
    mutationFn: (body: DriverCutReceive) =>
      apiRequest(`/api/v2/shippings/${shippingId}/driver_cut/receive`, {
        method: 'POST',
        body,
        schema: driverCutAnswerSchema,
        idempotencyKey: keys.keyFor('receive', body),
      }),
    onSuccess: (answer) => {
      keys.done('receive');
      queryClient.setQueryData(driverCutKey(shippingId), answer);
      return queryClient.invalidateQueries({ queryKey: CAJA_KEY });
    },
  });
}

/**
 * 'Corte del chofer' on a route's page (/shippings/{id}): what the driver collected on the
 * route by payment method against what the office expects, what the driver counted when
 * closing it, and — for who records payments — 'Recibir corte' with the cash handed in.
 */
export function DriverCutSection({ shippingId, canReceive, notify }: { shippingId: number; canReceive: boolean; notify: Notify }) {
  const cut = useQuery({
    queryKey: driverCutKey(shippingId),
    queryFn: ({ signal }) => apiRequest(`/api/v2/shippings/${shippingId}/driver_cut`, { schema: driverCutAnswerSchema, signal }),
    select: (answer) => answer.data,
  });
  const heading = useId();
  return (
    // It scrolls on its own below the route (driver-cut.css): focusable, so a keyboard scrolls it too.
    <section className="driver-cut" aria-labelledby={heading} tabIndex={0}>
      <h2 id={heading} className="section-heading">
        {text.title}
      </h2>
      <QueryStatus query={cut} loading={text.loading} />
      {cut.data && (
        <DriverCutView
          cut={cut.data}
          receive={
            canReceive && cut.data.state === 'submitted' ? (
              <ReceiveCut shippingId={shippingId} collectedCash={cut.data.collected_cash} notify={notify} />
            ) : null
          }
        />
      )}
    </section>
  );
}

function ByMethod({ lines, total, totalLabel }: { lines: DriverCut['collected']; total: number; totalLabel: string }) {
  return (
    <AmountsByMethod
      className="data-table data-table--inner driver-cut__table"
      lines={lines}
      total={total}
      labels={{ method: text.method, amount: text.amount, total: totalLabel }}
    />
  );
}

/** The cut as it stands; `receive` is the form the office receives it with, when it may. */
export function DriverCutView({ cut, receive }: { cut: DriverCut; receive: ReactNode }) {
  return (
    <div className="driver-cut__body">
      <p className="driver-cut__state">
        <span className={`status-chip status-chip--${STATE_CHIP[cut.state]}`}>{text.states[cut.state]}</span>
        {cut.driver_name && (
          <span>
            {' '}
            · {text.driver}: {cut.driver_name}
          </span>
        )}
      </p>
      <dl className="driver-cut__figures">
        <div>
          <dt>{text.expected}</dt>
          <dd>{formatMoney(cut.expected)}</dd>
        </div>
        <div>
          <dt>{text.collectedTotal}</dt>
          <dd>{formatMoney(cut.collected_total)}</dd>
        </div>
        <div>
          <dt>{text.collectedCash}</dt>
          <dd>{formatMoney(cut.collected_cash)}</dd>
        </div>
      </dl>
      <p className="field-hint">{text.expectedHint}</p>
      <h3>{text.collected}</h3>
      {cut.collected.length === 0 ? (
        <p className="empty-state">{text.noCollections}</p>
      ) : (
        <ByMethod lines={cut.collected} total={cut.collected_total} totalLabel={text.collectedTotal} />
      )}
      <h3>{text.counted}</h3>
      {cut.counted === null ? (
        <p>{text.notSubmitted}</p>
      ) : (
        <>
          {cut.submitted_at && <p>{text.submittedAt(wallMinute(cut.submitted_at))}</p>}
          <ByMethod lines={cut.counted} total={cut.counted_total ?? 0} totalLabel={text.countedTotal} />
          {cut.note && (
            <p>
              {text.driverNote}: {cut.note}
            </p>
          )}
        </>
      )}
      {cut.state === 'received' && (
        <>
          <h3>{text.states.received}</h3>
          <p>{text.received(cut.received_at ? formatMoment(cut.received_at) : '—', cut.received_by_name ?? '—')}</p>
          <dl className="driver-cut__figures">
            <div>
              <dt>{text.receivedCash}</dt>
              <dd>{formatMoney(cut.received_cash ?? 0)}</dd>
            </div>
            <div>
              <dt>{text.difference}</dt>
              <dd>{differenceLabel(cut.difference ?? 0)}</dd>
            </div>
          </dl>
          {cut.received_note && (
            <p>
              {text.receivedNote}: {cut.received_note}
            </p>
          )}
        </>
      )}
      {receive}
    </div>
  );
}

function ReceiveCut({ shippingId, collectedCash, notify }: { shippingId: number; collectedCash: number; notify: Notify }) {
  const receive = useReceiveDriverCut(shippingId);
  return (
    <ReceiveCutForm
      collectedCash={collectedCash}
      pending={receive.isPending}
      serverError={receive.isError ? getErrorMessage(receive.error) : null}
      onReceive={(body) =>
        receive.mutate(body, {
          onSuccess: () => notify(text.receivedSaved, 'success'),
          onError: (error) => notify(getErrorMessage(error), 'danger'),
        })
      }
    />
  );
}

/** 'Recibir corte': the cash the driver hands in and a note; the difference shows as it is typed. */
export function ReceiveCutForm({
  collectedCash,
  pending,
  serverError,
  onReceive,
}: {
  collectedCash: number;
  pending: boolean;
  serverError: string | null;
  onReceive: (body: DriverCutReceive) => void;
}) {
  const [cash, setCash] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const base = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = driverCutReceiveSchema.safeParse({ received_cash: typedAmount(cash), note: note.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      document.getElementById(`${base}-cash`)?.focus();
      return;
    }
    setError(null);
    onReceive(parsed.data);
  };
  return (
    <form className="driver-cut__form" onSubmit={submit} noValidate aria-label={text.receive}>
      <h3>{text.receive}</h3>
      <dl className="driver-cut__figures">
        <div>
          <dt>{text.collectedCash}</dt>
          <dd>{formatMoney(collectedCash)}</dd>
        </div>
        <div aria-live="polite">
          <dt>{text.difference}</dt>
          <dd>{receiptDifference(cash, collectedCash)}</dd>
        </div>
      </dl>
      <Field id={`${base}-cash`} label={text.receivedCash} error={error ?? undefined}>
        <input
          id={`${base}-cash`}
          inputMode="decimal"
          autoComplete="off"
          value={cash}
          onChange={(e) => setCash(e.target.value)}
          {...describedBy(`${base}-cash`, error ?? undefined)}
        />
      </Field>
      <Field id={`${base}-note`} label={text.note}>
        <input id={`${base}-note`} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {serverError && (
        <p role="alert" className="form-error">
          <span className="field-error">{serverError}</span>
        </p>
      )}
      <button type="submit" className="button-primary button-primary--padded" disabled={pending}>
        {pending ? text.receiving : text.receive}
      </button>
    </form>
  );
}
