import { useId, useState, type FormEvent } from 'react';
import { crmMessages } from '../../../domain/messages/crm';
import { activityInputSchema, callInputSchema, type ActivityRow, type CallRow } from '../../../domain/schemas/crm';
import { monterreyDate } from '../../../domain/time';
import { COMPANY_SEARCH_MIN, useCompanySearch } from '../../ui/company-search';
import { getErrorMessage } from '../../lib/api';
import { useSettled } from '../../lib/use-settled';
import { useActivityTypes, useAllLeads, useCrmMutations, useResults } from './queries';
import { FormActions } from '../../ui/form-actions';
import { Field } from '../../ui/form-fields';

const text = crmMessages.entry;

export type EntryKind = 'call' | 'activity';
type Party = { kind: 'customer'; id: number; name: string } | { kind: 'lead'; id: number; name: string };

interface Draft {
  date: string;
  time: string;
  duration: string;
  typeId: string;
  title: string;
  resultId: string;
  note: string;
  nextStep: string;
}

/**
 * 'Registrar llamada' and 'Registrar actividad': with whom (a customer found by
 * name, or a lead; fixed when opened from a lead's page), when, and for a call its length and
 * result, for an activity its type, subject and time; notes and the next step. The server's
 * schema checks it here first; its message shows under the first wrong field.
 */
export function CrmEntryForm({
  kind,
  party: fixedParty,
  onSaved,
  onCancel,
}: {
  kind: EntryKind;
  party?: Party;
  onSaved: (saved: CallRow | ActivityRow) => void;
  onCancel: () => void;
}) {
  const [party, setParty] = useState<Party | null>(fixedParty ?? null);
  const [draft, setDraft] = useState<Draft>(() => ({
    date: monterreyDate(new Date()),
    time: '',
    duration: '',
    typeId: '',
    title: '',
    resultId: '',
    note: '',
    nextStep: '',
  }));
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const results = useResults();
  const types = useActivityTypes();
  const { createCall, createActivity } = useCrmMutations();
  const saving = createCall.isPending || createActivity.isPending;
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const set = (changes: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const who = { company_id: party?.kind === 'customer' ? party.id : null, lead_id: party?.kind === 'lead' ? party.id : null };
    const common = { ...who, date: draft.date, note: draft.note || null, next_step: draft.nextStep || null };
    const parsed =
      kind === 'call'
        ? callInputSchema.safeParse({
            ...common,
            duration_minutes: draft.duration.trim() === '' ? undefined : Number(draft.duration),
            result_id: draft.resultId ? Number(draft.resultId) : undefined,
          })
        : activityInputSchema.safeParse({
            ...common,
            activity_type_id: draft.typeId ? Number(draft.typeId) : undefined,
            title: draft.title,
            time: draft.time || null,
          });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'company_id');
      setError({ field, message: issue.message });
      document.getElementById(idOf(field === 'lead_id' ? 'company_id' : field))?.focus();
      return;
    }
    setServerError(null);
    const done = { onSuccess: onSaved, onError: (e: unknown) => setServerError(getErrorMessage(e)) };
    if (kind === 'call') createCall.mutate(parsed.data as Parameters<typeof createCall.mutate>[0], done);
    else createActivity.mutate(parsed.data as Parameters<typeof createActivity.mutate>[0], done);
  };

  const errorFor = (field: string) =>
    error?.field === field ? (
      <p id={`${idOf(field)}-error`} className="field-error">
        {error.message}
      </p>
    ) : null;
  const described = (field: string) =>
    error?.field === field ? { 'aria-invalid': true as const, 'aria-describedby': `${idOf(field)}-error` } : {};

  return (
    <form onSubmit={submit} className="crm-form" noValidate>
      {fixedParty ? (
        <p className="crm-form__party">{text.chosen(fixedParty.name)}</p>
      ) : (
        <PartyPicker
          id={idOf('company_id')}
          party={party}
          onPick={(picked) => (setParty(picked), setError(null))}
          described={described('company_id')}
        />
      )}
      {errorFor('company_id')}
      {kind === 'activity' && (
        <>
          <Field id={idOf('activity_type_id')} label={text.type}>
            <select
              id={idOf('activity_type_id')}
              value={draft.typeId}
              onChange={(e) => set({ typeId: e.target.value })}
              {...described('activity_type_id')}
            >
              <option value="">{text.chooseType}</option>
              {types.data?.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </select>
            {errorFor('activity_type_id')}
          </Field>
          <Field id={idOf('title')} label={text.subject}>
            <input
              id={idOf('title')}
              maxLength={200}
              value={draft.title}
              onChange={(e) => set({ title: e.target.value })}
              {...described('title')}
            />
            {errorFor('title')}
          </Field>
        </>
      )}
      <div className="crm-form__row">
        <Field id={idOf('date')} label={text.date}>
          <input id={idOf('date')} type="date" value={draft.date} onChange={(e) => set({ date: e.target.value })} {...described('date')} />
          {errorFor('date')}
        </Field>
        {kind === 'activity' ? (
          <Field id={idOf('time')} label={text.time}>
            <input
              id={idOf('time')}
              type="time"
              value={draft.time}
              onChange={(e) => set({ time: e.target.value })}
              {...described('time')}
            />
            {errorFor('time')}
          </Field>
        ) : (
          <Field id={idOf('duration_minutes')} label={text.duration}>
            <input
              id={idOf('duration_minutes')}
              inputMode="numeric"
              value={draft.duration}
              onChange={(e) => set({ duration: e.target.value })}
              {...described('duration_minutes')}
            />
            {errorFor('duration_minutes')}
          </Field>
        )}
      </div>
      {kind === 'call' && (
        <Field id={idOf('result_id')} label={text.result}>
          <select
            id={idOf('result_id')}
            value={draft.resultId}
            onChange={(e) => set({ resultId: e.target.value })}
            {...described('result_id')}
          >
            <option value="">{text.chooseResult}</option>
            {results.data?.map((result) => (
              <option key={result.id} value={result.id}>
                {result.name}
              </option>
            ))}
          </select>
          {errorFor('result_id')}
        </Field>
      )}
      <Field id={idOf('note')} label={text.note}>
        <textarea
          id={idOf('note')}
          rows={3}
          maxLength={2000}
          value={draft.note}
          onChange={(e) => set({ note: e.target.value })}
          {...described('note')}
        />
        {errorFor('note')}
      </Field>
      <Field id={idOf('next_step')} label={text.nextStep}>
        <input
          id={idOf('next_step')}
          maxLength={300}
          value={draft.nextStep}
          onChange={(e) => set({ nextStep: e.target.value })}
          {...described('next_step')}
        />
        {errorFor('next_step')}
      </Field>
      <FormActions serverError={serverError} pending={saving} onCancel={onCancel} labels={text} />
    </form>
  );
}

