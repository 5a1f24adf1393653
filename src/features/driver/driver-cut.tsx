import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../domain/format';
import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import { syncMessages } from '../../../domain/messages/sync';
import { driverCutAnswerSchema, type DriverCut } from '../../../domain/schemas/route-money';
import { monterreyDate, readableMinute } from '../../../domain/time';
import type { LocalShipping } from '../../../sync/db';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useHoldUpdate } from '../../lib/sending-gate';
import {
  collectedByMethod,
  cutClosed,
  cutLines,
  totalOf,
  type MethodAmount,
  type RouteCut,
  type RouteMoney,
} from '../../sync/driver-money-reads';
import { useEngineWhenReady, useSyncStatus } from '../../sync/sync-context';
import { AmountsByMethod } from '../../ui/amounts-by-method';
import { closeDriverCut } from './route-money-actions';
import './route-money.css';

const text = driverMoneyMessages;

/** What the office says of the route's cut: only with signal. */
export type OfficeCut =
  { status: 'offline' } | { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; cut: DriverCut };

/**
 * 'Corte del chofer' on the route's screen once it started: what this phone collected by method,
 * what the office expects and has received (with signal), and the counted figures with a note
 * for 'Cerrar corte' — once; after that, 'Corte cerrado' with the figures and where the cut stands.
 */
