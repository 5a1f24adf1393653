import { openSyncDatabase, type SyncDatabase } from '../../sync/db';

let database: SyncDatabase | null = null;

/**
 * The device's store, one connection per page. It is kept on sign-out: the outbox
 * belongs to the person who made it (docs/sync-engine.md rule 12). When another tab opens a
 * newer version of the store, this page closes its connection and reloads into the new
 * version of the app (rule 13).
 */
export function getSyncDatabase(reload: () => void = () => window.location.reload()): SyncDatabase {
  if (database) return database;
  const db = openSyncDatabase();
  db.on('versionchange', () => {
    db.close();
    reload();
    return false;
  });
  database = db;
  return db;
}

/** Asks the browser not to evict the store under storage pressure (rule 13); once per sign-in. */
export async function requestPersistentStorage(storage: StorageManager | undefined = globalThis.navigator?.storage): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted?.()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
