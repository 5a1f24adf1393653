import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { updateMessages } from '../../domain/messages/shell';
import { whenUpdateAllowed } from '../lib/sending-gate';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/**
 * 'Hay una actualización disponible!' when a new service worker is waiting. It waits
 * for the person: 'Actualizar' activates it and reloads into the new version, but not
 * while the outbox is being sent or a form holds unsaved input (docs/sync-engine.md rule 14):
 * then it waits for that to end.
 */
export function UpdateBanner() {
  const [waiting, setWaiting] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
  if (!needRefresh) return null;
  const update = async () => {
    setWaiting(true);
    await whenUpdateAllowed();
    await updateServiceWorker(true);
  };
  return (
    <div className="update-banner" role="status">
      <span>{waiting ? updateMessages.waitingToUpdate : updateMessages.available}</span>
      <button type="button" disabled={waiting} aria-busy={waiting} onClick={() => void update()}>
        {updateMessages.reload}
      </button>
    </div>
  );
}
