import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { noteRecordPath, type Note } from '../../../domain/schemas/notes';
import { formatMoment } from '../../../domain/format';
import { notesMessages } from '../../../domain/messages/notes';
import { getErrorMessage } from '../../lib/api';
import { threadQueryOptions, useNotes, useUpdateNote } from '../../ui/notes/note-queries';
import { usePendingNotes } from '../../ui/notes/note-writing';
import { NoteComposer, NoteEntries } from '../../ui/notes/notes-kit';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import { RefusedChanges } from '../../ui/sync/refused-changes';
import { AppLink } from '../../ui/app-link';
import '../../ui/plain-list.css';

const text = notesMessages;

/**
 * `/notes`: the notes written to the person, unseen first in the bell's count; opening one shows
 * its conversation, marks it seen, and lets them answer or archive it. 'Escribir nota' writes one.
 */
export default function NotesPage() {
  const notes = useNotes();
  const update = useUpdateNote();
  const [open, setOpen] = useState<Note | null>(null);
  const [writing, setWriting] = useState(false);
  const [archived, setArchived] = useState(false);
  const [notify, toast] = useToast();
  const shown = notes.data?.filter((note) => (note.archived ?? false) === archived);

  const archive = (note: Note, close: () => void) =>
    update.mutate(
      { id: note.id, archived: !note.archived },
      {
        onSuccess: () => {
          close();
          notify(note.archived ? text.unarchivedOk : text.archivedOk, 'success');
        },
        onError: (error) => notify(getErrorMessage(error), 'danger'),
      },
    );

  return (
    <ScreenPage
      title={text.title}
      overlays={
        <>
          {open && <NoteDialog note={open} onArchive={archive} onClose={() => setOpen(null)} notify={notify} />}
          {writing && <NoteComposer onClose={() => setWriting(false)} onTaken={(message) => notify(message, 'success')} />}
          {toast}
        </>
      }
    >
      <div className="notes-page__actions">
        <div className="segmented" role="group" aria-label={text.title}>
          <button type="button" className="segmented__option" aria-pressed={!archived} onClick={() => setArchived(false)}>
            {text.inbox}
          </button>
          <button type="button" className="segmented__option" aria-pressed={archived} onClick={() => setArchived(true)}>
            {text.archived}
          </button>
        </div>
        <button type="button" className="button-primary" aria-haspopup="dialog" onClick={() => setWriting(true)}>
          {text.write}
        </button>
      </div>
      <RefusedChanges lane={(lane) => lane === 'notes'} />
      <QueryStatus query={notes} />
      {shown?.length === 0 && <p className="empty-state">{archived ? text.emptyArchived : text.empty}</p>}
      {shown && shown.length > 0 && (
        <ul className="plain-list">
          {shown.map((note) => (
            <li key={note.id}>
              <button type="button" className="plain-list__button" aria-haspopup="dialog" onClick={() => setOpen(note)}>
                <span className="plain-list__text">
                  <span className="plain-list__title">{note.title}</span>
                  <span className="plain-list__detail">
                    {note.author ? `${note.author.name} ${note.author.last} · ` : ''}
                    {formatMoment(note.created_at)}
                    {note.record ? ` · ${text.about[note.record.type](note.record.id)}` : ''}
                  </span>
                </span>
                {note.mentioned && <span className="plain-badge">{text.mentionedYou}</span>}
                {!note.seen && <span className="plain-badge plain-badge--warning">{text.unseen}</span>}
                <span className="plain-list__chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ScreenPage>
  );
}

/** One note opened: its whole conversation, seen as it opens, with 'Responder' and 'Archivar'. */
function NoteDialog({
  note,
  onArchive,
  onClose,
  notify,
}: {
  note: Note;
  onArchive: (note: Note, close: () => void) => void;
  onClose: () => void;
  notify: (message: string, color: 'success' | 'danger') => void;
}) {
  const thread = note.thread_id ?? `n${note.id}`;
  const conversation = useQuery(threadQueryOptions(thread));
  const pending = usePendingNotes().filter((pendingNote) => pendingNote.thread_id === thread);
  const update = useUpdateNote();
  const [replying, setReplying] = useState(false);
  const { mutate } = update;
  useEffect(() => {
    if (!note.seen) mutate({ id: note.id, seen: true });
  }, [note.id, note.seen, mutate]);

  return (
    <Dialog label={note.title} onClose={onClose}>
      {(close) => (
        <>
          {note.record && (
            <p className="field-hint">
              <AppLink href={noteRecordPath(note.record)}>{text.about[note.record.type](note.record.id)}</AppLink>
            </p>
          )}
          {conversation.data ? (
            <NoteEntries notes={conversation.data} pending={pending} />
          ) : (
            <QueryStatus query={conversation} loading={text.loading} />
          )}
          <div className="form-actions">
            <button type="button" className="outline-button" onClick={() => onArchive(note, close)}>
              {note.archived ? text.unarchive : text.archive}
            </button>
            <button type="button" className="button-primary" aria-haspopup="dialog" onClick={() => setReplying(true)}>
              {text.reply}
            </button>
          </div>
          {replying && (
            <NoteComposer thread={thread} onClose={() => setReplying(false)} onTaken={(message) => notify(message, 'success')} />
          )}
        </>
      )}
    </Dialog>
  );
}
