import { alertCircleOutline, cloudDoneOutline, cloudOfflineOutline, cloudUploadOutline } from 'ionicons/icons';
import { lazy, Suspense, useState } from 'react';
import { Icon } from '../icon';
import { ScreenLoading } from '../screen-loading';
import { useSyncStatus } from '../../sync/sync-context';
import { indicatorLabel, indicatorText } from '../../sync/sync-text';

const SyncPanel = lazy(() => import('./sync-panel'));

/**
 * The sync state in the top bar (docs/sync-engine.md rule 15): online or not, how many changes
 * wait, and the last error; tapping it opens the details. A plain button: it is drawn at
 * every start, the driver's light one included.
 */
export function SyncIndicator() {
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const label = indicatorLabel(status);
  const needsThePerson = status.rejected.length > 0 || status.stuck.length > 0;
  const icon = needsThePerson
    ? alertCircleOutline
    : !status.online
      ? cloudOfflineOutline
      : status.lastError
        ? alertCircleOutline
        : status.pending > 0
          ? cloudUploadOutline
          : cloudDoneOutline;

  return (
    <>
      <button
        type="button"
        className={`bar-button sync-indicator${needsThePerson ? ' sync-indicator--refused' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Icon icon={icon} />
        {/* Wide screens also spell it out (a refused change on every screen); the accessible name always does. */}
        <span className={needsThePerson ? 'sync-indicator__alert' : 'sync-indicator__text'} aria-hidden="true">
          {indicatorText(status)}
        </span>
        {/* A space between the words and the count, so the visible text reads as the name does. */}
        {status.pending > 0 && ' '}
        {status.pending > 0 && (
          <span className="bar-badge bar-badge--warning" aria-hidden="true">
            {status.pending}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={<ScreenLoading />}>
          <SyncPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
