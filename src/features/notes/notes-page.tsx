import {
  IonBadge,
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonItem,
  IonLabel,
  IonList,
  IonModal,
  IonTitle,
  IonToast,
  IonToolbar,
} from '@ionic/react';
import { useState } from 'react';
import type { Note } from '../../../domain/schemas/notes';
import { formatMoment } from '../../../domain/format';
import { messages } from '../../../domain/messages';
import { getErrorMessage } from '../../lib/api';
import { useMarkNoteSeen, useNotes } from './queries';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';

/** The person's notes; opening one shows it whole and lets them mark it seen. */
export default function NotesPage() {
  const notes = useNotes();
  const markSeen = useMarkNoteSeen();
  const [open, setOpen] = useState<Note | null>(null);
  const [toast, setToast] = useState<{ text: string; color: string } | null>(null);

  const confirmSeen = (note: Note) => {
    markSeen.mutate(note.id, {
      onSuccess: () => {
        setOpen(null);
        setToast({ text: messages.notes.markedSeen, color: 'success' });
      },
      onError: (error) => setToast({ text: getErrorMessage(error), color: 'danger' }),
    });
  };

  return (
    <ScreenPage title={messages.notes.title}>
      <QueryStatus query={notes} />
      {notes.data?.length === 0 && <p className="empty-state">{messages.notes.empty}</p>}
      {notes.data && notes.data.length > 0 && (
        <IonList>
          {notes.data.map((note) => (
            <IonItem key={note.id} button detail onClick={() => setOpen(note)}>
              <IonLabel>
                <h2>{note.title}</h2>
                <p>{formatMoment(note.created_at)}</p>
              </IonLabel>
              {!note.seen && (
                <IonBadge slot="end" color="warning">
                  {messages.notes.unseen}
                </IonBadge>
              )}
            </IonItem>
          ))}
        </IonList>
      )}
      <IonModal isOpen={open !== null} onDidDismiss={() => setOpen(null)} aria-label={open?.title}>
        {open && (
          <>
            <IonHeader>
              <IonToolbar>
                <IonTitle>{open.title}</IonTitle>
                <IonButtons slot="end">
                  <IonButton onClick={() => setOpen(null)}>{messages.notes.close}</IonButton>
                </IonButtons>
              </IonToolbar>
            </IonHeader>
            <IonContent className="ion-padding">
              <p className="note-body">{open.body}</p>
              <p>
                {open.author && `${messages.notes.from}: ${open.author.name} ${open.author.last} · `}
                {formatMoment(open.created_at)}
              </p>
              {!open.seen && (
                <IonButton expand="block" disabled={markSeen.isPending} onClick={() => confirmSeen(open)}>
                  {messages.notes.markSeen}
                </IonButton>
              )}
            </IonContent>
          </>
        )}
      </IonModal>
      <IonToast
        isOpen={toast !== null}
        message={toast?.text ?? ''}
        color={toast?.color}
        duration={3000}
        onDidDismiss={() => setToast(null)}
      />
    </ScreenPage>
  );
}
