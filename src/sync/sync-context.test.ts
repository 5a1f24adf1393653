import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commonMessages } from '../../domain/messages/shell';
import { shippingMessages } from '../../domain/messages/shipping';
import { openSyncDatabase, type LocalShipping, type SyncDatabase } from '../../sync/db';
import { SyncEngine } from '../../sync/engine';
import { readSyncStatus } from '../../sync/status';
import { runCommand } from './sync-context';

let db: SyncDatabase;
let engine: SyncEngine;

const shipping = (over: Partial<LocalShipping> = {}): LocalShipping => ({
  id: 12,
  date: '2025-03-10',
  driver_id: 7,
  driver: { id: 7, name: 'Miguel', last: 'Hernández' },
  vehicle_id: 1,
  vehicle: { id: 1, name: 'Camioneta 1' },
  initial_km: 50_000,
  final_km: null,
  km_capture_time_start: '2025-03-10 07:10',
  km_capture_time: null,
  route: null,
  weight: 0,
  note: null,
  created_at: '2025-03-09T17:00:00Z',
  updated_at: '2025-03-09T17:00:00Z',
  created_by_user_id: 2,
  last_updated_by_user_id: 2,
  user_id: 2,
  _gen: 0,
  ...over,
});

beforeEach(async () => {
  db = openSyncDatabase(`commands-${crypto.randomUUID()}`);
  await db.shippings.put(shipping());
  // Not started: the command is only written to the device, nothing is sent.
  engine = new SyncEngine({ db, transport: { baseUrl: '', fetch: globalThis.fetch }, userId: 7, getToken: () => 'token' });
});
afterEach(async () => {
  await engine.stop();
  db.close();
  await Dexie.delete(db.name);
});

describe('running a command from a screen', () => {
  it('takes it: the route changes on the device and one change waits to be sent', async () => {
    const refusal = await runCommand(engine, 'finishRoute', { shippingId: 12, final_km: 50_080, km_capture_time: '2025-03-10 15:02' });
    expect(refusal).toBeNull();
    expect((await db.shippings.get(12))?.final_km).toBe(50_080);
    const status = await readSyncStatus(db, 7);
    expect(status.pending).toBe(1);
    expect(status.pendingRecords.has('shipping:12')).toBe(true);
  });

  it('gives back the engine’s Spanish reason when it refuses, and changes nothing', async () => {
    const refusal = await runCommand(engine, 'finishRoute', { shippingId: 12, final_km: 49_000, km_capture_time: '2025-03-10 15:02' });
    expect(refusal).toBe(shippingMessages.finalBelowInitial);
    expect((await db.shippings.get(12))?.final_km).toBeNull();
    expect((await readSyncStatus(db, 7)).pending).toBe(0);
  });

  it('says something went wrong when there is no engine yet', async () => {
    expect(await runCommand(null, 'startRoute', { shippingId: 12, initial_km: 1, km_capture_time_start: '2025-03-10 07:00' })).toBe(
      commonMessages.genericError,
    );
  });
});
