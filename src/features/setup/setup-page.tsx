import { useId, useState, type FormEvent } from 'react';
import { setupMessages } from '../../../domain/messages/setup';
import { loginResponseSchema } from '../../../domain/schemas/auth';
import { PASSWORD_MINIMUM, setupPayloadSchema } from '../../../domain/schemas/setup';
import { BUSINESS_FIELD_ORDER, BusinessIdentityFields } from '../../ui/business-identity-fields';
import { describedBy, Field } from '../../ui/form-fields';
import { ApiError, apiRequest, getErrorMessage } from '../../lib/api';
import { saveToken } from '../../lib/session-store';
import './setup-page.css';

const text = setupMessages;

/** The administrator's fields, by their names in the request. */
const ADMIN_FIELDS = [
  { name: 'name', label: text.name, type: 'text', autoComplete: 'given-name', maxLength: 200 },
  { name: 'last', label: text.last, type: 'text', autoComplete: 'family-name', maxLength: 200 },
  { name: 'email', label: text.email, type: 'email', autoComplete: 'username', maxLength: 254 },
  {
    name: 'password',
    label: text.password,
    type: 'password',
    autoComplete: 'new-password',
    maxLength: 1024,
    hint: text.passwordHint(PASSWORD_MINIMUM),
  },
] as const;
const FIELD_ORDER = [
  'code',
  ...BUSINESS_FIELD_ORDER.map((name) => `business.${name}`),
  ...ADMIN_FIELDS.map((field) => `admin.${field.name}`),
];

/**
 * 'Configuración inicial': shown instead of the login while the installation has nobody who
 * can sign in. The business's identity and its first administrator, checked with the server's
 * schema field by field; the one-time code from the server's log. Done, the administrator is in.
 */
export default function SetupPage() {
  const formId = useId();
  const [code, setCode] = useState('');
  const [business, setBusiness] = useState<Record<string, string>>({ theme_color: '#2e7d32' });
  const [admin, setAdmin] = useState<Record<string, string>>({});
  const [logo, setLogo] = useState<string | null>(null);
  // By the field's path in the request: 'code', 'business.clabe', 'admin.email'.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const idOf = (path: string) => `${formId}-${path.replace('.', '-')}`;
  const forget = (path: string) =>
    setErrors((current) => (path in current ? Object.fromEntries(Object.entries(current).filter(([name]) => name !== path)) : current));
  const businessErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith('business.'))
      .map(([path, message]) => [path.slice('business.'.length), message]),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = setupPayloadSchema.safeParse({ code, business: { ...business, logo }, admin });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setFailure(text.fixErrors);
      // The first field to fix gets the focus, so its message is read out with it.
      const first = FIELD_ORDER.find((path) => path in found);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    try {
      const answer = await apiRequest('/api/v2/setup', { method: 'POST', body: parsed.data, schema: loginResponseSchema });
      saveToken(answer.access_token);
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 403) {
        setErrors({ code: error.message });
        document.getElementById(idOf('code'))?.focus();
        return;
      }
      setFailure(getErrorMessage(error));
      // Someone set it up meanwhile: the login is what remains.
      if (error instanceof ApiError && error.status === 409) setTimeout(() => window.location.reload(), 2500);
    }
  };

  return (
    <main className="setup">
      <form className="setup__form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
        <h1 id={`${formId}-title`}>{text.title}</h1>
        <p>{text.intro}</p>
        <Field id={idOf('code')} label={text.code} error={errors.code} hint={text.codeHint}>
          <input
            id={idOf('code')}
            autoComplete="off"
            maxLength={64}
            required
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              forget('code');
            }}
            {...describedBy(idOf('code'), errors.code, true)}
          />
        </Field>
        <fieldset className="setup__group" disabled={sending}>
          <legend>{text.business}</legend>
          <BusinessIdentityFields
            values={business}
            errors={businessErrors}
            idOf={(name) => idOf(`business.${name}`)}
            onChange={(name, value) => {
              setBusiness((current) => ({ ...current, [name]: value }));
              forget(`business.${name}`);
            }}
            onLogo={(chosen) => {
              forget('business.logo');
              setLogo(chosen && 'dataUrl' in chosen ? chosen.dataUrl : null);
              if (chosen && 'error' in chosen) setErrors((current) => ({ ...current, 'business.logo': chosen.error }));
            }}
            logoPreview={logo}
          />
        </fieldset>
        <fieldset className="setup__group" disabled={sending}>
          <legend>{text.admin}</legend>
          {ADMIN_FIELDS.map((field) => {
            const path = `admin.${field.name}`;
            const hint = 'hint' in field ? field.hint : undefined;
            return (
              <Field key={path} id={idOf(path)} label={field.label} error={errors[path]} hint={hint}>
                <input
                  id={idOf(path)}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  maxLength={field.maxLength}
                  required
                  value={admin[field.name] ?? ''}
                  onChange={(e) => {
                    setAdmin((current) => ({ ...current, [field.name]: e.target.value }));
                    forget(path);
                  }}
                  {...describedBy(idOf(path), errors[path], hint !== undefined)}
                />
              </Field>
            );
          })}
        </fieldset>
        <div role="alert" className="setup__alert">
          {failure}
        </div>
        <button type="submit" className="button-primary" disabled={sending} aria-busy={sending}>
          {sending ? text.submitting : text.submit}
        </button>
      </form>
    </main>
  );
}
