import { useId, useState, type FormEvent } from 'react';
import { purchasingMessages } from '../../../domain/messages/purchasing';
import { providerInputSchema, type ProviderInput, type ProviderRow } from '../../../domain/schemas/purchasing';
import { getErrorMessage } from '../../lib/api';
import { usePurchasingMutations } from './queries';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';

const text = purchasingMessages.providers;
const labels = text.fields;

type FieldName = keyof ProviderInput;
type Draft = Record<FieldName, string>;
const FIELDS: FieldName[] = ['name', 'rfc', 'phone', 'email', 'address', 'contact_name', 'credit_days'];
const LABEL: Record<FieldName, string> = {
  name: labels.name,
  rfc: labels.rfc,
  phone: labels.phone,
  email: labels.email,
  address: labels.address,
  contact_name: labels.contactName,
  credit_days: labels.creditDays,
};

/** What the form sends before the schema checks it: the credit days as a whole number, or NaN (refused with its message). */
export function providerBody(draft: Draft): Record<FieldName, unknown> {
  const days = draft.credit_days.trim();
  return { ...draft, credit_days: days === '' ? 0 : /^\d{1,3}$/.test(days) ? Number(days) : Number.NaN };
}

function draftOf(provider: ProviderRow | null): Draft {
  return {
    name: provider?.name ?? '',
    rfc: provider?.rfc ?? '',
    phone: provider?.phone ?? '',
    email: provider?.email ?? '',
    address: provider?.address ?? '',
    contact_name: provider?.contact_name ?? '',
    credit_days: String(provider?.credit_days ?? 0),
  };
}

/**
 * 'Nuevo proveedor' and 'Editar': name, RFC, phone, e-mail, address, contact and
 * credit days, checked by the server's own schema; errors under each field, the first focused.
 */
export function ProviderForm({
  provider,
  onSaved,
  onCancel,
}: {
  provider: ProviderRow | null;
  onSaved: (saved: ProviderRow) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(provider));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { saveProvider } = usePurchasingMutations();
  const baseId = useId();
  const idOf = (field: FieldName) => `${baseId}-${field}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = providerInputSchema.safeParse(providerBody(draft));
    if (!parsed.success) {
      const found = fieldErrors<FieldName>(parsed.error.issues);
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setServerError(null);
    saveProvider.mutate(
      { id: provider?.id ?? null, body: parsed.data },
      { onSuccess: onSaved, onError: (error) => setServerError(getErrorMessage(error)) },
    );
  };

  return (
    <form onSubmit={submit} className="purchasing-form" noValidate>
      {FIELDS.map((field) => (
        <Field key={field} id={idOf(field)} label={LABEL[field]} error={errors[field]}>
          <input
            id={idOf(field)}
            value={draft[field]}
            inputMode={field === 'credit_days' ? 'numeric' : field === 'phone' ? 'tel' : field === 'email' ? 'email' : undefined}
            type={field === 'email' ? 'email' : 'text'}
            autoComplete="off"
            maxLength={field === 'address' ? 300 : 254}
            onChange={(e) => {
              const value = e.target.value;
              setDraft((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
            {...describedBy(idOf(field), errors[field])}
          />
        </Field>
      ))}
      <FormActions serverError={serverError} pending={saveProvider.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