/** With whom: a customer searched by name, or one of the leads. */
function PartyPicker({
  id,
  party,
  onPick,
  described,
}: {
  id: string;
  party: Party | null;
  onPick: (party: Party | null) => void;
  described: object;
}) {
  const [mode, setMode] = useState<'customer' | 'lead'>('customer');
  const [search, setSearch] = useState('');
  const name = useSettled(search.trim());
  const customers = useCompanySearch(mode === 'customer' ? name : '');
  const leads = useAllLeads();
  if (party) {
    return (
      <p className="crm-form__party">
        {text.chosen(party.name)}{' '}
        <button type="button" className="link-button" onClick={() => onPick(null)}>
          {text.change}
        </button>
      </p>
    );
  }
  return (
    <fieldset className="crm-form__who">
      <legend>{text.who}</legend>
      <div className="segmented" role="radiogroup" aria-label={text.who}>
        {(['customer', 'lead'] as const).map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-mode`} checked={mode === value} onChange={() => setMode(value)} />
            {value === 'customer' ? text.customer : text.lead}
          </label>
        ))}
      </div>
      {mode === 'customer' ? (
        <div className="picker">
          <Field id={id} label={text.customerSearch}>
            <input id={id} type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} {...described} />
          </Field>
          {name.length >= COMPANY_SEARCH_MIN && customers.data && (
            <ul className="picker__results" aria-label={text.results}>
              {customers.data.length === 0 && <li>{text.noCustomers}</li>}
              {customers.data.map((company) => (
                <li key={company.id}>
                  <button
                    type="button"
                    className="picker__option"
                    onClick={() => onPick({ kind: 'customer', id: company.id, name: company.name })}
                  >
                    {company.name}
                    <span className="picker__detail">{company.razon_social}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <Field id={id} label={text.lead}>
          <select
            id={id}
            value=""
            onChange={(e) => {
              const lead = leads.data?.find((candidate) => String(candidate.id) === e.target.value);
              if (lead) onPick({ kind: 'lead', id: lead.id, name: lead.name });
            }}
            {...described}
          >
            <option value="">{text.chooseLead}</option>
            {leads.data?.map((lead) => (
              <option key={lead.id} value={lead.id}>
                {lead.name}
              </option>
            ))}
          </select>
        </Field>
      )}
    </fieldset>
  );
}
