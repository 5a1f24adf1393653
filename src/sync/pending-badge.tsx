import { IonBadge } from '@ionic/react';
import { messages } from '../../domain/messages';
import { useIsPending } from './sync-context';

/** 'Pendiente de sincronizar' while any of these records has a change the server has not acknowledged. */
export function PendingBadge({ records, slot }: { records: string | readonly string[]; slot?: string }) {
  const pending = useIsPending(records);
  if (!pending) return null;
  return (
    <IonBadge color="warning" className="pending-badge" slot={slot}>
      {messages.sync.pendingBadge}
    </IonBadge>
  );
}
