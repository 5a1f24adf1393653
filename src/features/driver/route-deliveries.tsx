import { IonSpinner, IonTextarea, IonToast } from '@ionic/react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import '../../ui/ionic-setup';
import { formatKg, formatMoney, mapsSearchUrl } from '../../../domain/format';
import { driverMessages } from '../../../domain/messages/driver';
import { driverDeliveryMessages } from '../../../domain/messages/driver-delivery';
import { commonMessages } from '../../../domain/messages/shell';
import { shippingMessages } from '../../../domain/messages/shipping';
import { shippingWeight, timelineColour } from '../../../domain/rules/delivery-status';
import { routeKilometres } from '../../../domain/rules/shipping-progress';
import { monterreyDate, monterreyMinute, readableMinute } from '../../../domain/time';
import type { LocalDetail, LocalShipping } from '../../../sync/db';
import { stopsInOrder } from '../../../sync/stop-order';
import { Dialog } from '../../ui/dialog';
import { openPrintWindow } from '../../lib/session-store';
import { useRoute } from '../../sync/driver-reads';
import { useRouteMoney, type RouteMoney } from '../../sync/driver-money-reads';
import { useShell } from '../../ui/shell-context';
import { PendingBadge } from '../../ui/sync/pending-badge';
import { useHoldUpdate } from '../../lib/sending-gate';
import { RefusedChanges } from '../../ui/sync/refused-changes';
import { useCommand, useEngineWhenReady, useSyncStatus } from '../../sync/sync-context';
import { refuseEvidenceFile } from './driver-input';
import { deliverAtStop, type DeliveryInput } from './delivery-actions';
import { MAX_RECEIVED_BY, partialLines, returnedAtStop, type LineAnswer, type PartialLine } from './delivery-evidence';
import { PartialLinesFields } from './partial-lines';
import type { SignatureHandle } from './signature-field';
import type { TrackingState } from './route-tracker';
import { tracksPositions, useTrackingState } from './tracking-state';
import { KmForm, RouteFormActions, useSave, type Save } from '../../ui/route/route-form';
import { DeliveryOutcome, DeliveryStatusChip, personName, ProgressButtons } from '../../ui/route/route-view';
import { useDevicePosition } from './use-device-position';
import { StopInvoice } from './stop-invoice';
import { StopMoney } from './stop-money';
import './route-deliveries.css';

const text = driverMessages;
const deliveryText = driverDeliveryMessages;
type Toast = { text: string; color: string } | null;
/** The receiver's signature: its pad (and signature_pad) loaded when a delivery form opens. */
const SignatureField = lazy(() => import('./signature-field').then((module) => ({ default: module.SignatureField })));
/**
 * The started route's position recorder, loaded after this screen renders: neither the driver's
 * start nor this screen's first draw carries it. It runs while the route's screen is open.
 */
const RouteTracking = lazy(() => import('./route-tracking'));
/** The driver's cut, loaded once the route started. */
const DriverCutSection = lazy(() => import('./driver-cut'));

/** Who looks at the route: 'Cobrar' is offered as the server would take it from them. */
interface Viewer {
  id: number;
  job_position: string | null;
}

/**
 * 'Entregas' (spec §2 card view): start and finish the route, deliver or reject each sale.
 * Its own chunk, loaded when a route is opened: the driver's start draws no Ionic.
 */
