import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../sync/db';
import { getSyncDatabase } from './database';

describe('the device store', () => {
  it('is one connection per page, which closes and reloads when another tab opens a newer version', async () => {
    const reload = vi.fn();
    const db = getSyncDatabase(reload);
    expect(getSyncDatabase(reload)).toBe(db);
    await db.open();

    const newer = new Dexie(DATABASE_NAME);
    newer.version(100).stores({ meta: 'key' });
    await newer.open();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(false);
    newer.close();
    await Dexie.delete(DATABASE_NAME);
  });
});
