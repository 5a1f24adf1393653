import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { cashDifference, CASH_MOVEMENT_KINDS, type CashMovementKind } from '../../../domain/caja';
import { differenceLabel } from '../../../domain/documents/cash-cut-document';
import { formatMoney, formatMoment } from '../../../domain/format';
import { cajaMessages } from '../../../domain/messages/caja';
import { driverMessages } from '../../../domain/messages/driver';
import { printMessages } from '../../../domain/messages/shell';
import {
  cajaDaySchema,
  cashCutInputSchema,
  cashCutRowSchema,
  cashMovementInputSchema,
  cashMovementRowSchema,
  type CajaDay,
} from '../../../domain/schemas/caja';
import { routeMoneyMessages } from '../../../domain/messages/route-money';
import { hasPermission } from '../../../domain/permissions';
import { receivedDriverCutsSchema, type ReceivedDriverCut } from '../../../domain/schemas/route-money';
import { monterreyDateTime } from '../../../domain/time';
import { describedBy, Field } from '../../ui/form-fields';
import { useToast, type Notify } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { PageSection } from '../../ui/record-page';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { openPrintWindow } from '../../lib/session-store';
import { typedAmount } from '../../../domain/money';
import './caja.css';
import { ScreenPage } from '../../ui/screen-chrome';
import { useShell } from '../../ui/shell-context';

const text = cajaMessages;
const CAJA_KEY = ['caja', 'today'] as const;
/** Under 'caja': the route's page refreshes both when it receives a driver's cut. */
const DRIVER_CUTS_KEY = ['caja', 'driver-cuts'] as const;

function useCajaWrites() {
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const settle = (kind: string) => () => {
    keys.done(kind);
    return queryClient.invalidateQueries({ queryKey: CAJA_KEY });
  };
  const movement = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest('/api/v2/cash_movements', {
        method: 'POST',
        body,
        schema: cashMovementRowSchema,
        idempotencyKey: keys.keyFor('movement', body),
      }),
    onSuccess: settle('movement'),
  });
  const cut = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest('/api/v2/cash_cuts', { method: 'POST', body, schema: cashCutRowSchema, idempotencyKey: keys.keyFor('cut', body) }),
    onSuccess: settle('cut'),
  });
  return { movement, cut };
}

/**
 * `/caja` ('Caja', the top bar's shortcut): the signed-in person's counter day — the
 * counter sales they made, the payments they took by method, the cash put in and taken out —
 * and the day's cut: the cash the server expects, the cash counted, the difference, printable.
 */
export default function CajaPage() {
  const day = useQuery({
    queryKey: CAJA_KEY,
    queryFn: ({ signal }) => apiRequest('/api/v2/caja', { schema: cajaDaySchema, signal }),
    select: (answer) => answer.data,
  });
  const [notify, toast] = useToast();
  return (
    <ScreenPage title={text.title} overlays={toast}>
      <h1 className="visually-hidden">{text.title}</h1>
      <QueryStatus query={day} loading={text.loading} />
      {day.data && <CajaView day={day.data} notify={notify} />}
    </ScreenPage>
  );
}