export default function RouteDeliveries({ shippingId, onClose }: { shippingId: number; onClose: () => void }) {
  const route = useRoute(shippingId);
  const money = useRouteMoney(shippingId);
  const { user } = useShell();
  const sync = useSyncStatus();
  const [toast, setToast] = useState<Toast>(null);
  return (
    <Dialog
      label={text.deliveries}
      title={`${text.deliveries} · ${text.routeFolio(shippingId)}`}
      className="fullscreen-modal"
      onClose={onClose}
    >
      {route === undefined && (
        <div className="centered" role="status">
          <IonSpinner aria-hidden="true" />
          <span>{commonMessages.loading}</span>
        </div>
      )}
      {route === null && <p className="empty-state">{text.routeMissing}</p>}
      {!sync.online && (
        <p className="offline-note" role="status">
          {text.offlineHere}
        </p>
      )}
      <RefusedChanges lane={(lane) => lane === `route:${shippingId}`} />
      {route && tracksPositions(route.shipping, user.id) && (
        <Suspense fallback={null}>
          <RouteTracking shippingId={shippingId} userId={user.id} />
        </Suspense>
      )}
      {route && (
        <>
          <RouteSummary
            shipping={route.shipping}
            details={route.details}
            onDone={(message) => setToast({ text: message, color: 'success' })}
          />
          {/* A rejection is recorded, not celebrated: its notice is not the success green. */}
          <Stops
            shipping={route.shipping}
            details={route.details}
            money={money}
            user={user}
            pickUp={route.shipping.kind === 'recoleccion'}
            onDone={(message, rejected) => setToast({ text: message, color: rejected ? 'medium' : 'success' })}
          />
          {/* The cut, at the end of the route's stops once it started: before 'Terminar' or after it. */}
          {money && route.shipping.initial_km != null && route.shipping.driver_id === user.id && (
            <Suspense fallback={null}>
              <DriverCutSection
                shipping={route.shipping}
                money={money}
                onDone={(message) => setToast({ text: message, color: 'success' })}
              />
            </Suspense>
          )}
        </>
      )}
      <IonToast
        isOpen={toast !== null}
        message={toast?.text ?? ''}
        color={toast?.color}
        duration={3000}
        onDidDismiss={() => setToast(null)}
      />
    </Dialog>
  );
}

/**
 * The route's facts in a few lines above its stops: odometer readings with the
 * time they were taken as the driver reads it, weight and kilometres, then its buttons.
 */
function RouteSummary({
  shipping,
  details,
  onDone,
}: {
  shipping: LocalShipping;
  details: LocalDetail[];
  onDone: (message: string) => void;
}) {
  const command = useCommand();
  const [asking, setAsking] = useState<'start' | 'finish' | null>(null);
  const today = monterreyDate(new Date());
  const travelled = routeKilometres(shipping);
  const odometer = (km: number | null, at: string | null) =>
    km === null ? text.notCaptured : text.km(km, at ? readableMinute(at, today) : null);

  const save = async (km: number) => {
    // The moment the person acts is the time recorded (docs/sync-engine.md rule 4).
    const at = monterreyMinute(new Date());
    const refusal =
      asking === 'start'
        ? await command('startRoute', { shippingId: shipping.id, initial_km: km, km_capture_time_start: at })
        : await command('finishRoute', { shippingId: shipping.id, final_km: km, km_capture_time: at });
    if (refusal === null) {
      onDone(asking === 'start' ? text.routeStarted : text.routeFinished);
      setAsking(null);
    }
    return refusal;
  };

  // The manifest prints what this device knows, so it works offline too.
  const print = () => openPrintWindow({ kind: 'shipping', data: { ...shipping, shipping_details: details } });

  return (
    <section className="route-summary" aria-label={text.routeFolio(shipping.id)}>
      <p className="route-summary__line">
        <strong>{text.routeWithKind(shipping.id, shipping.kind)}</strong> · {shipping.vehicle?.name ?? text.noVehicle}
        <PendingBadge records={`shipping:${shipping.id}`} />
      </p>
      <dl className="route-summary__facts">
        <div>
          <dt>{text.initialKm}</dt>
          <dd>{odometer(shipping.initial_km, shipping.km_capture_time_start)}</dd>
        </div>
        <div>
          <dt>{text.finalKm}</dt>
          <dd>{odometer(shipping.final_km, shipping.km_capture_time)}</dd>
        </div>
        <div>
          <dt>{text.weight}</dt>
          <dd>{formatKg(shippingWeight(details))}</dd>
        </div>
        <div>
          <dt>{text.travelled}</dt>
          <dd>{travelled === null ? '—' : text.kms(travelled)}</dd>
        </div>
      </dl>
      {shipping.note && <p className="route-summary__note">{shipping.note}</p>}
      {shipping.initial_km != null && shipping.final_km == null && <TrackingNote shippingId={shipping.id} />}
      {asking ? (
        <KmForm label={asking === 'start' ? text.initialKm : text.finalKm} onSave={save} onCancel={() => setAsking(null)} />
      ) : (
        <ProgressButtons shipping={shipping} onStart={() => setAsking('start')} onFinish={() => setAsking('finish')} onPrint={print} />
      )}
    </section>
  );
}