export default function DriverCutSection({
  shipping,
  money,
  onDone,
}: {
  shipping: LocalShipping;
  money: RouteMoney;
  onDone: (message: string) => void;
}) {
  const whenEngine = useEngineWhenReady();
  const { online } = useSyncStatus();
  // Asked again whenever one of this phone's payments or its cut reaches the office.
  const arrivals = money.payments.filter((entry) => entry.state === 'arrived').length + (money.cut?.state === 'arrived' ? 1 : 0);
  const office = useQuery({
    queryKey: ['driver_cut', shipping.id, arrivals],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/shippings/${shipping.id}/driver_cut`, { schema: driverCutAnswerSchema, signal }).then((answer) => answer.data),
    enabled: online,
    retry: false,
  });
  const state: OfficeCut = !online
    ? { status: 'offline' }
    : office.data
      ? { status: 'ready', cut: office.data }
      : office.isError
        ? { status: 'failed', message: getErrorMessage(office.error) }
        : { status: 'loading' };
  return (
    <DriverCutView
      money={money}
      office={state}
      onSubmit={async (counted, note) => {
        const refusal = await closeDriverCut(await whenEngine(), shipping.id, counted, note);
        if (refusal === null) onDone(text.cutClosedToast);
        return refusal;
      }}
    />
  );
}

/** The driver's figures by method, with their total. */
function MethodTable({ lines, caption }: { lines: readonly MethodAmount[]; caption: string }) {
  return (
    <AmountsByMethod
      className="driver-cut__table"
      lines={lines}
      total={totalOf(lines)}
      caption={caption}
      labels={{ method: text.cutMethod, amount: text.cutAmount, total: text.cutTotal }}
    />
  );
}

function OfficeFigures({ office }: { office: OfficeCut }) {
  if (office.status === 'offline') return <p className="driver-cut__office-note">{text.cutOffline}</p>;
  if (office.status === 'loading')
    return (
      <p className="driver-cut__office-note" role="status">
        {text.cutLoading}
      </p>
    );
  if (office.status === 'failed') return <p className="driver-cut__office-note">{text.cutOfficeFailed(office.message)}</p>;
  return (
    <>
      <dl className="driver-cut__office">
        <div>
          <dt>{text.cutExpected}</dt>
          <dd>{formatMoney(office.cut.expected)}</dd>
        </div>
        <div>
          <dt>{text.cutOfficeCollected}</dt>
          <dd>{formatMoney(office.cut.collected_total)}</dd>
        </div>
      </dl>
      <p className="field-hint">{text.cutExpectedHint}</p>
    </>
  );
}

function ClosedCut({ cut }: { cut: RouteCut }) {
  const today = monterreyDate(new Date());
  return (
    <div className="driver-cut__closed">
      <p className="driver-cut__closed-at">{text.cutSubmitted(readableMinute(cut.cut.submitted_at, today))}</p>
      {cut.state === 'pending' && <span className="pending-badge">{syncMessages.pendingBadge}</span>}
      {cut.state === 'refused' && <p className="money-refused">{text.cutRefused(cut.reason ?? '')}</p>}
      {cut.state === 'arrived' && <p className="driver-cut__arrived">{text.cutReceived}</p>}
      <MethodTable lines={cut.cut.counted} caption={text.cutCounted} />
      {cut.cut.note && (
        <p className="driver-cut__note">
          <strong>{text.cutNote}:</strong> {cut.cut.note}
        </p>
      )}
      <p className="field-hint">{text.cutNoMorePayments}</p>
    </div>
  );
}

export function DriverCutView({
  money,
  office,
  onSubmit,
}: {
  money: RouteMoney;
  office: OfficeCut;
  onSubmit: (counted: (MethodAmount & { typed: string })[], note: string) => Promise<string | null>;
}) {
  const headingId = useId();
  const collected = collectedByMethod(money.payments, money.methods);
  const closed = cutClosed(money);
  const lines = cutLines(collected, money.methods);
  return (
    <section className="driver-cut" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {text.cut}
      </h2>
      {closed && money.cut ? (
        <ClosedCut cut={money.cut} />
      ) : (
        <>
          {money.cut?.state === 'discarded' && <p className="money-refused">{text.cutDiscarded}</p>}
          <p className="driver-cut__help">{text.cutHelp}</p>
        </>
      )}
      {collected.length === 0 ? (
        <p className="driver-cut__office-note">{text.cutNothingCollected}</p>
      ) : (
        <MethodTable lines={collected} caption={text.cutOnDevice} />
      )}
      <h3 className="driver-cut__subheading">{text.cutOffice}</h3>
      <OfficeFigures office={office} />
      {!closed && (
        // A new payment taken meanwhile fills the counts again with the new figures.
        <CutForm key={lines.map((line) => `${line.payment_method_id}:${line.amount}`).join(',')} lines={lines} onSubmit={onSubmit} />
      )}
    </section>
  );
}

function CutForm({
  lines,
  onSubmit,
}: {
  lines: MethodAmount[];
  onSubmit: (counted: (MethodAmount & { typed: string })[], note: string) => Promise<string | null>;
}) {
  const [typed, setTyped] = useState(() => new Map(lines.map((line) => [line.payment_method_id, line.amount.toFixed(2)])));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { note: useId(), error: useId(), field: useId() };
  useHoldUpdate(note !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const refusal = await onSubmit(
      lines.map((line) => ({ ...line, typed: typed.get(line.payment_method_id) ?? '' })),
      note,
    );
    setSaving(false);
    setError(refusal);
  };

  return (
    <form className="driver-cut__form" onSubmit={(event) => void submit(event)} noValidate aria-label={text.cut}>
      {lines.map((line) => (
        <div key={line.payment_method_id} className="field">
          <label htmlFor={`${ids.field}-${line.payment_method_id}`}>{text.cutCountedIn(line.name)}</label>
          <input
            id={`${ids.field}-${line.payment_method_id}`}
            inputMode="decimal"
            autoComplete="off"
            value={typed.get(line.payment_method_id) ?? ''}
            aria-describedby={error ? ids.error : undefined}
            onChange={(e) => {
              const value = e.target.value;
              setTyped((current) => new Map(current).set(line.payment_method_id, value));
            }}
          />
        </div>
      ))}
      <div className="field">
        <label htmlFor={ids.note}>{text.cutNote}</label>
        <textarea id={ids.note} rows={2} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="progress-buttons">
        <button type="submit" className="touch-button touch-button--primary" disabled={saving}>
          {saving ? text.cutClosing : text.cutSubmit}
        </button>
      </div>
    </form>
  );
}
