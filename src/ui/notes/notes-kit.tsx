import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatMoment } from '../../../domain/format';
import { notesMessages } from '../../../domain/messages/notes';
import { noteInputSchema, type NoteRecord, type NoteThread } from '../../../domain/schemas/notes';
import type { WriteNote } from '../../../sync/commands';
import { useCommand, useSyncStatus } from '../../sync/sync-context';
import { RefusedChanges } from '../sync/refused-changes';
import { Dialog } from '../dialog';
import { FormActions } from '../form-actions';
import { shellMessages } from '../../../domain/messages/shell';
import { recordNotesQueryOptions } from './note-queries';
import { notePeopleOptions, noteRolesOptions, usePendingNotes } from './note-writing';
import './notes.css';

const text = notesMessages;

const person = (p: { name: string; last: string }) => `${p.name} ${p.last}`;

/**
 * 'Nueva nota' / 'Responder': to people and roles (a reply goes to everyone in its conversation),
 * about a record when written on its page. The note goes through the device's outbox: written
 * without signal, it leaves when the signal is back, and nothing is lost (docs/sync-engine.md).
 */
export function NoteComposer({
  record = null,
  thread = null,
  onClose,
  onTaken,
}: {
  record?: NoteRecord | null;
  /** A reply: the conversation it answers. */
  thread?: string | null;
  onClose: () => void;
  /** The note was kept on the device (sent at once with signal); what to tell the person. */
  onTaken: (message: string) => void;
}) {
  const reply = thread !== null;
  const people = useQuery({ ...notePeopleOptions(), enabled: !reply });
  const roles = useQuery({ ...noteRolesOptions(), enabled: !reply });
  const [userIds, setUserIds] = useState<number[]>([]);
  const [roleIds, setRoleIds] = useState<number[]>([]);
  const [filter, setFilter] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const command = useCommand();
  const { online } = useSyncStatus();
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);
  const shown = (people.data ?? []).filter((p) => person(p).toLowerCase().includes(filter.trim().toLowerCase()));

  const submit = async (event: FormEvent, close: () => void) => {
    event.preventDefault();
    const parsed = noteInputSchema.safeParse({
      title: title.trim() || null,
      body,
      user_ids: userIds,
      role_ids: roleIds,
      record,
      thread_id: thread,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    // The server finds who an @mention names; without one, someone must be chosen.
    if (!reply && userIds.length === 0 && roleIds.length === 0 && !/@\w/.test(body)) {
      setError(text.noRecipients);
      return;
    }
    const note: WriteNote = {
      title: parsed.data.title ?? null,
      body: parsed.data.body,
      user_ids: parsed.data.user_ids,
      role_ids: parsed.data.role_ids,
      record: parsed.data.record ?? null,
      thread_id: parsed.data.thread_id ?? null,
    };
    setSending(true);
    const refusal = await command('writeNote', note);
    setSending(false);
    if (refusal) {
      setError(refusal);
      return;
    }
    onTaken(online ? text.sentOk : text.queued);
    close();
  };

  return (
    <Dialog label={reply ? text.replyTitle : text.writeTitle} onClose={onClose}>
      {(close) => (
        <form onSubmit={(event) => void submit(event, close)} className="filter-form note-composer" noValidate>
          {!reply && (
            <>
              <fieldset className="filter-form__group">
                <legend>{text.people}</legend>
                <input
                  type="search"
                  aria-label={text.findPerson}
                  placeholder={text.findPerson}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                />
                <div className="check-list note-composer__people">
                  {shown.map((p) => (
                    <label key={p.id} className="check-list__option">
                      <input type="checkbox" checked={userIds.includes(p.id)} onChange={() => setUserIds((ids) => toggle(ids, p.id))} />
                      {person(p)}
                      {p.job_position ? ` · ${p.job_position}` : ''}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset className="filter-form__group">
                <legend>{text.roles}</legend>
                <div className="check-list">
                  {(roles.data ?? []).map((role) => (
                    <label key={role.id} className="check-list__option">
                      <input
                        type="checkbox"
                        checked={roleIds.includes(role.id)}
                        onChange={() => setRoleIds((ids) => toggle(ids, role.id))}
                      />
                      {role.name}
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="field">
                <label htmlFor={idOf('title')}>{text.noteTitle}</label>
                <input id={idOf('title')} maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
              </div>
            </>
          )}
          <div className="field">
            <label htmlFor={idOf('body')}>{text.body}</label>
            <textarea
              id={idOf('body')}
              rows={4}
              maxLength={2000}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              aria-describedby={idOf('hint')}
            />
            <p id={idOf('hint')} className="field-hint">
              {text.mentionHint}
            </p>
          </div>
          <FormActions
            serverError={error}
            pending={sending}
            onCancel={close}
            labels={{ cancel: shellMessages.cancel, save: text.send, saving: text.sending }}
          />
        </form>
      )}
    </Dialog>
  );
}

/** Notes one after another: who wrote each, to whom, when; those still on this device marked so. */
export function NoteEntries({ notes, pending }: { notes: NoteThread; pending: readonly WriteNote[] }) {
  if (notes.length === 0 && pending.length === 0) return <p className="empty-state">{text.noNotesOnRecord}</p>;
  return (
    <ol className="note-entries">
      {notes.map((note) => (
        <li key={note.sent_id} className="note-entry">
          <p className="note-entry__meta">
            <strong>{note.author ? person(note.author) : '—'}</strong> · {formatMoment(note.created_at)}
          </p>
          <p className="note-entry__to">
            {text.to}: {note.recipients.map(person).join(', ')}
          </p>
          <p className="note-body">{note.body}</p>
        </li>
      ))}
      {pending.map((note, index) => (
        <li key={`pending-${index}`} className="note-entry note-entry--pending">
          <p className="note-entry__meta">
            <span className="plain-badge plain-badge--warning">{text.pending}</span>
          </p>
          <p className="note-body">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The notes written on a record (a sale, a customer, a route), with 'Escribir nota'. */
export function RecordNotes({ record, onTaken }: { record: NoteRecord; onTaken: (message: string) => void }) {
  const notes = useQuery(recordNotesQueryOptions(record));
  const pending = usePendingNotes().filter((note) => note.record?.type === record.type && note.record.id === record.id);
  const [writing, setWriting] = useState(false);
  return (
    <div className="record-notes">
      <RefusedChanges lane={(lane) => lane === 'notes'} />
      {notes.data ? <NoteEntries notes={notes.data} pending={pending} /> : <p className="field-hint">{text.loading}</p>}
      <button type="button" className="outline-button" aria-haspopup="dialog" onClick={() => setWriting(true)}>
        {text.write}
      </button>
      {writing && <NoteComposer record={record} onClose={() => setWriting(false)} onTaken={onTaken} />}
    </div>
  );
}
