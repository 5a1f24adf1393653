import { useState } from 'react';
import type { Note } from '../../../domain/schemas/notes';
import { formatMoment } from '../../../domain/format';
import { notesMessages } from '../../../domain/messages/notes';
import { getErrorMessage } from '../../lib/api';
import { useMarkNoteSeen, useNotes } from './queries';
import { Dialog } from '../../ui/dialog';
import { useToast } from '../../ui/toast';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';
import '../../ui/plain-list.css';

/** The person's notes; opening one shows it whole and lets them mark it seen. */
export default function NotesPage() {
  const notes = useNotes();
  const markSeen = useMarkNoteSeen();
  const [open, setOpen] = useState<Note | null>(null);
  const [notify, toast] = useToast();

  const confirmSeen = (note: Note, close: () => void) => {
    markSeen.mutate(note.id, {
      onSuccess: () => {
        close();
        notify(notesMessages.markedSeen, 'success');
      },
      onError: (error) => notify(getErrorMessage(error), 'danger'),
    });
  };

  return (
    <ScreenPage
      title={notesMessages.title}
      overlays={
        <>
          {open && (
            <Dialog label={open.title} onClose={() => setOpen(null)}>
              {(close) => (
                <>
                  <p className="note-body">{open.body}</p>
                  <p>
                    {open.author && `${notesMessages.from}: ${open.author.name} ${open.author.last} · `}
                    {formatMoment(open.created_at)}
                  </p>
                  {!open.seen && (
                    <button
                      type="button"
                      className="button-primary button-block"
                      disabled={markSeen.isPending}
                      onClick={() => confirmSeen(open, close)}
                    >
                      {notesMessages.markSeen}
                    </button>
                  )}
                </>
              )}
            </Dialog>
          )}
          {toast}
        </>
      }
    >
      <QueryStatus query={notes} />
      {notes.data?.length === 0 && <p className="empty-state">{notesMessages.empty}</p>}
      {notes.data && notes.data.length > 0 && (
        <ul className="plain-list">
          {notes.data.map((note) => (
            <li key={note.id}>
              <button type="button" className="plain-list__button" aria-haspopup="dialog" onClick={() => setOpen(note)}>
                <span className="plain-list__text">
                  <span className="plain-list__title">{note.title}</span>
                  <span className="plain-list__detail">{formatMoment(note.created_at)}</span>
                </span>
                {!note.seen && <span className="plain-badge plain-badge--warning">{notesMessages.unseen}</span>}
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
