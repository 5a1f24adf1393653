import {
  IonBadge,
  IonButton,
  IonButtons,
  IonContent,
  IonHeader,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonListHeader,
  IonModal,
  IonText,
  IonTitle,
  IonToolbar,
} from '@ionic/react';
import { alertCircleOutline, cloudDoneOutline, cloudOfflineOutline, cloudUploadOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { messages } from '../../domain/messages';
import { useSyncEngine, useSyncStatus } from './sync-context';
import { describeRow, formatAge, indicatorLabel } from './sync-text';

const text = messages.sync;

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The sync state in the top bar (sync-engine.md rule 15): online or not, how many changes
 * wait, and the last error; tapping it opens the details, 'Sincronizar ahora' and the
 * changes the server rejected.
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const engine = useSyncEngine();
  const [open, setOpen] = useState(false);
  const now = useNow(open);
  const label = indicatorLabel(status);
  const icon = !status.online
    ? cloudOfflineOutline
    : status.lastError || status.rejected.length > 0
      ? alertCircleOutline
      : status.pending > 0
        ? cloudUploadOutline
        : cloudDoneOutline;

  return (
    <>
      <IonButton className="sync-indicator" aria-label={label} title={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <IonIcon slot="start" icon={icon} aria-hidden="true" />
        {/* Wide screens also spell it out; the accessible name always does. */}
        <span className="sync-indicator__text" aria-hidden="true">
          {status.online ? text.online : text.offline}
        </span>
        {status.pending > 0 && (
          <IonBadge color="warning" className="app-header__badge" aria-hidden="true">
            {status.pending}
          </IonBadge>
        )}
      </IonButton>
      {open && (
        <IonModal isOpen={open} onDidDismiss={() => setOpen(false)} aria-label={text.title} className="sync-panel">
          <IonHeader>
            <IonToolbar>
              <IonTitle>{text.title}</IonTitle>
              <IonButtons slot="end">
                <IonButton onClick={() => setOpen(false)}>{text.close}</IonButton>
              </IonButtons>
            </IonToolbar>
          </IonHeader>
          <IonContent className="ion-padding">
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
            {status.rejected.length > 0 && (
              <IonList>
                <IonListHeader>
                  <IonLabel>
                    <h2>{text.rejectedTitle}</h2>
                  </IonLabel>
                </IonListHeader>
                {status.rejected.map((row) => (
                  <IonItem key={row.id}>
                    <IonLabel className="ion-text-wrap">
                      <h3>{describeRow(row)}</h3>
                      <IonText color="danger">{row.lastError}</IonText>
                      <div className="sync-panel__actions">
                        <IonButton size="small" onClick={() => void engine?.retry(row.id)}>
                          {text.retry}
                        </IonButton>
                        <IonButton size="small" fill="outline" color="danger" onClick={() => void engine?.discard(row.id)}>
                          {text.discard}
                        </IonButton>
                      </div>
                    </IonLabel>
                  </IonItem>
                ))}
              </IonList>
            )}
          </IonContent>
        </IonModal>
      )}
    </>
  );
}
