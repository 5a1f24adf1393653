import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardSubtitle,
  IonCardTitle,
  IonInput,
  IonSpinner,
  IonTextarea,
  IonToast,
} from '@ionic/react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import '../../app/ionic-setup';
import { messages } from '../../../domain/messages';
import { monterreyMinute } from '../../../domain/time';
import type { LocalDetail, LocalShipping } from '../../../sync/db';
import { Dialog } from '../../app/dialog';
import { openPrintWindow } from '../../lib/session-store';
import { useRoute } from '../../sync/driver-reads';
import { PendingBadge } from '../../sync/pending-badge';
import { useHoldUpdate } from '../../sync/sending-gate';
import { useCommand } from '../../sync/sync-context';
import { parseKm, prepareEvidence, refuseEvidenceFile } from './driver-input';
import { DeliveryOutcome, DeliveryTimeline, ProgressButtons, RouteFacts, SaleFacts } from './route-view';
import { useDevicePosition } from './use-device-position';

const text = messages.driver;
type Toast = { text: string; color: string } | null;
/** Saves a form's input: resolves null when taken, or the Spanish reason it was refused. */
export type Save<T> = (input: T) => Promise<string | null>;

/** A form's save: 'saving' while it runs, then the reason it was refused, if it was. */
function useSave() {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (save: () => Promise<string | null>) => {
    setSaving(true);
    const refusal = await save();
    setSaving(false);
    setError(refusal);
  };
  return { error, setError, saving, run };
}

/**
 * 'Entregas' (spec §2 card view): start and finish the route, deliver or reject each sale.
 * Its own chunk, loaded when a route is opened: the driver's start draws no Ionic.
 */