/** The started route's position note for the tracker's state; null until the tracker knows. */
export function trackingNoteText(state: TrackingState | null): string | null {
  if (state === null || state === 'waiting') return null;
  if (state === 'active') return deliveryText.trackingActive;
  // A phone with no geolocation at all is not helped by 'allow the location'.
  return state === 'unavailable' ? deliveryText.trackingUnavailable : deliveryText.trackingDenied;
}

/** Whether the started route's positions are being recorded (issue 47); nothing until the tracker knows. */
function TrackingNote({ shippingId }: { shippingId: number }) {
  const state = useTrackingState(shippingId);
  const note = trackingNoteText(state);
  if (note === null) return null;
  return (
    <p className={`tracking-note${state === 'active' ? ' tracking-note--active' : ''}`} role="status">
      {note}
    </p>
  );
}

/**
 * The route's stops, the pending ones first in route order with the next one marked, then
 * the finished ones, one line each with their status colour (Next stop first).
 */
/** `pickUp`: the route picks rented goods up (event rental): a stop is done by picking up, not delivering. */
export function Stops({
  shipping,
  details,
  money,
  user,
  pickUp,
  onDone,
}: {
  shipping: LocalShipping;
  details: LocalDetail[];
  money: RouteMoney | undefined;
  user: Viewer;
  pickUp: boolean;
  onDone: (message: string, rejected?: boolean) => void;
}) {
  const moneyOf = (detail: LocalDetail) => <StopMoney shipping={shipping} detail={detail} money={money} user={user} />;
  if (details.length === 0) return <p className="empty-state">{text.noDeliveries}</p>;
  // The office's order (issue 47: 'Optimizar' or dragged), the rest after it by id.
  const ordered = stopsInOrder(details);
  const pending = ordered.filter((detail) => !detail.completed);
  const finished = ordered.filter((detail) => detail.completed);
  return (
    <ol className="stops" aria-label={text.timeline}>
      {pending.map((detail, index) => (
        <li key={detail.id}>
          <StopCard detail={detail} next={index === 0} pickUp={pickUp} onDone={onDone} money={moneyOf(detail)} />
        </li>
      ))}
      {finished.map((detail) => (
        <li key={detail.id}>
          <FinishedStop detail={detail} money={moneyOf(detail)} />
        </li>
      ))}
    </ol>
  );
}

/** A finished stop on one line: status, folio and customer, when; a rejection says why. */
function FinishedStop({ detail, money }: { detail: LocalDetail; money: ReactNode }) {
  const headingId = useId();
  const today = monterreyDate(new Date());
  return (
    <article className={`stop stop--finished stop--${timelineColour(detail)}`} aria-labelledby={headingId}>
      <div className="stop__line">
        <DeliveryStatusChip detail={detail} />
        <h3 id={headingId} className="stop__title">
          {text.saleFolio(detail.sale.id)} · {detail.sale.company_name}
        </h3>
        {detail.delivered_at && <span className="stop__time">{readableMinute(detail.delivered_at, today)}</span>}
      </div>
      <PendingBadge records={`detail:${detail.id}`} />
      <DeliveryOutcome detail={detail} />
      <DeliveredEvidence detail={detail} />
      <StopInvoice detailId={detail.id} invoice={detail.invoice} saleFolio={text.saleFolio(detail.sale.id)} />
      {money}
    </article>
  );
}

