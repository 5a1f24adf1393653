import type { OutboxRow, SyncDatabase } from './db';
import { readMeta } from './db';

export interface SyncStatus {
  /** Rows waiting to reach the server (pending or being sent). */
  pending: number;
  /** When the person took the oldest of them (device time, for display). */
  oldestPendingAt: number | null;
  lastError: { message: string; at: number } | null;
  /** The server refused the session: nothing is sent until the person signs in again. */
  authPaused: boolean;
  rejected: OutboxRow[];
  lastPulledAt: number | null;
  /** Records with a change not yet acknowledged, as 'detail:40'. */
  pendingRecords: Set<string>;
}

/** The sync state every screen may show (docs/sync-engine.md rule 15), read from the device store. */
export async function readSyncStatus(db: SyncDatabase, userId: number): Promise<SyncStatus> {
  const rows = (await db.outbox.toArray()).filter((row) => row.userId === userId);
  const waiting = rows.filter((row) => row.state !== 'rejected');
  return {
    pending: waiting.length,
    oldestPendingAt: waiting.reduce<number | null>((min, row) => (min === null ? row.createdAt : Math.min(min, row.createdAt)), null),
    lastError: (await readMeta<{ message: string; at: number } | null>(db, 'lastError')) ?? null,
    authPaused: (await readMeta<boolean>(db, 'authPaused')) ?? false,
    rejected: rows.filter((row) => row.state === 'rejected').sort((a, b) => a.seq - b.seq),
    lastPulledAt: (await readMeta<number>(db, 'lastPulledAt')) ?? null,
    pendingRecords: new Set(waiting.flatMap((row) => row.records)),
  };
}