function CajaView({ day, notify }: { day: CajaDay; notify: Notify }) {
  const print = () => {
    if (!openPrintWindow({ kind: 'cashCut', data: { day } })) notify(printMessages.blocked, 'danger');
  };
  return (
    <div className="caja">
      <p className="caja__day">{text.day(day.date, day.user_name)}</p>
      <div className="caja__grid">
        <PageSection title={text.counterSales} className="caja__card">
          <p className="caja__figure">
            {formatMoney(day.counter_sales.total)} <span>· {day.counter_sales.count}</span>
          </p>
          {day.counter_sales.rows.length === 0 ? (
            <p>{text.noCounterSales}</p>
          ) : (
            <ul className="caja__list">
              {day.counter_sales.rows.map((sale) => (
                <li key={sale.id}>
                  <span>
                    {driverMessages.saleFolio(sale.id)} · {sale.company_name}
                  </span>
                  <span>{formatMoney(sale.total)}</span>
                </li>
              ))}
            </ul>
          )}
        </PageSection>
        <PageSection title={text.payments} className="caja__card">
          <p className="caja__figure">{formatMoney(day.payments.total)}</p>
          {day.payments.by_method.length === 0 ? (
            <p>{text.noPayments}</p>
          ) : (
            <ul className="caja__list">
              {day.payments.by_method.map((row) => (
                <li key={row.method}>
                  <span>
                    {row.method} · {row.count}
                  </span>
                  <span>{formatMoney(row.total)}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            {text.cashPayments}: <strong>{formatMoney(day.payments.cash)}</strong>
          </p>
        </PageSection>
        <PageSection title={text.movements} className="caja__card">
          {day.movements.length === 0 ? (
            <p>{text.noMovements}</p>
          ) : (
            <ul className="caja__list">
              {day.movements.map((movement) => (
                <li key={movement.id}>
                  <span>
                    {text.kinds[movement.kind]} · {movement.reason} · {monterreyDateTime(new Date(movement.created_at)).slice(-5)}
                  </span>
                  <span>{movement.kind === 'salida' ? `−${formatMoney(movement.amount)}` : formatMoney(movement.amount)}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            {text.cashIn}: <strong>{formatMoney(day.cash_in)}</strong> · {text.cashOut}: <strong>{formatMoney(day.cash_out)}</strong>
          </p>
          {!day.cut && <MovementForm notify={notify} />}
        </PageSection>
        <ReceivedDriverCuts />
        <PageSection title={text.cutTitle} className="caja__card caja__cut">
          {day.cut ? (
            <>
              <dl className="caja__totals">
                <div>
                  <dt>{text.expected}</dt>
                  <dd>{formatMoney(day.cut.expected)}</dd>
                </div>
                <div>
                  <dt>{text.counted}</dt>
                  <dd>{formatMoney(day.cut.counted)}</dd>
                </div>
                <div>
                  <dt>{text.difference}</dt>
                  <dd>{differenceLabel(day.cut.difference)}</dd>
                </div>
              </dl>
              <p>{text.cutDone(formatMoment(day.cut.created_at).slice(-5))}</p>
              <button type="button" className="outline-button" onClick={print}>
                {text.printCut}
              </button>
            </>
          ) : (
            <CutForm expected={day.expected_cash} notify={notify} />
          )}
        </PageSection>
      </div>
    </div>
  );
}

function MovementForm({ notify }: { notify: Notify }) {
  const [kind, setKind] = useState<CashMovementKind>('entrada');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const { movement } = useCajaWrites();
  const base = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cashMovementInputSchema.safeParse({ kind, amount: typedAmount(amount), reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0]), message: issue.message });
      document.getElementById(`${base}-${String(issue.path[0])}`)?.focus();
      return;
    }
    setError(null);
    movement.mutate(parsed.data, {
      onSuccess: (saved) => {
        notify(text.movementSaved(text.kinds[saved.kind], formatMoney(saved.amount)), 'success');
        setAmount('');
        setReason('');
      },
      onError: (e) => notify(getErrorMessage(e), 'danger'),
    });
  };
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form className="caja__form" onSubmit={submit} noValidate aria-label={text.addMovement}>
      <fieldset className="caja__kinds">
        <legend>{text.kind}</legend>
        {CASH_MOVEMENT_KINDS.map((value) => (
          <label key={value}>
            <input type="radio" name={`${base}-kind`} checked={kind === value} onChange={() => setKind(value)} />
            {text.kinds[value]}
          </label>
        ))}
      </fieldset>
      <Field id={`${base}-amount`} label={text.amount} error={errorOf('amount')}>
        <input
          id={`${base}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...describedBy(`${base}-amount`, errorOf('amount'))}
        />
      </Field>
      <Field id={`${base}-reason`} label={text.reason} error={errorOf('reason')}>
        <input
          id={`${base}-reason`}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...describedBy(`${base}-reason`, errorOf('reason'))}
        />
      </Field>
      <button type="submit" className="outline-button" disabled={movement.isPending}>
        {movement.isPending ? text.saving : text.addMovement}
      </button>
    </form>
  );
}

function CutForm({ expected, notify }: { expected: number; notify: Notify }) {
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { cut } = useCajaWrites();
  const base = useId();
  const typed = typedAmount(counted);
  const difference = typed !== undefined && Number.isFinite(typed) ? cashDifference(typed, expected) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = cashCutInputSchema.safeParse({ counted: typed, note: note || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      document.getElementById(`${base}-counted`)?.focus();
      return;
    }
    setError(null);
    cut.mutate(parsed.data, { onSuccess: () => notify(text.cutSaved, 'success'), onError: (e) => notify(getErrorMessage(e), 'danger') });
  };
  return (
    <form className="caja__form" onSubmit={submit} noValidate>
      <dl className="caja__totals">
        <div>
          <dt>{text.expected}</dt>
          <dd>{formatMoney(expected)}</dd>
        </div>
        <div aria-live="polite">
          <dt>{text.difference}</dt>
          <dd>{difference === null ? '—' : differenceLabel(difference)}</dd>
        </div>
      </dl>
      <Field id={`${base}-counted`} label={text.counted} error={error ?? undefined}>
        <input
          id={`${base}-counted`}
          inputMode="decimal"
          autoComplete="off"
          value={counted}
          onChange={(e) => setCounted(e.target.value)}
          {...describedBy(`${base}-counted`, error ?? undefined)}
        />
      </Field>
      <Field id={`${base}-note`} label={text.cutNote}>
        <input id={`${base}-note`} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
      {cut.isError && (
        <p role="alert" className="form-error">
          <span className="field-error">{getErrorMessage(cut.error)}</span>
        </p>
      )}
      <button type="submit" className="button-primary button-primary--padded" disabled={cut.isPending}>
        {cut.isPending ? text.saving : text.doCut}
      </button>
    </form>
  );
}

/**
 * The drivers' cuts the person received today (issue 46): the cash of each is already among the
 * drawer's 'Entradas'. Shown to who receives cuts (collections), or to anyone who received one.
 */
function ReceivedDriverCuts() {
  const { user } = useShell();
  const cuts = useQuery({
    queryKey: DRIVER_CUTS_KEY,
    queryFn: ({ signal }) => apiRequest('/api/v2/caja/driver_cuts', { schema: receivedDriverCutsSchema, signal }),
    select: (answer) => answer.data,
  });
  if (!hasPermission(user, 'collections') && !cuts.data?.length) return null;
  const words = routeMoneyMessages.caja;
  return (
    <PageSection title={words.title} className="caja__card">
      <QueryStatus query={cuts} loading={words.loading} />
      {cuts.data && <ReceivedDriverCutsList cuts={cuts.data} />}
    </PageSection>
  );
}

export function ReceivedDriverCutsList({ cuts }: { cuts: ReceivedDriverCut[] }) {
  const words = routeMoneyMessages.caja;
  if (cuts.length === 0) return <p>{words.none}</p>;
  return (
    <>
      <ul className="caja__list">
        {cuts.map((cut) => (
          <li key={cut.shipping_id}>
            <span>
              {words.row(cut.shipping_id, cut.driver_name ?? '—')} · {monterreyDateTime(new Date(cut.received_at)).slice(-5)}
              <br />
              {text.difference}: {differenceLabel(cut.difference)}
            </span>
            <span>{formatMoney(cut.received_cash)}</span>
          </li>
        ))}
      </ul>
      <p>{words.inDrawer}</p>
    </>
  );
}
