import { useId, useState, type FormEvent } from 'react';
import { loginMessages } from '../../../domain/messages/login';
import { shellMessages } from '../../../domain/messages/shell';
import { loginPayloadSchema } from '../../../domain/schemas/auth';
import { APP_VERSION } from '../../../domain/version';
import { useDeployment } from '../../ui/deployment';
import { ApiError, NetworkError } from '../../lib/api';
import { signIn } from './sign-in';
import './login-page.css';

type FieldErrors = { email?: string; password?: string };

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message;
  // A deactivated account is told so (only to whoever typed its password right).
  if (error instanceof ApiError && error.message === loginMessages.deactivated) return error.message;
  if (error instanceof NetworkError) return loginMessages.offline;
  // Any other failure, including an answer without an access token, is a failed sign-in (spec §4).
  return loginMessages.failed;
}

/**
 * Spec §2 Login: marketing panel and the 'Iniciar sesión' form. Plain HTML rather than
 * Ionic components, so the first screen loads a fraction of the JavaScript of the shell.
 */
export default function LoginPage() {
  const { identity } = useDeployment();
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // A native form submits on Enter from either field.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = loginPayloadSchema.safeParse({ email, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      await signIn(parsed.data);
    } catch (error) {
      setFailure(failureMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <div className="login">
      <aside className="login__panel" aria-label={identity.brand}>
        <img className="login__logo" src={identity.logo} alt="" width={88} height={88} />
        <p className="login__brand">{identity.brand}</p>
        <p className="login__tagline">{identity.tagline}</p>
        <p className="login__contact">
          {identity.phone} · {identity.website}
        </p>
      </aside>
      <main className="login__form-area">
        <form className="login__form" onSubmit={submit} noValidate>
          <h1>{loginMessages.title}</h1>
          <div className="field">
            <label htmlFor={ids.email}>{loginMessages.email}</label>
            <input
              id={ids.email}
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={fieldErrors.email ? true : undefined}
              aria-describedby={fieldErrors.email ? ids.emailError : undefined}
            />
            {fieldErrors.email && (
              <p id={ids.emailError} className="field__error">
                {fieldErrors.email}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.password}>{loginMessages.password}</label>
            <div className="field__with-action">
              <input
                id={ids.password}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              />
              <button
                type="button"
                className="field__action"
                aria-label={showPassword ? loginMessages.hidePassword : loginMessages.showPassword}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M12 5c-5 0-9.3 3.1-11 7 1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
                  />
                  {showPassword && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
                </svg>
              </button>
            </div>
            {fieldErrors.password && (
              <p id={ids.passwordError} className="field__error">
                {fieldErrors.password}
              </p>
            )}
          </div>
          <div role="alert" className="login__alert">
            {failure}
          </div>
          <button type="submit" className="button-primary" disabled={submitting} aria-busy={submitting}>
            {submitting ? loginMessages.submitting : loginMessages.submit}
          </button>
          <p className="login__version">{shellMessages.version(APP_VERSION)}</p>
        </form>
      </main>
    </div>
  );
}
