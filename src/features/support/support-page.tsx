import { useEffect, useState } from 'react';
import { supportMessages } from '../../../domain/messages/support';
import { newSupportTicketSchema } from '../../../domain/schemas/support';
import { formatMoment } from '../../../domain/format';
import { Pager } from '../../ui/pager';
import { getErrorMessage } from '../../lib/api';
import { useCreateSupportTicket, useSupportTickets } from './queries';
import { TicketDialog } from './ticket-dialog';
import '../../ui/notes/notes.css';
import { describedBy, Field } from '../../ui/form-fields';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import '../../ui/plain-list.css';

const text = supportMessages;
/** The search asks the server once typing pauses. */
const SEARCH_DELAY = 300;

/**
 * 'Soporte': report a problem and read the reported ones; a ticket opens with its answers.
 * The user menu links here for user 1 and the support permission (spec §2); anyone else comes
 * from Ajustes ('Reportar un problema a soporte') or a ticket's note (?ticket=N).
 */
export default function SupportPage() {
  const initialTicket = ticketFromAddress();
  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState<number>(15);
  const [notify, toast] = useToast();
  const [open, setOpen] = useState<number | null>(initialTicket);
  const tickets = useSupportTickets({ description: search, page, itemsPerPage });
  const create = useCreateSupportTicket();
  const total = tickets.data?.meta.total ?? 0;
  const size = itemsPerPage === 0 ? Math.max(total, 1) : itemsPerPage;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);

  useEffect(() => {
    if (typed === search) return;
    const timer = window.setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, SEARCH_DELAY);
    return () => window.clearTimeout(timer);
  }, [typed, search]);

  const submit = () => {
    const parsed = newSupportTicketSchema.safeParse({ description });
    if (!parsed.success) {
      setDescriptionError(parsed.error.issues[0]?.message ?? text.descriptionRequired);
      return;
    }
    setDescriptionError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDescription('');
        setPage(1);
        notify(text.sent, 'success');
      },
      onError: (error) => notify(getErrorMessage(error), 'danger'),
    });
  };

  return (
    <ScreenPage
      title={text.title}
      overlays={
        <>
          {open !== null && <TicketDialog id={open} onClose={() => setOpen(null)} notify={notify} />}
          {toast}
        </>
      }
    >
      <section className="plain-card" aria-labelledby="support-new-ticket">
        <h2 id="support-new-ticket" className="plain-card__title">
          {text.newTicket}
        </h2>
        <form
          className="plain-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field id="support-description" label={text.description} hint={text.descriptionHint} error={descriptionError ?? undefined}>
            <textarea
              id="support-description"
              rows={3}
              maxLength={2000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              {...describedBy('support-description', descriptionError ?? undefined, true)}
            />
          </Field>
          <button type="submit" className="button-primary button-primary--padded" disabled={create.isPending}>
            {create.isPending ? text.sending : text.send}
          </button>
        </form>
      </section>

      <Field id="support-search" label={text.search}>
        <input id="support-search" type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </Field>
      <QueryStatus query={tickets} />
      {tickets.data?.data.length === 0 && <p className="empty-state">{text.empty}</p>}
      {tickets.data && tickets.data.data.length > 0 && (
        <ul className="plain-list" aria-busy={tickets.isFetching}>
          {tickets.data.data.map((ticket) => (
            <li key={ticket.id}>
              <button type="button" className="plain-list__button" aria-haspopup="dialog" onClick={() => setOpen(ticket.id)}>
                <span className="plain-list__text">
                  <span className="plain-list__title">
                    {text.open(ticket.id)} · {ticket.description}
                  </span>
                  <span className="plain-list__detail">
                    {text.createdBy}: {ticket.user.name} {ticket.user.last} · {formatMoment(ticket.created_at)} · {text.status}:{' '}
                    {ticket.status}
                    {ticket.assigned_to ? ` · ${text.assignedTo}: ${ticket.assigned_to.name} ${ticket.assigned_to.last}` : ''}
                    {ticket.replies ? ` · ${text.answers}: ${ticket.replies}` : ''}
                  </span>
                </span>
                <span className="plain-list__chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        itemsPerPage={itemsPerPage}
        onItemsPerPage={setItemsPerPage}
        page={page}
        onPage={setPage}
        lastPage={lastPage}
        range={{ from, to, total }}
      />
    </ScreenPage>
  );
}

/** The ticket a link opens (/support?ticket=12), else none. */
function ticketFromAddress(): number | null {
  const value = new URLSearchParams(window.location.search).get('ticket');
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}
