import { useId, useMemo, useState, type FormEvent } from 'react';
import { peopleMessages } from '../../../domain/messages/people';
import { effectivePermissions } from '../../../domain/people';
import { personInputSchema, type Person } from '../../../domain/schemas/people';
import { FormActions } from '../../ui/form-actions';
import { describedBy, Field, fieldErrors } from '../../ui/form-fields';
import { RecordScreen, retryUnlessNotFound, useRecordId } from '../../ui/record-screen';
import { ScreenPage, useScreenPlace, useShellNavigate } from '../../ui/screen-chrome';
import { useShell } from '../../ui/shell-context';
import { useLastingToast } from '../../ui/toast';
import { getErrorMessage } from '../../lib/api';
import { PermissionPicker } from './permission-picker';
import { fullName } from './person-rows';
import { useBranches, useJobPositions, usePerson, usePersonMutations, useRoles } from './queries';
import { TemporaryPasswordDialog } from './temporary-password';
import './people.css';

const text = peopleMessages;

interface Draft {
  name: string;
  last: string;
  email: string;
  role_id: string;
  job_position_id: string;
  sub_job_position: string;
  branch_id: string;
  permissions: string[];
}
type FieldName = Exclude<keyof Draft, 'permissions'>;
const FIELD_ORDER: FieldName[] = ['name', 'last', 'email', 'role_id', 'job_position_id', 'sub_job_position', 'branch_id'];

const draftOf = (person?: Person): Draft => ({
  name: person?.name ?? '',
  last: person?.last ?? '',
  email: person?.email ?? '',
  role_id: person?.role_id ? String(person.role_id) : '',
  job_position_id: person?.job_position_id ? String(person.job_position_id) : '',
  sub_job_position: person?.sub_job_position ?? '',
  branch_id: person?.branch_id ? String(person.branch_id) : '',
  permissions: person?.permissions ?? [],
});

const idOrNull = (value: string) => (value ? Number(value) : null);

/** `/users/new` and `/users/{id}`: one form for a new person and an edited one. */
export default function PersonFormPage() {
  const { params } = useScreenPlace();
  if (params.id === undefined)
    return (
      <ScreenPage title={text.formNew}>
        <PersonForm />
      </ScreenPage>
    );
  return <EditPerson />;
}

function EditPerson() {
  const id = useRecordId('id');
  const query = usePerson(id ?? 0);
  const person = { ...query, retry: retryUnlessNotFound };
  return (
    <RecordScreen
      id={id}
      query={person}
      title={(found) => (found ? fullName(found) : text.formEdit)}
      notFound={{ message: text.notFound, back: { href: '/users', label: text.backToList } }}
    >
      {(found) =>
        // The form starts from what the server holds now, not from a copy read a while ago.
        query.isFetchedAfterMount ? (
          <PersonForm key={found.id} person={found} />
        ) : (
          <p className="centered" role="status">
            {text.loading}
          </p>
        )
      }
    </RecordScreen>
  );
}

/**
 * The person's name, e-mail, role, job position, branch and the permissions beyond their role,
 * grouped by area. What the role gives shows ticked; what the person filling the form lacks
 * cannot be ticked. A new person gets a temporary password, shown once.
 */
function PersonForm({ person }: { person?: Person }) {
  const { user } = useShell();
  const grantable = useMemo(() => new Set(effectivePermissions(user.id, user.permissions, [])), [user]);
  const [draft, setDraft] = useState(() => draftOf(person));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const roles = useRoles();
  const jobPositions = useJobPositions();
  const branches = useBranches();
  const { create, update } = usePersonMutations();
  const navigate = useShellNavigate();
  const notifyLasting = useLastingToast();
  const ids: Record<FieldName, string> = {
    name: useId(),
    last: useId(),
    email: useId(),
    role_id: useId(),
    job_position_id: useId(),
    sub_job_position: useId(),
    branch_id: useId(),
  };
  const fromRole = roles.data?.find((role) => String(role.id) === draft.role_id)?.permissions ?? [];
  const set = (field: FieldName, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const back = () => navigate?.('/users', 'back');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = personInputSchema.safeParse({
      ...draft,
      role_id: idOrNull(draft.role_id) ?? 0,
      job_position_id: idOrNull(draft.job_position_id),
      branch_id: idOrNull(draft.branch_id),
      permissions: draft.permissions.filter((name) => !fromRole.includes(name)),
    });
    if (!parsed.success) {
      const found = fieldErrors<FieldName>(parsed.error.issues);
      setErrors(found);
      const first = FIELD_ORDER.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setServerError(null);
    const failed = (error: unknown) => setServerError(getErrorMessage(error));
    if (person) {
      update.mutate(
        { id: person.id, body: parsed.data },
        {
          onSuccess: () => {
            notifyLasting(text.saved, 'success');
            back();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: (answer) => setCreated({ name: fullName(answer.person), password: answer.temporary_password }),
        onError: failed,
      });
    }
  };

  const select = (field: FieldName, options: readonly { id: number; name: string }[] | undefined, empty: string) => (
    <select id={ids[field]} value={draft[field]} onChange={(e) => set(field, e.target.value)} {...describedBy(ids[field], errors[field])}>
      <option value="">{empty}</option>
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
  const input = (field: FieldName, attributes: { type?: string; autoComplete?: string; maxLength: number }) => (
    <input
      id={ids[field]}
      value={draft[field]}
      onChange={(e) => set(field, e.target.value)}
      {...attributes}
      {...describedBy(ids[field], errors[field])}
    />
  );

  return (
    <form onSubmit={submit} className="person-form" aria-label={person ? text.formEdit : text.formNew} noValidate>
      <Field id={ids.name} label={text.name} error={errors.name}>
        {input('name', { autoComplete: 'off', maxLength: 200 })}
      </Field>
      <Field id={ids.last} label={text.last} error={errors.last}>
        {input('last', { autoComplete: 'off', maxLength: 200 })}
      </Field>
      <Field id={ids.email} label={text.email} error={errors.email}>
        {input('email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
      </Field>
      <Field id={ids.role_id} label={text.role} error={errors.role_id}>
        {select('role_id', roles.data, text.chooseRole)}
      </Field>
      <Field id={ids.job_position_id} label={text.jobPosition} hint={text.jobPositionHint} error={errors.job_position_id}>
        {select('job_position_id', jobPositions.data, text.noJobPosition)}
      </Field>
      <Field id={ids.sub_job_position} label={text.subJobPosition} error={errors.sub_job_position}>
        {input('sub_job_position', { autoComplete: 'off', maxLength: 120 })}
      </Field>
      <Field id={ids.branch_id} label={text.branch} error={errors.branch_id}>
        {select('branch_id', branches.data, text.noBranch)}
      </Field>
      <PermissionPicker
        legend={text.extraPermissions}
        hint={text.extraPermissionsHint}
        chosen={draft.permissions}
        fromRole={fromRole}
        grantable={grantable}
        onChange={(permissions) => setDraft((current) => ({ ...current, permissions }))}
      />
      <FormActions serverError={serverError} pending={create.isPending || update.isPending} onCancel={back} labels={text} />
      {created && (
        <TemporaryPasswordDialog
          name={created.name}
          password={created.password}
          onClose={() => {
            notifyLasting(text.created(created.name), 'success');
            navigate?.('/users', 'replace');
          }}
        />
      )}
    </form>
  );
}
