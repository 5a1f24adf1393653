import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { customersMessages } from '../../../domain/messages/customers';
import { entryLabel, regimenesFor, regimenFiscal } from '../../../domain/cfdi/catalogs';
import { receiverHints } from '../../../domain/cfdi/receiver-rules';
import { fiscalMessages } from '../../../domain/messages/fiscal';
import { RFC_PATTERN, type CompanyDetail } from '../../../domain/schemas/customers';
import { useLastingToast, useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { ApiError, getErrorMessage } from '../../lib/api';
import { useHoldUpdate } from '../../lib/sending-gate';
import {
  checkDraft,
  draftOf,
  emptyDraft,
  newBranch,
  newContact,
  type BranchDraft,
  type CompanyFormDraft,
  type ContactDraft,
  type FieldPath,
  usoOptionOf,
  usoOptionsFor,
} from './company-draft';
import { cfdiOptions } from '../../ui/reference-lists';
import { customerDetailOptions } from './queries';
import { useCustomerWrites } from '../../ui/company-writes';
import './customers.css';
import '../../ui/company-form.css';
import { ScreenPage, useScreenChrome, useScreenPlace } from '../../ui/screen-chrome';
import { FormActions } from '../../ui/form-actions';
import { AppLink } from '../../ui/app-link';
import { Field } from '../../ui/form-fields';

const text = customersMessages.form;
const fiscalText = fiscalMessages.form;
const page = customersMessages.page;

/** `/clients/new` and `/clients/client/{id}/edit`: one form for a new customer and an edited one. */
export default function CustomerFormPage() {
  const { params } = useScreenPlace();
  if (params.id === undefined) return <CompanyForm />;
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  return id === null ? <Refusal /> : <EditCustomer key={id} id={id} />;
}

function EditCustomer({ id }: { id: number }) {
  const detail = useQuery({
    ...customerDetailOptions(id),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
    // Read once for the form: a refresh on refocus would swap what is being typed.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  if (detail.isError && detail.error instanceof ApiError && detail.error.status === 404) return <Refusal />;
  // The form starts from what the server holds now, not from a copy read a while ago.
  if (!detail.isFetchedAfterMount || !detail.data)
    return (
      <ScreenPage title={page.title}>
        <QueryStatus
          query={{ isPending: !detail.isError, isError: detail.isError, error: detail.error, data: undefined, refetch: detail.refetch }}
        />
      </ScreenPage>
    );
  return <CompanyForm company={detail.data} />;
}

/**
 * The fields of spec §3 (name, macro, razón social, RFC, credit days, delivery address,
 * references, delivery time), the CFDI use, and the lists of branches and contacts. Checked
 * with the server's schema before sending: each message under its field and the focus on the
 * first; a refusal of the server in a toast. Nothing typed is lost on a failed save.
 */
function CompanyForm({ company }: { company?: CompanyDetail }) {
  const { navigate } = useScreenChrome();
  const announce = useLastingToast();
  const [notify, toast] = useToast();
  const [initial] = useState(() => (company ? draftOf(company) : emptyDraft()));
  const [draft, setDraft] = useState<CompanyFormDraft>(initial);
  const [errors, setErrors] = useState<ReadonlyMap<FieldPath, string>>(new Map());
  const { create, update } = useCustomerWrites();
  const cfdis = useQuery(cfdiOptions());
  const usoOptions = useMemo(() => (cfdis.data ?? []).map(usoOptionOf), [cfdis.data]);
  const usoChoices = usoOptionsFor(usoOptions, draft.regimen_fiscal, draft.cfdi_id);
  // The régimenes of the RFC's kind once it is well formed (12 characters a moral, 13 a física).
  const typedRfc = draft.rfc.trim().toUpperCase();
  const regimenes = regimenesFor(RFC_PATTERN.test(typedRfc) ? (typedRfc.length === 13 ? 'fisica' : 'moral') : undefined);
  const legalFormHint = receiverHints({ razon_social: draft.razon_social }).razon_social;
  const formId = useId();
  const saving = create.isPending || update.isPending;
  const title = company ? text.editTitle(company.name) : text.newTitle;
  useHoldUpdate(draft !== initial);

  const fieldId = (path: FieldPath) => `${formId}-${path.replace(/\./g, '-')}`;
  const forget = (prefix: FieldPath) =>
    setErrors((current) =>
      current.size === 0 ? current : new Map([...current].filter(([path]) => path !== prefix && !path.startsWith(`${prefix}.`))),
    );
  const setField = <K extends keyof CompanyFormDraft>(field: K, value: CompanyFormDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    forget(field);
  };
  const setBranch = (index: number, change: Partial<BranchDraft>) => {
    setDraft((current) => ({ ...current, branches: current.branches.map((b, i) => (i === index ? { ...b, ...change } : b)) }));
    for (const field of Object.keys(change)) forget(`branches.${index}.${field}`);
  };
  const setContact = (index: number, change: Partial<ContactDraft>) => {
    setDraft((current) => ({ ...current, contacts: current.contacts.map((c, i) => (i === index ? { ...c, ...change } : c)) }));
    for (const field of Object.keys(change)) forget(`contacts.${index}.${field}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkDraft(draft, usoOptions);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first field to fix gets the focus, so its message is read out with it.
      const [first] = checked.errors.keys();
      if (first !== undefined) document.getElementById(fieldId(first))?.focus();
      notify(text.fixErrors, 'danger');
      return;
    }
    setErrors(new Map());
    const onError = (error: unknown) => {
      // The RFC's check digit is the one fiscal rule only the server checks: its refusal goes under the RFC too.
      if (error instanceof ApiError && error.status === 422 && error.message === fiscalMessages.rfcCheckDigit) {
        setErrors(new Map([['rfc', error.message]]));
        document.getElementById(fieldId('rfc'))?.focus();
      }
      notify(getErrorMessage(error), 'danger');
    };
    const body = checked.body;
    if (company)
      update.mutate(
        { id: company.id, body },
        {
          onSuccess: ({ data: saved }) => {
            announce(text.saved(saved.name), 'success');
            navigate(`/clients/client/${saved.id}`, 'back');
          },
          onError,
        },
      );
    else
      create.mutate(body, {
        onSuccess: ({ data: saved }) => {
          announce(text.created(saved.name), 'success');
          // The form leaves the stack: going back from the new customer returns to the list.
          navigate(`/clients/client/${saved.id}`, 'replace');
        },
        onError,
      });
  };

  const field = (path: FieldPath) => ({ id: fieldId(path), error: errors.get(path) });

  return (
    <ScreenPage title={title} overlays={toast}>
      <form className="company-form" onSubmit={submit} noValidate aria-label={title}>
        <fieldset className="company-form__body" disabled={saving}>
          <fieldset className="company-form__group">
            <legend>{text.general}</legend>
            <div className="company-form__fields">
              <TextField
                {...field('name')}
                label={text.name}
                required
                value={draft.name}
                maxLength={200}
                onChange={(v) => setField('name', v)}
              />
              <TextField
                {...field('macro')}
                label={text.macro}
                value={draft.macro}
                maxLength={200}
                onChange={(v) => setField('macro', v)}
              />
              <TextField
                {...field('razon_social')}
                label={text.legalName}
                hint={legalFormHint}
                required
                value={draft.razon_social}
                maxLength={200}
                onChange={(v) => setField('razon_social', v)}
              />
              <TextField
                {...field('rfc')}
                label={text.rfc}
                hint={text.rfcHint}
                value={draft.rfc}
                maxLength={13}
                autoCapitalize="characters"
                onChange={(v) => setField('rfc', v)}
              />
              <TextField
                {...field('credit_days')}
                label={text.creditDays}
                inputMode="numeric"
                value={draft.credit_days}
                maxLength={3}
                onChange={(v) => setField('credit_days', v)}
              />
            </div>
          </fieldset>

          <fieldset className="company-form__group">
            <legend>{fiscalText.section}</legend>
            <p className="field-hint">{fiscalText.hint}</p>
            <div className="company-form__fields">
              <Field {...field('regimen_fiscal')} label={fiscalText.regimen}>
                <select
                  id={fieldId('regimen_fiscal')}
                  value={draft.regimen_fiscal}
                  aria-invalid={errors.has('regimen_fiscal') || undefined}
                  aria-describedby={errors.has('regimen_fiscal') ? `${fieldId('regimen_fiscal')}-error` : undefined}
                  onChange={(e) => setField('regimen_fiscal', e.target.value)}
                >
                  <option value="">{fiscalText.noRegimen}</option>
                  {/* A saved key the catalogue no longer lists still shows, so the check can name it. */}
                  {draft.regimen_fiscal !== '' && !regimenes.some((r) => r.clave === draft.regimen_fiscal) && (
                    <option value={draft.regimen_fiscal}>
                      {regimenFiscal(draft.regimen_fiscal) ? entryLabel(regimenFiscal(draft.regimen_fiscal)!) : draft.regimen_fiscal}
                    </option>
                  )}
                  {regimenes.map((regimen) => (
                    <option key={regimen.clave} value={regimen.clave}>
                      {entryLabel(regimen)}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                {...field('cp_fiscal')}
                label={fiscalText.cpFiscal}
                hint={fiscalText.cpFiscalHint}
                inputMode="numeric"
                value={draft.cp_fiscal}
                maxLength={5}
                autoComplete="postal-code"
                onChange={(v) => setField('cp_fiscal', v)}
              />
              <Field {...field('cfdi_id')} label={text.cfdi} hint={draft.regimen_fiscal === '' ? fiscalText.chooseRegimenFirst : undefined}>
                <select
                  id={fieldId('cfdi_id')}
                  value={draft.cfdi_id}
                  aria-invalid={errors.has('cfdi_id') || undefined}
                  aria-describedby={
                    [draft.regimen_fiscal === '' && `${fieldId('cfdi_id')}-hint`, errors.has('cfdi_id') && `${fieldId('cfdi_id')}-error`]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                  onChange={(e) => setField('cfdi_id', e.target.value)}
                >
                  <option value="">{text.noCfdi}</option>
                  {/* The saved use shows while the list loads, so the select never drops it. */}
                  {company?.cfdi_id != null && !usoChoices.some((c) => c.id === company.cfdi_id) && (
                    <option value={company.cfdi_id}>{company.cfdi ?? company.cfdi_id}</option>
                  )}
                  {usoChoices.map((cfdi) => (
                    <option key={cfdi.id} value={cfdi.id}>
                      {cfdi.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </fieldset>

          <fieldset className="company-form__group">
            <legend>{text.delivery}</legend>
            <div className="company-form__fields">
              <TextField
                {...field('delivery_address')}
                className="company-form__wide"
                label={text.deliveryAddress}
                value={draft.delivery_address}
                maxLength={400}
                autoComplete="street-address"
                onChange={(v) => setField('delivery_address', v)}
              />
              <TextField
                {...field('delivery_references')}
                label={text.deliveryReferences}
                value={draft.delivery_references}
                maxLength={400}
                onChange={(v) => setField('delivery_references', v)}
              />
              <TextField
                {...field('delivery_time')}
                label={text.deliveryTime}
                hint={text.deliveryTimeHint}
                value={draft.delivery_time}
                maxLength={60}
                onChange={(v) => setField('delivery_time', v)}
              />
            </div>
          </fieldset>

          <fieldset className="company-form__group">
            <legend>{text.branches}</legend>
            {draft.branches.map((branch, index) => (
              <Entry
                key={branch.key}
                title={text.branch(index + 1)}
                removeLabel={text.removeBranch(index + 1)}
                inUse={branch.inUse}
                onRemove={() => {
                  setDraft((current) => ({ ...current, branches: current.branches.filter((b) => b.key !== branch.key) }));
                  forget('branches');
                }}
              >
                <TextField
                  {...field(`branches.${index}.name`)}
                  label={text.branchName}
                  required
                  value={branch.name}
                  maxLength={200}
                  onChange={(v) => setBranch(index, { name: v })}
                />
                <TextField
                  {...field(`branches.${index}.address`)}
                  className="company-form__wide"
                  label={text.branchAddress}
                  required
                  value={branch.address}
                  maxLength={400}
                  onChange={(v) => setBranch(index, { address: v })}
                />
                {/* A text keyboard: a phone's decimal one has no minus sign, and Mexico's longitudes are negative. */}
                <TextField
                  {...field(`branches.${index}.latitude`)}
                  label={text.branchLatitude}
                  hint={text.branchPlaceHint}
                  value={branch.latitude}
                  maxLength={30}
                  onChange={(v) => setBranch(index, { latitude: v })}
                />
                <TextField
                  {...field(`branches.${index}.longitude`)}
                  label={text.branchLongitude}
                  value={branch.longitude}
                  maxLength={30}
                  onChange={(v) => setBranch(index, { longitude: v })}
                />
              </Entry>
            ))}
            <button
              type="button"
              className="outline-button company-form__add"
              onClick={() => setDraft((current) => ({ ...current, branches: [...current.branches, newBranch()] }))}
            >
              {text.addBranch}
            </button>
          </fieldset>

          <fieldset className="company-form__group">
            <legend>{text.contacts}</legend>
            {draft.contacts.map((contact, index) => (
              <Entry
                key={contact.key}
                title={text.contact(index + 1)}
                removeLabel={text.removeContact(index + 1)}
                inUse={contact.inUse}
                onRemove={() => {
                  setDraft((current) => ({ ...current, contacts: current.contacts.filter((c) => c.key !== contact.key) }));
                  forget('contacts');
                }}
              >
                <TextField
                  {...field(`contacts.${index}.name`)}
                  label={text.contactName}
                  required
                  value={contact.name}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(v) => setContact(index, { name: v })}
                />
                <TextField
                  {...field(`contacts.${index}.last`)}
                  label={text.contactLast}
                  value={contact.last}
                  maxLength={200}
                  autoComplete="off"
                  onChange={(v) => setContact(index, { last: v })}
                />
                <TextField
                  {...field(`contacts.${index}.phone`)}
                  label={text.phone}
                  type="tel"
                  value={contact.phone}
                  maxLength={40}
                  autoComplete="off"
                  onChange={(v) => setContact(index, { phone: v })}
                />
                <TextField
                  {...field(`contacts.${index}.email`)}
                  label={text.email}
                  type="email"
                  value={contact.email}
                  maxLength={254}
                  autoComplete="off"
                  onChange={(v) => setContact(index, { email: v })}
                />
              </Entry>
            ))}
            <button
              type="button"
              className="outline-button company-form__add"
              onClick={() => setDraft((current) => ({ ...current, contacts: [...current.contacts, newContact()] }))}
            >
              {text.addContact}
            </button>
          </fieldset>
        </fieldset>
        <FormActions
          serverError={null}
          pending={saving}
          onCancel={() => navigate(company ? `/clients/client/${company.id}` : '/clients', 'back')}
          labels={{ cancel: text.cancel, save: text.save, saving: text.saving }}
        />
      </form>
    </ScreenPage>
  );
}

/** One branch or contact of the form, with 'Quitar' unless a sale names it. */
function Entry({
  title,
  removeLabel,
  inUse,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  inUse: boolean;
  onRemove: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="company-form__entry" aria-labelledby={headingId}>
      <div className="company-form__entry-head">
        <h3 id={headingId}>{title}</h3>
        {inUse ? (
          <span className="field-hint">{text.inUse}</span>
        ) : (
          <button type="button" className="outline-button" onClick={onRemove}>
            {removeLabel}
          </button>
        )}
      </div>
      <div className="company-form__fields">{children}</div>
    </section>
  );
}

/** A labelled text input with its hint and its error under it, both read with it. */
function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  type = 'text',
  inputMode,
  maxLength,
  autoComplete,
  autoCapitalize,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'numeric';
  maxLength?: number;
  autoComplete?: string;
  autoCapitalize?: string;
  className?: string;
}) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoCapitalize={autoCapitalize}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Refusal() {
  return (
    <ScreenPage title={page.notFound}>
      <div className="centered" role="alert">
        <p>{page.notFound}</p>
        <AppLink href="/clients" className="outline-button">
          {page.backToList}
        </AppLink>
      </div>
    </ScreenPage>
  );
}
