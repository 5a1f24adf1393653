import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { setupMessages } from '../../../domain/messages/setup';
import { loginResponseSchema } from '../../../domain/schemas/auth';
import { LOGO_MAX_BYTES, PASSWORD_MINIMUM, setupPayloadSchema } from '../../../domain/schemas/setup';
import { describedBy, Field } from '../../ui/form-fields';
import { ApiError, apiRequest, getErrorMessage } from '../../lib/api';
import { saveToken } from '../../lib/session-store';
import './setup-page.css';

const text = setupMessages;

type Section = 'business' | 'admin';
type Input = 'text' | 'email' | 'tel' | 'url' | 'password';
/** The form's text fields, each where the request carries it ('business.clabe'). */
const FIELDS: readonly {
  section: Section;
  name: string;
  label: string;
  type?: Input;
  hint?: string;
  autoComplete?: string;
  maxLength: number;
}[] = [
  { section: 'business', name: 'brand', label: text.brand, maxLength: 120, autoComplete: 'organization' },
  { section: 'business', name: 'legal_name', label: text.legalName, maxLength: 200 },
  { section: 'business', name: 'tax_id', label: text.taxId, maxLength: 13 },
  { section: 'business', name: 'address', label: text.address, maxLength: 300, autoComplete: 'street-address' },
  { section: 'business', name: 'phone', label: text.phone, type: 'tel', maxLength: 40 },
  { section: 'business', name: 'whatsapp', label: text.whatsapp, type: 'tel', maxLength: 40 },
  { section: 'business', name: 'website', label: text.website, maxLength: 200 },
  { section: 'business', name: 'bank', label: text.bank, maxLength: 80 },
  { section: 'business', name: 'bank_account', label: text.bankAccount, maxLength: 40 },
  { section: 'business', name: 'clabe', label: text.clabe, hint: text.clabeHint, maxLength: 22 },
  { section: 'admin', name: 'name', label: text.name, maxLength: 200, autoComplete: 'given-name' },
  { section: 'admin', name: 'last', label: text.last, maxLength: 200, autoComplete: 'family-name' },
  { section: 'admin', name: 'email', label: text.email, type: 'email', maxLength: 254, autoComplete: 'username' },
  {
    section: 'admin',
    name: 'password',
    label: text.password,
    type: 'password',
    hint: text.passwordHint(PASSWORD_MINIMUM),
    maxLength: 1024,
    autoComplete: 'new-password',
  },
];

const key = (section: Section | null, name: string) => (section ? `${section}.${name}` : name);

/**
 * 'Configuración inicial': shown instead of the login while the installation has nobody who
 * can sign in. The business's identity and its first administrator, checked with the server's
 * schema field by field; the one-time code from the server's log. Done, the administrator is in.
 */
export default function SetupPage() {
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>({ 'business.theme_color': '#2e7d32' });
  const [logo, setLogo] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const idOf = (field: string) => `${formId}-${field.replace('.', '-')}`;
  const set = (field: string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (field in current ? Object.fromEntries(Object.entries(current).filter(([name]) => name !== field)) : current));
  };

  const readLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    set('business.logo', '');
    setLogo(null);
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setErrors((current) => ({ ...current, 'business.logo': text.logoTooLarge }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setLogo(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const section = (name: Section) =>
      Object.fromEntries(
        FIELDS.filter((field) => field.section === name).map((field) => [field.name, values[key(name, field.name)] ?? '']),
      );
    const parsed = setupPayloadSchema.safeParse({
      code: values.code ?? '',
      business: { ...section('business'), theme_color: values['business.theme_color'], logo },
      admin: section('admin'),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setFailure(text.fixErrors);
      // The first field to fix gets the focus, so its message is read out with it.
      const first = [
        key(null, 'code'),
        ...FIELDS.map((field) => key(field.section, field.name)),
        'business.theme_color',
        'business.logo',
      ].find((field) => field in found);
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
      } else setFailure(getErrorMessage(error));
      // Someone set it up meanwhile: the login is what remains.
      if (error instanceof ApiError && error.status === 409) setTimeout(() => window.location.reload(), 2500);
    }
  };

  const input = (section: Section | null, field: Omit<(typeof FIELDS)[number], 'section'>) => {
    const name = key(section, field.name);
    const id = idOf(name);
    return (
      <Field key={name} id={id} label={field.label} error={errors[name]} hint={field.hint}>
        <input
          id={id}
          type={field.type ?? 'text'}
          autoComplete={field.autoComplete ?? 'off'}
          maxLength={field.maxLength}
          required={field.name !== 'whatsapp' && field.name !== 'website'}
          value={values[name] ?? ''}
          onChange={(e) => set(name, e.target.value)}
          {...describedBy(id, errors[name], field.hint !== undefined)}
        />
      </Field>
    );
  };

  return (
    <main className="setup">
      <form className="setup__form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
        <h1 id={`${formId}-title`}>{text.title}</h1>
        <p>{text.intro}</p>
        {input(null, { name: 'code', label: text.code, hint: text.codeHint, maxLength: 64 })}
        <fieldset className="setup__group" disabled={sending}>
          <legend>{text.business}</legend>
          {FIELDS.filter((field) => field.section === 'business').map((field) => input('business', field))}
          <Field id={idOf('business.theme_color')} label={text.themeColor} error={errors['business.theme_color']}>
            <input
              id={idOf('business.theme_color')}
              type="color"
              value={values['business.theme_color']}
              onChange={(e) => set('business.theme_color', e.target.value)}
              {...describedBy(idOf('business.theme_color'), errors['business.theme_color'])}
            />
          </Field>
          <Field id={idOf('business.logo')} label={text.logo} error={errors['business.logo']} hint={text.logoHint}>
            <input
              id={idOf('business.logo')}
              type="file"
              accept="image/png,image/jpeg,image/svg+xml"
              onChange={readLogo}
              {...describedBy(idOf('business.logo'), errors['business.logo'], true)}
            />
          </Field>
          {logo && <img className="setup__logo" src={logo} alt="" width={88} height={88} />}
        </fieldset>
        <fieldset className="setup__group" disabled={sending}>
          <legend>{text.admin}</legend>
          {FIELDS.filter((field) => field.section === 'admin').map((field) => input('admin', field))}
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
