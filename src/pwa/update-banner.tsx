import { useRegisterSW } from 'virtual:pwa-register/react';
import { messages } from '../../domain/messages';

/** How often an open app asks whether a new version was deployed. */
const UPDATE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/**
 * 'Hay una actualización disponible!' when a new service worker is waiting. It waits
 * for the person: 'Actualizar' activates it and reloads into the new version.
 */
export function UpdateBanner() {
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
  return (
    <div className="update-banner" role="status">
      <span>{messages.update.available}</span>
      <button type="button" onClick={() => void updateServiceWorker(true)}>
        {messages.update.reload}
      </button>
    </div>
  );
}
