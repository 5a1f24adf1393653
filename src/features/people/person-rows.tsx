import { formatMoment } from '../../../domain/format';
import { peopleMessages } from '../../../domain/messages/people';
import type { Person, PersonSortColumn } from '../../../domain/schemas/people';
import { AppLink } from '../../ui/app-link';
import type { ListColumn } from '../../ui/office-list/list-rows';

const text = peopleMessages;
const columns = text.columns;

export const personRowKey = (row: Person) => row.id;
export const fullName = (person: Pick<Person, 'name' | 'last'>) => `${person.name} ${person.last}`;
const lastSignIn = (row: Person) => (row.last_sign_in_at ? formatMoment(row.last_sign_in_at) : text.neverSignedIn);
const state = (row: Person) => (row.active ? text.active : text.inactive);

/** /users: the columns of the table on wide screens; the name opens the person. */
export const PERSON_COLUMNS: ListColumn<Person, PersonSortColumn>[] = [
  { key: 'name', sort: 'name', label: columns.name, cell: (row) => <AppLink href={`/users/${row.id}`}>{fullName(row)}</AppLink> },
  { key: 'email', sort: 'email', label: columns.email, cell: (row) => row.email },
  { key: 'role', label: columns.role, cell: (row) => row.role ?? text.noRole },
  { key: 'job_position', label: columns.jobPosition, cell: (row) => row.job_position ?? text.noJobPosition },
  { key: 'branch', label: columns.branch, cell: (row) => row.branch ?? text.noBranch },
  { key: 'last_sign_in_at', sort: 'last_sign_in_at', label: columns.lastSignIn, cell: lastSignIn, nowrap: true },
  { key: 'active', label: columns.active, cell: (row) => <span className={row.active ? undefined : 'people-inactive'}>{state(row)}</span> },
];

/** A person on a phone, with their menu button. */
export function PersonCard({ row, onMenu }: { row: Person; onMenu: (row: Person) => void }) {
  return (
    <div className="list-card">
      <div className="list-card__main">
        <AppLink href={`/users/${row.id}`} className="list-card__title">
          {fullName(row)}
        </AppLink>
        <span>{row.email}</span>
        <span>
          {row.role ?? text.noRole} · {state(row)}
        </span>
        <span>
          {columns.lastSignIn}: {lastSignIn(row)}
        </span>
      </div>
      <button type="button" className="icon-button" aria-label={text.actionsFor(fullName(row))} onClick={() => onMenu(row)}>
        <span aria-hidden="true">⋮</span>
      </button>
    </div>
  );
}
