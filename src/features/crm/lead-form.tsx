import { useId, useState, type FormEvent } from 'react';
import { crmMessages } from '../../../domain/messages/crm';
import { leadInputSchema, type LeadRow } from '../../../domain/schemas/crm';
import { getErrorMessage } from '../../lib/api';
import { useCrmMutations, useOrigins } from './queries';
import { FormActions } from '../../ui/form-actions';
import { Field } from '../../ui/form-fields';

const text = crmMessages.leads;
type Field = 'name' | 'company_name' | 'phone' | 'email' | 'funnel_phase_id' | 'origin_id';

/** 'Nuevo prospecto': who, how to reach them, the phase of the board's funnel and where they came from. */
export function LeadForm({
  phases,
  onSaved,
  onCancel,
}: {
  phases: { id: number; name: string }[];
  onSaved: (lead: LeadRow) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<Record<Field, string>>({
    name: '',
    company_name: '',
    phone: '',
    email: '',
    funnel_phase_id: String(phases[0]?.id ?? ''),
    origin_id: '',
  });
  const [error, setError] = useState<{ field: Field; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const origins = useOrigins();
  const { createLead } = useCrmMutations();
  const base = useId();
  const idOf = (field: Field) => `${base}-${field}`;
  const set = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = leadInputSchema.safeParse({
      ...draft,
      funnel_phase_id: draft.funnel_phase_id ? Number(draft.funnel_phase_id) : undefined,
      origin_id: draft.origin_id ? Number(draft.origin_id) : null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] as Field;
      setError({ field, message: issue.message });
      document.getElementById(idOf(field))?.focus();
      return;
    }
    setServerError(null);
    createLead.mutate(parsed.data, { onSuccess: onSaved, onError: (e) => setServerError(getErrorMessage(e)) });
  };
  const described = (field: Field) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(field)}-error` } : {};
  const errorFor = (field: Field) =>
    error?.field === field ? (
      <p id={`${idOf(field)}-error`} className="field-error">
        {error.message}
      </p>
    ) : null;
  const input = (field: 'name' | 'company_name' | 'phone' | 'email', label: string, type = 'text') => (
    <Field id={idOf(field)} label={label}>
      <input id={idOf(field)} type={type} value={draft[field]} onChange={(e) => set(field, e.target.value)} {...described(field)} />
      {errorFor(field)}
    </Field>
  );
  return (
    <form onSubmit={submit} className="crm-form" noValidate>
      {input('name', text.name)}
      {input('company_name', text.companyName)}
      {input('phone', text.phone, 'tel')}
      {input('email', text.email, 'email')}
      <Field id={idOf('funnel_phase_id')} label={text.phase}>
        <select
          id={idOf('funnel_phase_id')}
          value={draft.funnel_phase_id}
          onChange={(e) => set('funnel_phase_id', e.target.value)}
          {...described('funnel_phase_id')}
        >
          <option value="">{text.choosePhase}</option>
          {phases.map((phase) => (
            <option key={phase.id} value={phase.id}>
              {phase.name}
            </option>
          ))}
        </select>
        {errorFor('funnel_phase_id')}
      </Field>
      <Field id={idOf('origin_id')} label={text.origin}>
        <select id={idOf('origin_id')} value={draft.origin_id} onChange={(e) => set('origin_id', e.target.value)}>
          <option value="">{text.noOrigin}</option>
          {origins.data?.map((origin) => (
            <option key={origin.id} value={origin.id}>
              {origin.name}
            </option>
          ))}
        </select>
      </Field>
      <FormActions serverError={serverError} pending={createLead.isPending} onCancel={onCancel} labels={crmMessages.entry} />
    </form>
  );
}