export default function RouteDeliveries({ shippingId, onClose }: { shippingId: number; onClose: () => void }) {
  const route = useRoute(shippingId);
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
          <span>{messages.common.loading}</span>
        </div>
      )}
      {route === null && <p className="empty-state">{text.routeMissing}</p>}
      {route && (
        <>
          <RouteCard
            shipping={route.shipping}
            details={route.details}
            onDone={(message) => setToast({ text: message, color: 'success' })}
          />
          <DeliveryTimeline
            details={route.details}
            renderDelivery={(detail, status) => (
              <DeliveryCard detail={detail} status={status} onDone={(message) => setToast({ text: message, color: 'success' })} />
            )}
          />
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

function RouteCard({ shipping, details, onDone }: { shipping: LocalShipping; details: LocalDetail[]; onDone: (message: string) => void }) {
  const command = useCommand();
  const [asking, setAsking] = useState<'start' | 'finish' | null>(null);

  const save = async (km: number) => {
    // The moment the person acts is the time recorded (sync-engine.md rule 4).
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
    <IonCard>
      <IonCardHeader>
        <IonCardTitle>{text.routeFolio(shipping.id)}</IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <PendingBadge records={`shipping:${shipping.id}`} />
        <RouteFacts shipping={shipping} details={details} />
        {asking ? (
          <KmForm label={asking === 'start' ? text.initialKm : text.finalKm} onSave={save} onCancel={() => setAsking(null)} />
        ) : (
          <ProgressButtons shipping={shipping} onStart={() => setAsking('start')} onFinish={() => setAsking('finish')} onPrint={print} />
        )}
      </IonCardContent>
    </IonCard>
  );
}

/** Guardar (submits the form) and Cancelar. */
function FormActions({ disabled, label = text.save, onCancel }: { disabled: boolean; label?: string; onCancel: () => void }) {
  return (
    <>
      <IonButton type="submit" disabled={disabled}>
        {label}
      </IonButton>
      <IonButton fill="clear" onClick={onCancel}>
        {text.cancel}
      </IonButton>
    </>
  );
}

export function KmForm({ label, onSave, onCancel }: { label: string; onSave: Save<number>; onCancel: () => void }) {
  const [value, setValue] = useState('');
  const { error, setError, saving, run } = useSave();
  const errorId = useId();
  useHoldUpdate(value !== '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseKm(value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    await run(() => onSave(parsed.km));
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="inline-form">
      <IonInput
        label={label}
        labelPlacement="stacked"
        fill="outline"
        type="number"
        inputmode="numeric"
        min="0"
        value={value}
        aria-describedby={error ? errorId : undefined}
        className={error ? 'ion-invalid ion-touched' : ''}
        onIonInput={(e) => setValue(String(e.detail.value ?? ''))}
      />
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
      <FormActions disabled={saving} onCancel={onCancel} />
    </form>
  );
}

function DeliveryCard({ detail, status, onDone }: { detail: LocalDetail; status: ReactNode; onDone: (message: string) => void }) {
  const command = useCommand();
  const [mode, setMode] = useState<'deliver' | 'reject' | null>(null);
  const position = useDevicePosition(mode !== null);
  const headingId = useId();
  const folio = text.saleFolio(detail.sale.id);
  const base = { detailId: detail.id, shippingId: detail.shipping_id };

  const deliver: Save<File> = async (file) => {
    const at = monterreyMinute(new Date());
    let refusal: string | null;
    try {
      const evidence = await prepareEvidence(file);
      refusal = await command('completeDelivery', { ...base, delivered_at: at, evidenceId: evidence.id, position: position() }, evidence);
    } catch {
      refusal = messages.common.genericError;
    }
    if (refusal === null) {
      setMode(null);
      onDone(text.completed);
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
      onDone(text.rejected);
    }
    return refusal;
  };

  return (
    <article aria-labelledby={headingId}>
      <IonCard className="delivery-card">
        <IonCardHeader>
          <IonCardTitle>
            <span id={headingId}>
              {folio} · {detail.sale.company_name}
            </span>
          </IonCardTitle>
          <IonCardSubtitle>
            {status}
            <PendingBadge records={`detail:${detail.id}`} />
          </IonCardSubtitle>
        </IonCardHeader>
        <IonCardContent>
          <SaleFacts detail={detail} />
          <DeliveryOutcome detail={detail} />
          {/* A completed delivery is not editable by the driver (spec §4, §6). */}
          {!detail.completed && mode === null && (
            <div className="progress-buttons">
              <button type="button" className="touch-button touch-button--success" onClick={() => setMode('deliver')}>
                {text.deliver}
              </button>
              <button type="button" className="touch-button touch-button--danger" onClick={() => setMode('reject')}>
                {text.reject}
              </button>
            </div>
          )}
          {!detail.completed && mode === 'deliver' && <DeliverForm onSave={deliver} onCancel={() => setMode(null)} />}
          {!detail.completed && mode === 'reject' && <RejectForm onSave={reject} onCancel={() => setMode(null)} />}
        </IonCardContent>
      </IonCard>
    </article>
  );
}

function DeliverForm({ onSave, onCancel }: { onSave: Save<File>; onCancel: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const { error, setError, saving, run } = useSave();
  const ids = { input: useId(), camera: useId(), hint: useId() };
  useHoldUpdate(file !== null);

  const choose = (input: HTMLInputElement) => {
    const chosen = input.files?.[0] ?? null;
    const refusal = chosen ? refuseEvidenceFile(chosen) : null;
    setError(refusal);
    setFile(refusal ? null : chosen);
    if (refusal) input.value = '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (file) await run(() => onSave(file));
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="inline-form">
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
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.currentTarget)}
      />
      <p id={ids.hint} role={error ? 'alert' : undefined} className={error ? 'field-error' : 'field-hint'}>
        {error ?? (file ? file.name : messages.shipping.evidenceRequired)}
      </p>
      <FormActions disabled={!file || saving} label={saving ? text.preparingFile : text.save} onCancel={onCancel} />
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
      <FormActions disabled={saving} onCancel={onCancel} />
    </form>
  );
}
