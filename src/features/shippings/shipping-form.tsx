import { useId, useState, type FormEvent } from 'react';
import { shippingsMessages } from '../../../domain/messages/shippings';
import { shippingCreateSchema, type ShippingSummary } from '../../../domain/schemas/shipping';
import { getErrorMessage } from '../../lib/api';
import { useHoldUpdate } from '../../lib/sending-gate';
import { useDrivers, useShippingMutations, useVehicles } from './queries';
import { FormActions } from '../../ui/form-actions';
import { useShell } from '../../ui/shell-context';
import { rentalMessages } from '../../../domain/messages/rentals';
import { SHIPPING_KINDS, type ShippingKind } from '../../../domain/schemas/rentals';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = shippingsMessages;

interface Draft {
  driver_id: string;
  vehicle_id: string;
  initial_km: string;
  final_km: string;
  date: string;
  note: string;
  kind: ShippingKind;
}

const draftOf = (shipping: ShippingSummary | null): Draft => ({
  driver_id: shipping?.driver_id ? String(shipping.driver_id) : '',
  vehicle_id: shipping?.vehicle_id ? String(shipping.vehicle_id) : '',
  initial_km: shipping?.initial_km != null ? String(shipping.initial_km) : '',
  final_km: shipping?.final_km != null ? String(shipping.final_km) : '',
  date: shipping?.date ?? '',
  note: shipping?.note ?? '',
  kind: shipping?.kind ?? 'entrega',
});

type FieldErrors = Partial<Record<keyof Draft, string>>;

/**
 * 'Nuevo Envío' / 'Editar Envío' (spec §2): Chofer, Vehiculo, Kilometraje Inicial and Final
 * (kms), Fecha de Entrega (required), Nota. A refused save shows the server's message in
 * red and Guardar can be pressed again.
 */
export function ShippingForm({
  shipping,
  onSaved,
  onCancel,
}: {
  shipping: ShippingSummary | null;
  onSaved: (saved: ShippingSummary) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(shipping));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const drivers = useDrivers('form');
  const vehicles = useVehicles();
  const { create, update } = useShippingMutations();
  const saving = create.isPending || update.isPending;
  const ids = { driver: useId(), vehicle: useId(), initial: useId(), final: useId(), date: useId(), note: useId(), kind: useId() };
  const rentsGoods = useShell().deployment.flags.rentsGoods;
  const fieldIds = { initial_km: ids.initial, final_km: ids.final, date: ids.date };
  const touched = JSON.stringify(draft) !== JSON.stringify(draftOf(shipping));
  useHoldUpdate(touched);

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      driver_id: draft.driver_id ? Number(draft.driver_id) : null,
      vehicle_id: draft.vehicle_id ? Number(draft.vehicle_id) : null,
      initial_km: draft.initial_km.trim() === '' ? null : draft.initial_km,
      final_km: draft.final_km.trim() === '' ? null : draft.final_km,
      date: draft.date,
      note: draft.note.trim() === '' ? null : draft.note.trim(),
      // A route's kind is chosen when it is made: its stops were chosen for it.
      ...(!shipping && rentsGoods && { kind: draft.kind }),
    };
    const parsed = shippingCreateSchema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors<keyof Draft>(parsed.error.issues);
      setErrors(found);
      // Focus goes to the first field to fix, so its message is read out with it.
      const first = (['initial_km', 'final_km', 'date'] as const).find((field) => found[field]);
      if (first) document.getElementById(fieldIds[first])?.focus();
      return;
    }
    setServerError(null);
    const onError = (error: unknown) => setServerError(getErrorMessage(error));
    if (shipping) update.mutate({ id: shipping.id, ...parsed.data }, { onSuccess: onSaved, onError });
    else create.mutate(parsed.data, { onSuccess: onSaved, onError });
  };

  return (
    <form onSubmit={submit} className="shipping-form" noValidate>
      {rentsGoods && (
        <Field id={ids.kind} label={rentalMessages.routeKind}>
          <select
            id={ids.kind}
            value={draft.kind}
            disabled={shipping !== null}
            onChange={(e) => set('kind', e.target.value as ShippingKind)}
          >
            {SHIPPING_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {rentalMessages.routeKinds[kind]}
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={ids.driver} label={text.driver}>
        <select id={ids.driver} value={draft.driver_id} onChange={(e) => set('driver_id', e.target.value)}>
          <option value="">{text.none}</option>
          {drivers.data?.map((driver) => (
            <option key={driver.id} value={driver.id}>
              {driver.name} {driver.last}
            </option>
          ))}
        </select>
      </Field>
      <Field id={ids.vehicle} label={text.vehicle}>
        <select id={ids.vehicle} value={draft.vehicle_id} onChange={(e) => set('vehicle_id', e.target.value)}>
          <option value="">{text.none}</option>
          {vehicles.data?.map((vehicle) => (
            <option key={vehicle.id} value={vehicle.id}>
              {vehicle.name}
            </option>
          ))}
        </select>
      </Field>
      {(['initial_km', 'final_km'] as const).map((field) => {
        const id = field === 'initial_km' ? ids.initial : ids.final;
        return (
          <Field key={field} id={id} label={field === 'initial_km' ? text.initialKm : text.finalKm} error={errors[field]}>
            <div className="field__suffixed">
              <input
                id={id}
                inputMode="numeric"
                value={draft[field]}
                onChange={(e) => set(field, e.target.value)}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${id}-unit ${id}-error` : `${id}-unit`}
              />
              <span id={`${id}-unit`}>{text.kms}</span>
            </div>
          </Field>
        );
      })}
      <Field id={ids.date} label={text.date} error={errors.date}>
        <input
          id={ids.date}
          type="date"
          value={draft.date}
          onChange={(e) => set('date', e.target.value)}
          {...describedBy(ids.date, errors.date)}
        />
      </Field>
      <Field id={ids.note} label={text.note}>
        <textarea id={ids.note} rows={3} maxLength={2000} value={draft.note} onChange={(e) => set('note', e.target.value)} />
      </Field>
      <FormActions serverError={serverError} pending={saving} onCancel={onCancel} labels={text} />
    </form>
  );
}
