import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { REGIMENES_FISCALES, entryLabel } from '../../../domain/cfdi/catalogs';
import { formatMoment } from '../../../domain/format';
import { invoicingMessages } from '../../../domain/messages/invoicing';
import { invoicingScreenMessages } from '../../../domain/messages/invoicing-screens';
import { csdUploadSchema, fiscalSettingsSchema, type FiscalSettings } from '../../../domain/schemas/invoicing';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { useRequestKeys } from '../../lib/request-key';
import { useHoldUpdate } from '../../lib/sending-gate';
import { describedBy, Field } from '../../ui/form-fields';
import { FormActions } from '../../ui/form-actions';
import { QueryStatus } from '../../ui/query-status';
import { Fact } from '../../ui/record-page';
import { ScreenPage } from '../../ui/screen-chrome';
import { useToast, type Notify } from '../../ui/toast';
import { base64Of, fiscalRequestOf, fiscalValuesOf, type FiscalValues } from './fiscal-form';
import '../../ui/cfdi/cfdi.css';
import './fiscal-page.css';

const text = invoicingScreenMessages.fiscal;
const fiscalKey = ['fiscal'] as const;
/** A CSD file is a few KB; the server takes up to 20,000 base64 characters each. */
const MAX_CSD_FILE_BYTES = 14_000;

/**
 * 'Facturación' (permission 'fiscal'): what keeps the business from invoicing, or that it is
 * ready; its régimen, lugar de expedición, series and folios, 'Facturar al guardar la venta'
 * and the PAC account (the password only written, never read back); and its CSD, loaded as
 * the .cer and .key files with the key's password, shown by number and validity.
 */
export default function FiscalPage() {
  const settings = useQuery({
    queryKey: fiscalKey,
    queryFn: () => apiRequest('/api/v2/fiscal', { schema: fiscalSettingsSchema }),
    // Read once for the form: a refresh on refocus would swap what is being typed.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    // Fiscal secrets' metadata is not kept on the device.
    meta: { persist: false },
  });
  const [notify, toast] = useToast();
  // The form starts from what the server holds now, never from a copy kept from another visit.
  if (!settings.isFetchedAfterMount || !settings.data)
    return (
      <ScreenPage title={text.title}>
        <QueryStatus
          loading={text.loading}
          query={{
            isPending: !settings.isError,
            isError: settings.isError,
            error: settings.error,
            data: undefined,
            refetch: settings.refetch,
          }}
        />
      </ScreenPage>
    );
  return (
    <ScreenPage title={text.title} overlays={toast}>
      <div className="fiscal-page">
        <h1 className="page-heading">{text.title}</h1>
        <p>{text.intro}</p>
        <FiscalReadiness settings={settings.data} />
        <FiscalForm stored={settings.data} notify={notify} />
        <CsdSection settings={settings.data} notify={notify} />
      </div>
    </ScreenPage>
  );
}

/** What keeps the business from invoicing, in the server's words and order, or 'Listo para facturar'; and the CSD's warning. */
export function FiscalReadiness({ settings }: { settings: Pick<FiscalSettings, 'missing' | 'warning'> }) {
  return (
    <>
      {settings.missing.length === 0 ? (
        <p className="cfdi-notice cfdi-notice--ready" role="status">
          {text.ready}
        </p>
      ) : (
        <div className="cfdi-notice" role="region" aria-label={text.missingTitle}>
          <strong>{text.missingTitle}</strong>
          <ul>
            {settings.missing.map((missing) => (
              <li key={missing}>{missing}</li>
            ))}
          </ul>
        </div>
      )}
      {settings.warning && (
        <p className="cfdi-notice" role="alert">
          {settings.warning}
        </p>
      )}
    </>
  );
}

