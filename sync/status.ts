import type { MetaKey, OutboxRow, SyncDatabase } from './db';

export interface SyncStatus {
  /** Rows waiting to reach the server (pending or being sent). */
  pending: number;
  /** When the person took the oldest of them (device time, for display). */
  oldestPendingAt: number | null;
  lastError: { message: string; at: number } | null;
  /** The server refused the session: nothing is sent until the person signs in again. */
  authPaused: boolean;
  rejected: OutboxRow[];
  /** Waiting rows the server failed on STUCK_AFTER times in a row: still retried, and shown. */
  stuck: OutboxRow[];
  lastPulledAt: number | null;
  /** Records with a change not yet acknowledged, as 'detail:40'. */
  pendingRecords: Set<string>;
}

/** Server failures in a row after which a waiting change is shown as stuck (about a minute of retries). */
export const STUCK_AFTER = 3;

/** The sync state every screen may show (docs/sync-engine.md rule 15), read from the device store. */
export async function readSyncStatus(db: SyncDatabase, userId: number): Promise<SyncStatus> {
  // Read again after every write to the outbox or the meta table (it is a live query): one
  // read of each table rather than one per figure.
  const [outbox, [lastError, authPaused, lastPulledAt]] = await Promise.all([
    db.outbox.toArray(),
    db.meta.bulkGet(['lastError', 'authPaused', 'lastPulledAt'] satisfies MetaKey[]),
  ]);
  const rows = outbox.filter((row) => row.userId === userId);
  const waiting = rows.filter((row) => row.state !== 'rejected');
  return {
    pending: waiting.length,
    oldestPendingAt: waiting.reduce<number | null>((min, row) => (min === null ? row.createdAt : Math.min(min, row.createdAt)), null),
    lastError: (lastError?.value as { message: string; at: number } | null | undefined) ?? null,
    authPaused: (authPaused?.value as boolean | undefined) ?? false,
    rejected: rows.filter((row) => row.state === 'rejected').sort((a, b) => a.seq - b.seq),
    stuck: waiting.filter((row) => (row.serverFailures ?? 0) >= STUCK_AFTER).sort((a, b) => a.seq - b.seq),
    lastPulledAt: (lastPulledAt?.value as number | undefined) ?? null,
    pendingRecords: new Set(waiting.flatMap((row) => row.records)),
  };
}
