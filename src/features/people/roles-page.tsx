import { useId, useMemo, useState, type FormEvent } from 'react';
import { peopleMessages, roleMessages } from '../../../domain/messages/people';
import { effectivePermissions } from '../../../domain/people';
import { roleInputSchema } from '../../../domain/schemas/people';
import type { Role } from '../../../domain/schemas/reads';
import { AppLink } from '../../ui/app-link';
import { Dialog } from '../../ui/dialog';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import { useShell } from '../../ui/shell-context';
import { useToast } from '../../ui/toast';
import { getErrorMessage } from '../../lib/api';
import { PermissionPicker } from './permission-picker';
import { useRoleMutations, useRoles } from './queries';
import './people.css';

const text = roleMessages;

/**
 * `/roles` ('Roles'): the named sets of permissions people are given, how many active people
 * hold each, 'Nuevo rol', and each role's permissions changed in a dialog (they reach the
 * people who hold it at their next request). Roles are not deleted: people who left keep naming them.
 */
export default function RolesPage() {
  const roles = useRoles();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [notify, toast] = useToast();
  return (
    <ScreenPage
      title={text.title}
      overlays={
        <>
          {editing && (
            <Dialog label={editing === 'new' ? text.formNew : text.edit(editing.name)} onClose={() => setEditing(null)}>
              {(close) => (
                <RoleForm
                  role={editing === 'new' ? undefined : editing}
                  onCancel={close}
                  onSaved={(saved) => {
                    close();
                    notify(text.saved(saved.name), 'success');
                  }}
                />
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      <div className="office-list__toolbar roles-toolbar">
        <AppLink href="/users" className="outline-button">
          {text.backToPeople}
        </AppLink>
        <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setEditing('new')}>
          {text.add}
        </button>
      </div>
      <h1 className="visually-hidden">{text.title}</h1>
      <QueryStatus query={roles} loading={text.loading} />
      {roles.data && roles.data.length === 0 && <p className="empty-state">{text.empty}</p>}
      {roles.data && roles.data.length > 0 && (
        <ul className="roles-list">
          {roles.data.map((role) => (
            <li key={role.id}>
              <div>
                <p className="roles-list__name">{role.name}</p>
                <p>
                  {text.permissionCount(role.permissions.length)} · {text.people(role.people)}
                </p>
              </div>
              <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setEditing(role)}>
                {text.edit(role.name)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </ScreenPage>
  );
}

function RoleForm({ role, onSaved, onCancel }: { role?: Role; onSaved: (role: Role) => void; onCancel: () => void }) {
  const { user } = useShell();
  const grantable = useMemo(() => new Set(effectivePermissions(user.id, user.permissions, [])), [user]);
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const { save } = useRoleMutations();
  const nameId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = roleInputSchema.safeParse({ name, permissions });
    if (!parsed.success) {
      setError(fieldErrors<'name'>(parsed.error.issues).name ?? peopleMessages.unknownPermission);
      document.getElementById(nameId)?.focus();
      return;
    }
    setServerError(null);
    save.mutate(
      { id: role?.id ?? null, body: parsed.data },
      { onSuccess: onSaved, onError: (failure) => setServerError(getErrorMessage(failure)) },
    );
  };
  return (
    <form onSubmit={submit} className="role-form" noValidate>
      <Field id={nameId} label={text.name} error={error}>
        <input
          id={nameId}
          value={name}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          {...describedBy(nameId, error)}
        />
      </Field>
      <PermissionPicker
        legend={text.permissions}
        hint={peopleMessages.extraPermissionsHint}
        chosen={permissions}
        grantable={grantable}
        onChange={setPermissions}
      />
      <FormActions serverError={serverError} pending={save.isPending} onCancel={onCancel} labels={text} />
    </form>
  );
}
