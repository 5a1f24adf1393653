import { syncMessages } from '../../../domain/messages/sync';
import type { OutboxRow } from '../../../sync/db';
import { useSyncEngine, useSyncStatus } from '../../sync/sync-context';
import { describeRow } from '../../sync/sync-text';

const text = syncMessages;

/**
 * The changes made on this screen that the server refused, where they were made: what each
 * was, the server's reason, what to do, and Reintentar / Descartar — beside the sync button's
 * 'N cambios rechazados', so a refused count or delivery never just vanishes from the screen.
 * `lane` picks the screen's own (a route's, a count's).
 */
export function RefusedChanges({ lane }: { lane: (lane: string) => boolean }) {
  const status = useSyncStatus();
  const engine = useSyncEngine();
  const refused = status.rejected.filter((row) => lane(row.lane));
  if (refused.length === 0) return null;
  return (
    <section className="refused-changes" role="alert" aria-label={text.rejectedCount(refused.length)}>
      <h2 className="refused-changes__title">{text.rejectedCount(refused.length)}</h2>
      <p className="refused-changes__help">{text.rejectedHelp}</p>
      <ul className="refused-changes__list">
        {refused.map((row) => (
          <RefusedRow key={row.id} row={row} onRetry={() => void engine?.retry(row.id)} onDiscard={() => void engine?.discard(row.id)} />
        ))}
      </ul>
    </section>
  );
}

function RefusedRow({ row, onRetry, onDiscard }: { row: OutboxRow; onRetry: () => void; onDiscard: () => void }) {
  const item = (row.payload as { item_name?: unknown; shelf?: unknown }) ?? {};
  const what =
    typeof item.item_name === 'string'
      ? `${describeRow(row)}: ${item.item_name}${typeof item.shelf === 'string' ? ` · ${item.shelf}` : ''}`
      : describeRow(row);
  return (
    <li className="refused-changes__row">
      <strong>{what}</strong>
      <span className="refused-changes__reason">{row.lastError}</span>
      <span className="refused-changes__actions">
        <button type="button" className="outline-button" onClick={onRetry}>
          {text.retry}
        </button>
        <button type="button" className="outline-button outline-button--danger" onClick={onDiscard}>
          {text.discard}
        </button>
      </span>
    </li>
  );
}
