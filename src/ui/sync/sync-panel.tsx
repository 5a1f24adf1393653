import { IonButton, IonItem, IonLabel, IonList, IonListHeader, IonText } from '@ionic/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { OutboxRow } from '../../../sync/db';
import '../ionic-setup';
import { Dialog } from '../dialog';
import { syncMessages } from '../../../domain/messages/sync';
import { useSyncEngine, useSyncStatus } from '../../sync/sync-context';
import { describeRow, formatAge } from '../../sync/sync-text';

const text = syncMessages;

/** Now, refreshed every 15 s, so the ages in the panel move while it is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The sync details (docs/sync-engine.md rule 15): connection, what waits and since when, the last
 * error, 'Sincronizar ahora', and the changes the server rejected with Reintentar/Descartar.
 * Loaded only when opened: it is the one part of the indicator that needs Ionic.
 */
export default function SyncPanel({ onClose }: { onClose: () => void }) {
  const status = useSyncStatus();
  const engine = useSyncEngine();
  const now = useNow();

  return (
    <Dialog label={text.title} onClose={onClose}>
      {status.authPaused && (
        <p role="alert" className="sync-panel__notice">
          <IonText color="danger">{text.authPaused}</IonText>
        </p>
      )}
      <IonList lines="full">
        <IonItem>
          <IonLabel>{status.online ? text.online : text.offline}</IonLabel>
        </IonItem>
        <IonItem>
          <IonLabel>
            <h2>{status.sending ? text.sending : status.pending === 0 ? text.synced : text.pending(status.pending)}</h2>
            {status.oldestPendingAt !== null && <p>{text.oldestPending(formatAge(status.oldestPendingAt, now))}</p>}
          </IonLabel>
        </IonItem>
        {status.lastError && (
          <IonItem>
            <IonLabel className="ion-text-wrap">
              <p>
                {text.lastError} · {formatAge(status.lastError.at, now)}
              </p>
              <IonText color="danger">{status.lastError.message}</IonText>
            </IonLabel>
          </IonItem>
        )}
        <IonItem lines="none">
          <IonLabel>
            <p>{status.lastPulledAt === null ? text.neverPulled : text.lastPulled(formatAge(status.lastPulledAt, now))}</p>
          </IonLabel>
        </IonItem>
      </IonList>
      <IonButton expand="block" disabled={!engine} onClick={() => engine?.wake()}>
        {text.syncNow}
      </IonButton>
      <RowsSection title={text.rejectedTitle} help={text.rejectedHelp} rows={status.rejected}>
        {(row) => (
          <div className="sync-panel__actions">
            <IonButton size="small" onClick={() => void engine?.retry(row.id)}>
              {text.retry}
            </IonButton>
            <IonButton size="small" fill="outline" color="danger" onClick={() => void engine?.discard(row.id)}>
              {text.discard}
            </IonButton>
          </div>
        )}
      </RowsSection>
      <RowsSection title={text.stuckTitle} help={text.stuckHelp} rows={status.stuck}>
        {(row) => <p>{text.oldestPending(formatAge(row.createdAt, now))}</p>}
      </RowsSection>
    </Dialog>
  );
}

/** Rows that need the person (refused, stuck): what each was, the server's words, and what can be done with it. */
function RowsSection({
  title,
  help,
  rows,
  children,
}: {
  title: string;
  help: string;
  rows: readonly OutboxRow[];
  children: (row: OutboxRow) => ReactNode;
}) {
  if (rows.length === 0) return null;
  return (
    <IonList>
      <IonListHeader>
        <IonLabel className="ion-text-wrap">
          <h2>{title}</h2>
          <p>{help}</p>
        </IonLabel>
      </IonListHeader>
      {rows.map((row) => (
        <IonItem key={row.id}>
          <IonLabel className="ion-text-wrap">
            <h3>{describeRow(row)}</h3>
            <IonText color="danger">{row.lastError}</IonText>
            {children(row)}
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}
