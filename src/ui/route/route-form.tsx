import { IonButton, IonInput } from '@ionic/react';
import { useId, useState, type FormEvent } from 'react';
import '../ionic-setup';
import { driverMessages } from '../../../domain/messages/driver';
import { shippingMessages } from '../../../domain/messages/shipping';
import { useHoldUpdate } from '../../lib/sending-gate';

const text = driverMessages;

/** Saves a form's input: resolves null when taken, or the Spanish reason it was refused. */
export type Save<T> = (input: T) => Promise<string | null>;

/** A form's save: 'saving' while it runs, then the reason it was refused, if it was. */
export function useSave() {
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

/** A kilometre reading typed by the driver: a whole number, or the Spanish reason it is not. */
export function parseKm(input: string): { km: number } | { error: string } {
  const value = input.trim();
  if (value === '') return { error: shippingMessages.required };
  if (!/^\d{1,7}$/.test(value)) return { error: shippingMessages.invalidKm };
  return { km: Number(value) };
}

/** Guardar (submits the form) and Cancelar. */
export function RouteFormActions({ disabled, label = text.save, onCancel }: { disabled: boolean; label?: string; onCancel: () => void }) {
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

/** A kilometre reading for a route's start or end, as the driver's card and the office's route dialog ask it. */
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
      <RouteFormActions disabled={saving} onCancel={onCancel} />
    </form>
  );
}
