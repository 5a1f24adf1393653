import { useCallback, useId, useState } from 'react';
import { peopleMessages } from '../../../domain/messages/people';
import { pagedQuery } from '../../../domain/office-list';
import { personPageSchema, type Person, type PersonSortColumn } from '../../../domain/schemas/people';
import { AppLink } from '../../ui/app-link';
import { ListRows } from '../../ui/office-list/list-rows';
import { ListScreen } from '../../ui/office-list/list-screen';
import { useListPaging, usePagedList } from '../../ui/office-list/use-paged-list';
import { useConfirmSheet, useRowMenu } from '../../ui/overlays';
import { useShellNavigate } from '../../ui/screen-chrome';
import { useToast } from '../../ui/toast';
import { getErrorMessage } from '../../lib/api';
import { useSettled } from '../../lib/use-settled';
import { fullName, PERSON_COLUMNS, PersonCard, personRowKey } from './person-rows';
import { peopleKeys, usePersonMutations, useRoles } from './queries';
import { TemporaryPasswordDialog } from './temporary-password';
import './people.css';

const text = peopleMessages;

interface PeopleFilters {
  search: string;
  active: '' | 'true' | 'false';
  roleId: string;
}

function filterParams(filters: PeopleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('filter[search]', filters.search.trim());
  if (filters.active) params.set('filter[active]', filters.active);
  if (filters.roleId) params.set('filter[role_id]', filters.roleId);
  return params;
}

/**
 * `/users` ('Usuarios'): the people who sign in, searched by name or e-mail as one types and
 * narrowed by state and role, with their role, job position, branch and last sign-in. Each
 * one's menu edits them, deactivates or reactivates them, and resets their password (the
 * temporary one is shown once). 'Nuevo usuario' and 'Roles' from the toolbar.
 */
export default function PeoplePage() {
  const paging = useListPaging<PersonSortColumn>();
  const { setPage } = paging;
  const [typed, setTyped] = useState('');
  const search = useSettled(typed);
  const [choice, setChoice] = useState<Omit<PeopleFilters, 'search'>>({ active: 'true', roleId: '' });
  const filters: PeopleFilters = { ...choice, search };
  const list = usePagedList({
    queryKey: peopleKeys.list(filters),
    path: '/api/v2/users',
    search: (page, total) => pagedQuery(filterParams(filters), page, total),
    paging,
    schema: personPageSchema,
  });
  const roles = useRoles();
  const { setActive, resetPassword } = usePersonMutations();
  const navigate = useShellNavigate();
  const [notify, toast] = useToast();
  const [temporary, setTemporary] = useState<{ name: string; password: string } | null>(null);
  const ids = { search: useId(), state: useId(), role: useId() };
  const choose = (next: Partial<typeof choice>) => {
    setChoice((current) => ({ ...current, ...next }));
    setPage(1);
  };

  const failed = useCallback((error: unknown) => notify(getErrorMessage(error), 'danger'), [notify]);
  const deactivateSheet = useConfirmSheet((person: Person) => ({
    header: text.deactivateConfirm(fullName(person)),
    confirm: text.deactivate,
    destructive: true,
    onConfirm: () =>
      setActive.mutate(
        { id: person.id, active: false },
        { onSuccess: () => notify(text.deactivated(fullName(person)), 'success'), onError: failed },
      ),
  }));
  const resetSheet = useConfirmSheet((person: Person) => ({
    header: text.resetConfirm(fullName(person)),
    confirm: text.resetPassword,
    whenGone: true,
    onConfirm: () =>
      resetPassword.mutate(person.id, {
        onSuccess: (answer) => setTemporary({ name: fullName(person), password: answer.temporary_password }),
        onError: failed,
      }),
  }));
  const askDeactivate = deactivateSheet.ask;
  const askReset = resetSheet.ask;
  const activate = setActive.mutate;
  const rowMenu = useCallback(
    (person: Person) => [
      { text: text.edit, handler: () => navigate?.(`/users/${person.id}`) },
      person.active
        ? { text: text.deactivate, role: 'destructive', handler: () => askDeactivate(person) }
        : {
            text: text.reactivate,
            handler: () =>
              activate(
                { id: person.id, active: true },
                { onSuccess: () => notify(text.reactivated(fullName(person)), 'success'), onError: failed },
              ),
          },
      { text: text.resetPassword, handler: () => askReset(person) },
    ],
    [navigate, askDeactivate, askReset, activate, notify, failed],
  );
  const menuHeader = useCallback((person: Person) => text.actionsFor(fullName(person)), []);
  const menu = useRowMenu(menuHeader, rowMenu);

  return (
    <ListScreen
      title={text.title}
      list={list}
      paging={paging}
      loading={text.loading}
      empty={text.empty}
      add={{ href: '/users/new', label: text.add }}
      toolbar={
        <>
          <div className="customer-search" role="search">
            <label htmlFor={ids.search} className="visually-hidden">
              {text.search}
            </label>
            <input
              id={ids.search}
              type="search"
              autoComplete="off"
              placeholder={text.search}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <label htmlFor={ids.state} className="visually-hidden">
            {text.state}
          </label>
          <select id={ids.state} value={choice.active} onChange={(e) => choose({ active: e.target.value as PeopleFilters['active'] })}>
            <option value="true">{text.activeOnly}</option>
            <option value="false">{text.inactiveOnly}</option>
            <option value="">{text.anyState}</option>
          </select>
          <label htmlFor={ids.role} className="visually-hidden">
            {text.roleFilter}
          </label>
          <select id={ids.role} value={choice.roleId} onChange={(e) => choose({ roleId: e.target.value })}>
            <option value="">{text.anyRole}</option>
            {roles.data?.map((role) => (
              <option key={role.id} value={role.id}>
                {role.name}
              </option>
            ))}
          </select>
          <AppLink href="/roles" className="outline-button">
            {text.roles}
          </AppLink>
          <span role="status" className="office-list__status">
            {setActive.isPending || resetPassword.isPending ? text.saving : ''}
          </span>
        </>
      }
      overlays={
        <>
          {menu.sheet}
          {deactivateSheet.sheet}
          {resetSheet.sheet}
          {temporary && <TemporaryPasswordDialog name={temporary.name} password={temporary.password} onClose={() => setTemporary(null)} />}
          {toast}
        </>
      }
    >
      <ListRows
        list={list}
        paging={paging}
        rowKey={personRowKey}
        columns={PERSON_COLUMNS}
        menuLabel={menuHeader}
        onMenu={menu.open}
        estimateSize={112}
        card={(row) => <PersonCard row={row} onMenu={menu.open} />}
      />
    </ListScreen>
  );
}
