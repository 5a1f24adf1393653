import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoment } from '../../../domain/format';
import { supportMessages } from '../../../domain/messages/support';
import { ADMIN_USER_ID, hasPermission } from '../../../domain/permissions';
import { SUPPORT_STATUSES, supportReplySchema, type SupportStatus } from '../../../domain/schemas/support';
import { getErrorMessage } from '../../lib/api';
import { Dialog } from '../../ui/dialog';
import { notePeopleOptions } from '../../ui/notes/note-writing';
import { QueryStatus } from '../../ui/query-status';
import { useShell } from '../../ui/shell-context';
import { ticketQueryOptions, useAnswerTicket } from './queries';

const text = supportMessages;
const person = (p: { name: string; last: string }) => `${p.name} ${p.last}`;

/**
 * One ticket: what was reported, its answers and changes in order, and the answer form. User 1
 * and the support permission also set its state and who takes it; its opener adds to it.
 */
export function TicketDialog({
  id,
  onClose,
  notify,
}: {
  id: number;
  onClose: () => void;
  notify: (message: string, color: 'success' | 'danger') => void;
}) {
  const { user } = useShell();
  const answerer = user.id === ADMIN_USER_ID || hasPermission(user, 'support');
  const ticket = useQuery(ticketQueryOptions(id));
  const people = useQuery({ ...notePeopleOptions(), enabled: answerer });
  const answer = useAnswerTicket(id);
  const [body, setBody] = useState('');
  const [status, setStatus] = useState<SupportStatus | ''>('');
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;
  const found = ticket.data;
  const mayAnswer = found !== undefined && (answerer || (found.user_id === user.id && found.status !== 'Cerrado'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportReplySchema.safeParse({
      body: body.trim() || null,
      ...(status && { status }),
      ...(assignee && { assigned_to_user_id: Number(assignee) }),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    answer.mutate(parsed.data, {
      onSuccess: () => {
        setBody('');
        setStatus('');
        setAssignee('');
        notify(text.answered, 'success');
      },
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <Dialog label={text.open(id)} onClose={onClose}>
      {() =>
        found ? (
          <>
            <p className="note-body">{found.description}</p>
            <p className="field-hint">
              {text.createdBy}: {person(found.user)} · {formatMoment(found.created_at)} · {text.status}: <strong>{found.status}</strong> ·{' '}
              {text.assignedTo}: {found.assigned_to ? person(found.assigned_to) : text.nobody}
            </p>
            <h3 className="section-heading">{text.answers}</h3>
            {found.answers.length === 0 ? (
              <p className="empty-state">{text.noAnswers}</p>
            ) : (
              <ol className="note-entries">
                {found.answers.map((reply) => (
                  <li key={reply.id} className="note-entry">
                    <p className="note-entry__meta">
                      <strong>{person(reply.user)}</strong> · {formatMoment(reply.created_at)}
                    </p>
                    {reply.status && <p className="note-entry__to">{text.statusChanged(reply.status)}</p>}
                    {reply.assigned_to && <p className="note-entry__to">{text.assignedChange(person(reply.assigned_to))}</p>}
                    {reply.body && <p className="note-body">{reply.body}</p>}
                  </li>
                ))}
              </ol>
            )}
            {mayAnswer && (
              <form onSubmit={submit} className="filter-form" noValidate>
                <div className="field">
                  <label htmlFor={idOf('body')}>{text.answer}</label>
                  <textarea id={idOf('body')} rows={3} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
                </div>
                {answerer && (
                  <>
                    <div className="field">
                      <label htmlFor={idOf('status')}>{text.changeStatus}</label>
                      <select id={idOf('status')} value={status} onChange={(e) => setStatus(e.target.value as SupportStatus | '')}>
                        <option value="">{text.keepStatus}</option>
                        {SUPPORT_STATUSES.map((option) => (
                          <option key={option} value={option}>
                            {option}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div className="field">
                      <label htmlFor={idOf('assignee')}>{text.assign}</label>
                      <select id={idOf('assignee')} value={assignee} onChange={(e) => setAssignee(e.target.value)}>
                        <option value="">{text.keepStatus}</option>
                        {(people.data ?? []).map((p) => (
                          <option key={p.id} value={p.id}>
                            {person(p)}
                          </option>
                        ))}
                      </select>
                    </div>
                  </>
                )}
                {error && (
                  <p role="alert" className="field-error">
                    {error}
                  </p>
                )}
                <div className="form-actions">
                  <button type="submit" className="button-primary button-primary--padded" disabled={answer.isPending}>
                    {answer.isPending ? text.sending : text.sendAnswer}
                  </button>
                </div>
              </form>
            )}
          </>
        ) : (
          <QueryStatus query={ticket} />
        )
      }
    </Dialog>
  );
}
