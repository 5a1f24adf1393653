import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { settingsMessages } from '../../../domain/messages/settings';
import { setupMessages } from '../../../domain/messages/setup';
import { noContentSchema } from '../../../domain/schemas/auth';
import { PASSWORD_MINIMUM, passwordChangeSchema, type PasswordChange } from '../../../domain/schemas/setup';
import { describedBy, Field } from '../../ui/form-fields';
import type { Notify } from '../../ui/toast';
import { ApiError, apiRequest, getErrorMessage } from '../../lib/api';

const text = settingsMessages;
type FieldName = 'current_password' | 'new_password' | 'confirm';

/** 'Cambiar contraseña': the current one, the new one twice. The person's other sessions end. */
export function ChangePassword({ notify, onChanged }: { notify: Notify; onChanged?: () => void }) {
  const formId = useId();
  const idOf = (name: FieldName) => `${formId}-${name}`;
  const [values, setValues] = useState<Record<FieldName, string>>({ current_password: '', new_password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const change = useMutation({
    mutationFn: (body: PasswordChange) => apiRequest('/api/v2/user/password', { method: 'POST', body, schema: noContentSchema }),
    onSuccess: () => {
      setValues({ current_password: '', new_password: '', confirm: '' });
      notify(text.passwordChanged, 'success');
      onChanged?.();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({ current_password: error.message });
        document.getElementById(idOf('current_password'))?.focus();
      } else notify(getErrorMessage(error), 'danger');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordChangeSchema.safeParse({ current_password: values.current_password, new_password: values.new_password });
    const found: Partial<Record<FieldName, string>> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
    if (!found.new_password && values.confirm !== values.new_password) found.confirm = text.passwordsDiffer;
    const first = (['current_password', 'new_password', 'confirm'] as const).find((name) => found[name]);
    setErrors(found);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    if (parsed.success) change.mutate(parsed.data);
  };

  const field = (name: FieldName, label: string, autoComplete: string, hint?: string) => (
    <Field id={idOf(name)} label={label} error={errors[name]} hint={hint}>
      <input
        id={idOf(name)}
        type="password"
        autoComplete={autoComplete}
        maxLength={1024}
        value={values[name]}
        onChange={(e) => {
          setValues((current) => ({ ...current, [name]: e.target.value }));
          setErrors((current) => ({ ...current, [name]: undefined }));
        }}
        {...describedBy(idOf(name), errors[name], hint !== undefined)}
      />
    </Field>
  );

  return (
    <form className="change-password" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`} className="plain-list__header">
        {text.changePassword}
      </h2>
      <fieldset className="change-password__fields" disabled={change.isPending}>
        {field('current_password', text.currentPassword, 'current-password')}
        {field('new_password', text.newPassword, 'new-password', setupMessages.passwordHint(PASSWORD_MINIMUM))}
        {field('confirm', text.confirmPassword, 'new-password')}
      </fieldset>
      <button type="submit" className="button-primary change-password__save" disabled={change.isPending}>
        {change.isPending ? text.saving : text.save}
      </button>
    </form>
  );
}