/** A delivered stop's receiver and signature, and for a partial delivery what came back. */
function DeliveredEvidence({ detail }: { detail: LocalDetail }) {
  if (!detail.completed || !detail.is_delivered) return null;
  const returned = returnedAtStop(detail);
  return (
    <>
      {returned && (
        <div className="stop__partial">
          <span className="status-chip stop__partial-chip">{deliveryText.partial}</span>
          {returned.length > 0 && (
            <>
              <p className="stop__partial-title">{deliveryText.returnedTitle}</p>
              <ul className="sale-items">
                {returned.map((line) => (
                  <li key={line.item_id}>{deliveryText.returnedLine(line.name, line.quantity, line.unit, line.reason)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      {(detail.received_by || detail.signature) && (
        <p className="stop__where">
          {[detail.received_by ? deliveryText.receivedByShown(detail.received_by) : null, detail.signature ? deliveryText.signed : null]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </>
  );
}

/** Where the stop is and whom to call there: the maps search and the contact's phone. */
function StopLinks({ detail }: { detail: LocalDetail }) {
  const { sale } = detail;
  const address = sale.company.delivery_address;
  const contact = sale.contact ? personName(sale.contact) : null;
  const phone = sale.contact?.phone?.replace(/[^\d+]/g, '');
  return (
    <>
      <p className="stop__where">{[sale.company_branch?.name, address ?? text.noAddress].filter(Boolean).join(' · ')}</p>
      {contact && <p className="stop__where">{`${text.contact}: ${contact}`}</p>}
      <div className="stop__links">
        {address && (
          <a
            className="touch-button"
            href={mapsSearchUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={text.navigateTo(address)}
          >
            {text.navigate}
          </a>
        )}
        {phone && (
          <a className="touch-button" href={`tel:${phone}`} aria-label={text.callTo(contact ?? phone)}>
            {text.call}
          </a>
        )}
      </div>
    </>
  );
}

/** A pending stop: folio and customer, where and whom to call, weight and balance, its products folded, and its buttons. */
function StopCard({
  detail,
  next,
  pickUp,
  onDone,
  money,
}: {
  detail: LocalDetail;
  next: boolean;
  pickUp: boolean;
  onDone: (message: string, rejected?: boolean) => void;
  /** The stop's payments and 'Cobrar'. */
  money: ReactNode;
}) {
  const command = useCommand();
  const whenEngine = useEngineWhenReady();
  const [mode, setMode] = useState<'deliver' | 'partial' | 'reject' | null>(null);
  const position = useDevicePosition(mode !== null);
  const headingId = useId();
  const folio = text.saleFolio(detail.sale.id);
  const base = { detailId: detail.id, shippingId: detail.shipping_id };
  // A stop stored before issue 47 lacks its lines' product ids: no return could be recorded.
  const lines = pickUp ? null : partialLines(detail);

  const deliver: Save<Omit<DeliveryInput, 'position'>> = async (input) => {
    const refusal = await deliverAtStop(await whenEngine(), detail, { ...input, position: position() });
    if (refusal === null) {
      setMode(null);
      onDone(input.partial ? deliveryText.partialDone : text.completed);
    }
    return refusal;
  };

  const reject: Save<string> = async (reason) => {
    const at = monterreyMinute(new Date());
    const refusal = await command('rejectDelivery', {
      ...base,
      delivered_at: at,
      delivery_rejection_comment: reason,
      position: position(),
    });
    if (refusal === null) {
      setMode(null);
      onDone(text.rejected, true);
    }
    return refusal;
  };

  return (
    <article className={`stop${next ? ' stop--next' : ''}`} aria-labelledby={headingId}>
      <div className="stop__line">
        {next ? <span className="status-chip stop__next">{text.next}</span> : <DeliveryStatusChip detail={detail} />}
        <h3 id={headingId} className="stop__title">
          {folio} · {detail.sale.company_name}
        </h3>
      </div>
      {next && <DeliveryStatusChip detail={detail} />}
      <PendingBadge records={`detail:${detail.id}`} />
      <StopLinks detail={detail} />
      {/* The driver's printed 'factura' is the stamped CFDI's PDF (issue 45). */}
      <StopInvoice detailId={detail.id} invoice={detail.invoice} saleFolio={folio} />
      <p className="stop__facts">{text.stopFacts(formatKg(detail.sale.sale_weight), formatMoney(detail.sale.sale_due_balance))}</p>
      {money}
      {detail.sale.note && (
        <p className="stop__note">
          <strong>{text.saleNote}:</strong> {detail.sale.note}
        </p>
      )}
      <details className="stop__products">
        <summary>{text.products(detail.sale.sale_items.length)}</summary>
        <ul className="sale-items">
          {detail.sale.sale_items.map((line, index) => (
            <li key={index}>
              {line.quantity} × {line.item.name}
            </li>
          ))}
        </ul>
        <p>{`${text.seller}: ${personName(detail.sale.user)}`}</p>
      </details>
      {mode === null && (
        <div className="progress-buttons">
          <button type="button" className="touch-button touch-button--success" onClick={() => setMode('deliver')}>
            {pickUp ? text.pickUp : text.deliver}
          </button>
          {lines && (
            <button type="button" className="touch-button" onClick={() => setMode('partial')}>
              {deliveryText.partial}
            </button>
          )}
          <button type="button" className="touch-button touch-button--danger" onClick={() => setMode('reject')}>
            {text.reject}
          </button>
        </div>
      )}
      {mode === 'deliver' && <DeliverForm onSave={deliver} onCancel={() => setMode(null)} />}
      {mode === 'partial' && lines && (
        <DeliverForm lines={lines} title={deliveryText.partialTitle(folio)} onSave={deliver} onCancel={() => setMode(null)} />
      )}
      {mode === 'reject' && <RejectForm onSave={reject} onCancel={() => setMode(null)} />}
    </article>
  );
}

/**
 * 'Entregar' and 'Entrega parcial': the photo or PDF (required, spec §5), who received and their
 * signature (optional; a signature needs the name), and for a partial delivery the sale's lines
 * with what the customer accepted and why the rest came back.
 */
export function DeliverForm({
  lines,
  title,
  onSave,
  onCancel,
}: {
  lines?: readonly PartialLine[];
  title?: string;
  onSave: Save<Omit<DeliveryInput, 'position'>>;
  onCancel: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [receivedBy, setReceivedBy] = useState('');
  const [signed, setSigned] = useState(false);
  const [answers, setAnswers] = useState<LineAnswer[]>(() => (lines ?? []).map((line) => ({ accepted: String(line.ordered), reason: '' })));
  const signature = useRef<SignatureHandle | null>(null);
  const { error, setError, saving, run } = useSave();
  const ids = { input: useId(), camera: useId(), hint: useId(), name: useId(), title: useId() };
  useHoldUpdate(file !== null || receivedBy !== '' || signed);

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    const refusal = chosen ? refuseEvidenceFile(chosen) : null;
    setError(refusal);
    setFile(refusal ? null : chosen);
    if (refusal) input.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    await run(() =>
      onSave({
        file,
        receivedBy,
        signature: signed ? (signature.current?.read() ?? null) : null,
        ...(lines && { partial: { lines, answers } }),
      }),
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="inline-form" aria-labelledby={title ? ids.title : undefined}>
      {title && (
        <>
          <h4 id={ids.title} className="inline-form__title">
            {title}
          </h4>
          <p className="field-hint">{deliveryText.partialIntro}</p>
        </>
      )}
      {lines && <PartialLinesFields lines={lines} answers={answers} onChange={setAnswers} />}
      {/* On a phone this opens the camera at once; the other field takes a photo or PDF already on the device. */}
      <label htmlFor={ids.camera} className="touch-button touch-button--primary file-field__camera">
        {text.takePhoto}
      </label>
      <input
        id={ids.camera}
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture="environment"
        aria-describedby={ids.hint}
        onChange={(event) => choose(event.currentTarget)}
      />
      <label htmlFor={ids.input} className="file-field__label">
        {text.evidence}
      </label>
      <input
        id={ids.input}
        className="file-field__input"
        type="file"
        accept="image/*,application/pdf"
        aria-describedby={ids.hint}
        onChange={(event) => choose(event.currentTarget)}
      />
      <p id={ids.hint} className="field-hint">
        {file ? file.name : shippingMessages.evidenceRequired}
      </p>
      <div className="field">
        <label htmlFor={ids.name}>{deliveryText.receivedBy}</label>
        <input
          id={ids.name}
          type="text"
          autoComplete="off"
          maxLength={MAX_RECEIVED_BY}
          value={receivedBy}
          onChange={(event) => setReceivedBy(event.currentTarget.value)}
        />
      </div>
      <Suspense fallback={<p className="field-hint">{deliveryText.signatureLoading}</p>}>
        <SignatureField handle={signature} onSigned={setSigned} />
      </Suspense>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <RouteFormActions disabled={!file || saving} label={saving ? text.preparingFile : text.save} onCancel={onCancel} />
    </form>
  );
}

function RejectForm({ onSave, onCancel }: { onSave: Save<string>; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const { error, saving, run } = useSave();
  useHoldUpdate(reason !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(() => onSave(reason));
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="inline-form">
      <IonTextarea
        label={text.rejectionReason}
        labelPlacement="stacked"
        fill="outline"
        autoGrow
        rows={2}
        maxlength={2000}
        value={reason}
        errorText={error ?? undefined}
        className={error ? 'ion-invalid ion-touched' : ''}
        onIonInput={(e) => setReason(String(e.detail.value ?? ''))}
      />
      <RouteFormActions disabled={saving} onCancel={onCancel} />
    </form>
  );
}