function FiscalForm({ stored, notify }: { stored: FiscalSettings; notify: Notify }) {
  const formId = useId();
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const [initial, setInitial] = useState(() => fiscalValuesOf(stored));
  const [values, setValues] = useState<FiscalValues>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const idOf = (name: string) => `${formId}-${name.replace(/\./g, '-')}`;
  const changed = values !== initial;
  useHoldUpdate(changed);
  const change = (patch: Partial<FiscalValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeSeries = (index: number, patch: Partial<FiscalValues['series'][number]>, field: string) =>
    change({ series: values.series.map((series, at) => (at === index ? { ...series, ...patch } : series)) }, `series.${index}.${field}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = fiscalRequestOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify(text.fixErrors, 'danger');
      const first = Object.keys(checked.errors)[0];
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setSaving(true);
    try {
      const saved = await apiRequest('/api/v2/fiscal', {
        method: 'PUT',
        body: checked.body,
        schema: fiscalSettingsSchema,
        idempotencyKey: keys.keyFor('fiscal', checked.body),
      });
      keys.done('fiscal');
      queryClient.setQueryData(fiscalKey, saved);
      // What was saved is the form's new starting point: nothing left to save.
      const savedValues = fiscalValuesOf(saved);
      setInitial(savedValues);
      setValues(savedValues);
      notify(text.saved, 'success');
    } catch (failure) {
      setServerError(getErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="fiscal-page__form" onSubmit={(event) => void submit(event)} noValidate aria-label={text.setupTitle}>
      <fieldset className="fiscal-page__fields" disabled={saving}>
        <legend className="section-heading">{text.setupTitle}</legend>
        <Field id={idOf('regimen_fiscal')} label={text.regimen} error={errors.regimen_fiscal}>
          <select
            id={idOf('regimen_fiscal')}
            value={values.regimen_fiscal}
            onChange={(e) => change({ regimen_fiscal: e.target.value }, 'regimen_fiscal')}
            {...describedBy(idOf('regimen_fiscal'), errors.regimen_fiscal)}
          >
            <option value="">{text.regimenChoose}</option>
            {REGIMENES_FISCALES.map((entry) => (
              <option key={entry.clave} value={entry.clave}>
                {entryLabel(entry)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('lugar_expedicion')} label={text.lugar} error={errors.lugar_expedicion} hint={text.lugarHint}>
          <input
            id={idOf('lugar_expedicion')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={values.lugar_expedicion}
            onChange={(e) => change({ lugar_expedicion: e.target.value }, 'lugar_expedicion')}
            {...describedBy(idOf('lugar_expedicion'), errors.lugar_expedicion, true)}
          />
        </Field>
        <div className="field">
          <label className="check-list__option" htmlFor={idOf('invoice_on_sale')}>
            <input
              id={idOf('invoice_on_sale')}
              type="checkbox"
              role="switch"
              checked={values.invoice_on_sale}
              onChange={(e) => change({ invoice_on_sale: e.target.checked }, 'invoice_on_sale')}
              aria-describedby={`${idOf('invoice_on_sale')}-hint`}
            />
            {text.invoiceOnSale}
          </label>
          <p id={`${idOf('invoice_on_sale')}-hint`} className="field-hint">
            {text.invoiceOnSaleHint}
          </p>
        </div>
      </fieldset>

      <fieldset className="fiscal-page__fields" disabled={saving}>
        <legend className="section-heading">{text.seriesTitle}</legend>
        <p className="field-hint">{text.seriesHint}</p>
        <div className="table-scroll">
          <table className="cart-table fiscal-page__series">
            <thead>
              <tr>
                <th scope="col">{text.seriesKind}</th>
                <th scope="col">{invoicingScreenMessages.document.folio}</th>
              </tr>
            </thead>
            <tbody>
              {values.series.map((series, index) => {
                const kind = invoicingMessages.kinds[series.kind];
                const serieKey = `series.${index}.serie`;
                const folioKey = `series.${index}.next_folio`;
                return (
                  <tr key={series.kind}>
                    <th scope="row">{kind}</th>
                    <td>
                      <div className="fiscal-page__series-fields">
                        <Field id={idOf(serieKey)} label={text.serie(kind)} error={errors[serieKey]}>
                          <input
                            id={idOf(serieKey)}
                            autoComplete="off"
                            maxLength={25}
                            value={series.serie}
                            onChange={(e) => changeSeries(index, { serie: e.target.value }, 'serie')}
                            {...describedBy(idOf(serieKey), errors[serieKey])}
                          />
                        </Field>
                        <Field id={idOf(folioKey)} label={text.nextFolio(kind)} error={errors[folioKey]}>
                          <input
                            id={idOf(folioKey)}
                            inputMode="numeric"
                            autoComplete="off"
                            value={series.next_folio}
                            onChange={(e) => changeSeries(index, { next_folio: e.target.value }, 'next_folio')}
                            {...describedBy(idOf(folioKey), errors[folioKey])}
                          />
                        </Field>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      <fieldset className="fiscal-page__fields" disabled={saving}>
        <legend className="section-heading">{text.pacTitle}</legend>
        <p className="field-hint">{stored.pac.provider ? text.pacProvider(stored.pac.provider) : text.pacNoProvider}</p>
        <Field id={idOf('pac_user')} label={text.pacUser} error={errors.pac_user}>
          <input
            id={idOf('pac_user')}
            autoComplete="off"
            value={values.pac_user}
            onChange={(e) => change({ pac_user: e.target.value }, 'pac_user')}
            {...describedBy(idOf('pac_user'), errors.pac_user)}
          />
        </Field>
        <Field
          id={idOf('pac_password')}
          label={text.pacPassword}
          error={errors.pac_password}
          hint={stored.pac.has_password ? text.pacPasswordSaved : text.pacPasswordNone}
        >
          <input
            id={idOf('pac_password')}
            type="password"
            autoComplete="new-password"
            value={values.pac_password}
            onChange={(e) => change({ pac_password: e.target.value }, 'pac_password')}
            {...describedBy(idOf('pac_password'), errors.pac_password, true)}
          />
        </Field>
      </fieldset>
      <FormActions
        serverError={serverError}
        pending={saving}
        disabled={!changed}
        onCancel={() => {
          setValues(initial);
          setErrors({});
          setServerError(null);
        }}
        labels={{ cancel: text.cancel, save: text.save, saving: text.saving }}
      />
    </form>
  );
}

/** The certificate as the server holds it: its number and validity, or none. */
export function CsdFacts({ csd }: { csd: FiscalSettings['csd'] }) {
  if (!csd) return <p className="empty-state">{text.csdNone}</p>;
  return (
    <dl className="facts">
      <Fact label={text.csdNumber}>{csd.no_certificado}</Fact>
      <Fact label={text.csdValidTo}>
        {formatMoment(csd.valid_to)} ({csd.days_left > 0 ? text.csdDaysLeft(csd.days_left) : text.csdExpired})
      </Fact>
    </dl>
  );
}

/** Reads a chosen file as base64, or says why it cannot be a CSD's. */
async function readCsdFile(file: File | null, missing: string): Promise<{ base64: string } | { error: string }> {
  if (!file) return { error: missing };
  if (file.size > MAX_CSD_FILE_BYTES) return { error: text.csdFileTooBig };
  try {
    return { base64: base64Of(new Uint8Array(await file.arrayBuffer())) };
  } catch {
    return { error: text.csdFileUnreadable };
  }
}

function CsdSection({ settings, notify }: { settings: FiscalSettings; notify: Notify }) {
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;
  const queryClient = useQueryClient();
  const keys = useRequestKeys();
  const [cer, setCer] = useState<File | null>(null);
  const [key, setKey] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A new form (empty file inputs) after a load: file inputs cannot be cleared by value.
  const [generation, setGeneration] = useState(0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [cerRead, keyRead] = await Promise.all([readCsdFile(cer, text.csdCerMissing), readCsdFile(key, text.csdKeyMissing)]);
    const found: Record<string, string> = {};
    if ('error' in cerRead) found.cer = cerRead.error;
    if ('error' in keyRead) found.key = keyRead.error;
    const parsed = csdUploadSchema.safeParse({
      cer: 'base64' in cerRead ? cerRead.base64 : 'AA==',
      key: 'base64' in keyRead ? keyRead.base64 : 'AA==',
      password,
    });
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    if (!parsed.success || Object.keys(found).length > 0) {
      setErrors(found);
      const first = ['cer', 'key', 'password'].find((name) => name in found);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    setServerError(null);
    setSending(true);
    try {
      const saved = await apiRequest('/api/v2/fiscal/csd', {
        method: 'POST',
        body: parsed.data,
        schema: fiscalSettingsSchema,
        idempotencyKey: keys.keyFor('csd', parsed.data),
      });
      keys.done('csd');
      queryClient.setQueryData(fiscalKey, saved);
      setCer(null);
      setKey(null);
      setPassword('');
      setGeneration((current) => current + 1);
      notify(text.csdSaved, 'success');
    } catch (failure) {
      setServerError(getErrorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="fiscal-page__csd" aria-labelledby={idOf('title')}>
      <h2 id={idOf('title')} className="section-heading">
        {text.csdTitle}
      </h2>
      <CsdFacts csd={settings.csd} />
      <form key={generation} onSubmit={(event) => void submit(event)} noValidate aria-label={text.csdTitle} className="fiscal-page__fields">
        <p className="field-hint">{settings.csd ? `${text.csdReplaceHint} ${text.csdSecretHint}` : text.csdSecretHint}</p>
        <Field id={idOf('cer')} label={text.csdCer} error={errors.cer}>
          <input
            id={idOf('cer')}
            type="file"
            accept=".cer,application/pkix-cert,application/x-x509-ca-cert"
            onChange={(e) => {
              setCer(e.target.files?.[0] ?? null);
              setErrors((current) => ({ ...current, cer: undefined }));
            }}
            {...describedBy(idOf('cer'), errors.cer)}
          />
        </Field>
        <Field id={idOf('key')} label={text.csdKey} error={errors.key}>
          <input
            id={idOf('key')}
            type="file"
            accept=".key,application/pkcs8"
            onChange={(e) => {
              setKey(e.target.files?.[0] ?? null);
              setErrors((current) => ({ ...current, key: undefined }));
            }}
            {...describedBy(idOf('key'), errors.key)}
          />
        </Field>
        <Field id={idOf('password')} label={text.csdPassword} error={errors.password}>
          <input
            id={idOf('password')}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            {...describedBy(idOf('password'), errors.password)}
          />
        </Field>
        {serverError && (
          <p role="alert" className="form-error field-error">
            {serverError}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button-primary form-actions__save" disabled={sending}>
            {sending ? text.csdUploading : text.csdUpload}
          </button>
        </div>
      </form>
    </section>
  );
}
