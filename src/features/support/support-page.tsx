import {
  IonButton,
  IonCard,
  IonCardContent,
  IonCardHeader,
  IonCardTitle,
  IonInput,
  IonItem,
  IonLabel,
  IonList,
  IonTextarea,
  IonToast,
} from '@ionic/react';
import { useState } from 'react';
import { messages } from '../../../domain/messages';
import { newSupportTicketSchema } from '../../../domain/schemas/support';
import { formatMoment } from '../../../domain/format';
import { Pager } from '../../ui/pager';
import { getErrorMessage } from '../../lib/api';
import { useCreateSupportTicket, useSupportTickets } from './queries';
import { QueryStatus } from '../../ui/query-status';
import { ScreenPage } from '../../ui/screen-chrome';

const text = messages.support;

/** 'Soporte' (user id 1): report a problem and read the reported ones. */
export default function SupportPage() {
  const [description, setDescription] = useState('');
  const [descriptionError, setDescriptionError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState<number>(15);
  const [toast, setToast] = useState<{ text: string; color: string } | null>(null);
  const tickets = useSupportTickets({ description: search, page, itemsPerPage });
  const create = useCreateSupportTicket();
  const total = tickets.data?.meta.total ?? 0;
  const size = itemsPerPage === 0 ? Math.max(total, 1) : itemsPerPage;
  const lastPage = Math.max(1, Math.ceil(total / size));
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);

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
        setToast({ text: text.sent, color: 'success' });
      },
      onError: (error) => setToast({ text: getErrorMessage(error), color: 'danger' }),
    });
  };

  return (
    <ScreenPage title={text.title}>
      <IonCard>
        <IonCardHeader>
          <IonCardTitle>{text.newTicket}</IonCardTitle>
        </IonCardHeader>
        <IonCardContent>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <IonTextarea
              label={text.description}
              labelPlacement="stacked"
              fill="outline"
              autoGrow
              rows={3}
              maxlength={2000}
              helperText={text.descriptionHint}
              errorText={descriptionError ?? undefined}
              className={descriptionError ? 'ion-invalid ion-touched' : ''}
              value={description}
              onIonInput={(e) => setDescription(String(e.detail.value ?? ''))}
            />
            <IonButton type="submit" disabled={create.isPending}>
              {create.isPending ? text.sending : text.send}
            </IonButton>
          </form>
        </IonCardContent>
      </IonCard>

      {/* IonInput rather than IonSearchbar: the searchbar labels its input in English. */}
      <IonInput
        type="search"
        label={text.search}
        labelPlacement="stacked"
        fill="outline"
        debounce={300}
        clearInput
        value={search}
        onIonInput={(e) => {
          setSearch(String(e.detail.value ?? ''));
          setPage(1);
        }}
      />
      <QueryStatus query={tickets} />
      {tickets.data?.data.length === 0 && <p className="empty-state">{text.empty}</p>}
      {tickets.data && tickets.data.data.length > 0 && (
        <IonList aria-busy={tickets.isFetching}>
          {tickets.data.data.map((ticket) => (
            <IonItem key={ticket.id}>
              <IonLabel className="ion-text-wrap">
                <h2>{ticket.description}</h2>
                <p>
                  {text.createdBy}: {ticket.user.name} {ticket.user.last} · {formatMoment(ticket.created_at)} · {text.status}:{' '}
                  {ticket.status}
                </p>
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      )}
      <Pager
        itemsPerPage={itemsPerPage}
        onItemsPerPage={setItemsPerPage}
        page={page}
        onPage={setPage}
        lastPage={lastPage}
        range={{ from, to, total }}
      />
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
