import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { physicalInventoryMessages } from '../../domain/messages/physical-inventory';
import { physicalInventorySchema } from '../../domain/schemas/physical-inventory';
import { physicalInventoryCounts } from '../../server/db/schema';
import type { ShelfCount } from '../../sync/commands';
import { readSyncStatus } from '../../sync/status';
import { bearer, loginAs, type TestApp } from '../server/test-app';
import { Clock, FaultyNetwork, openDevice, startServer, syncUntilQuiet, type Device } from './harness';

/** The warehouse tablet counting shelves through the outbox, against the real server. */
let server: TestApp & { baseUrl: string };
let warehouse: string;
let admin: string;
let items: { id: number; name: string }[];
const open: Device[] = [];

beforeAll(async () => {
  server = await startServer();
  [warehouse, admin] = await Promise.all([loginAs(server.app, 'almacen@demo.mx'), loginAs(server.app, 'admin@demo.mx')]);
  const found = (await server.database.db.execute(
    sql`SELECT id, name FROM items WHERE deleted_at IS NULL ORDER BY id LIMIT 3`,
  )) as unknown as {
    rows: { id: number; name: string }[];
  };
  items = found.rows;
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.engine.stop()));
});
afterAll(() => server.close());

/** A fresh open count of the warehouse's branch (the previous one closed first). */
async function openCount(): Promise<number> {
  const db = server.database.db;
  await db.execute(sql`UPDATE physical_inventories SET status = 'Cerrado', closed_at = now() WHERE status = 'Abierto'`);
  const opened = await server.app.inject({ method: 'POST', url: '/api/v2/physical_inventories', headers: bearer(warehouse), payload: {} });
  return physicalInventorySchema.parse(opened.json()).id;
}

async function tablet(network = new FaultyNetwork(), clock = new Clock()) {
  const d = await openDevice(server, 'almacen@demo.mx', { network, clock, token: warehouse });
  open.push(d);
  await d.engine.start();
  await d.engine.senderReady;
  await syncUntilQuiet(d, clock);
  return { d, network, clock };
}

const counting = (inventoryId: number, shelf: string, item: { id: number; name: string }, quantity: number): ShelfCount => ({
  inventoryId,
  shelf,
  item_id: item.id,
  item_name: item.name,
  unit: 'kg',
  quantity,
  counted_at: new Date().toISOString(),
});
const serverLines = async (inventoryId: number) =>
  (await server.database.db.select().from(physicalInventoryCounts).where(eq(physicalInventoryCounts.physical_inventory_id, inventoryId)))
    .map((row) => [row.shelf, row.item_id, row.quantity])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1]));

describe('physical counts through the outbox', () => {
  it('counts taken offline are kept on the tablet and reach the server once when the network is back', async () => {
    const id = await openCount();
    const { d, network, clock } = await tablet();
    expect((await d.db.physicalInventories.get(id))?.status).toBe('Abierto');

    network.online = false;
    await d.engine.command('countShelfItem', counting(id, 'A-1', items[0]!, 12.5));
    await d.engine.command('countShelfItem', counting(id, 'A-1', items[1]!, 3));
    await syncUntilQuiet(d, clock, { rounds: 3 });
    expect((await d.db.physicalInventories.get(id))!.lines.map((l) => [l.shelf, l.item_id, l.quantity])).toEqual(
      expect.arrayContaining([
        ['A-1', items[0]!.id, 12.5],
        ['A-1', items[1]!.id, 3],
      ]),
    );
    expect((await readSyncStatus(d.db, d.engine.userId)).pendingRecords.has(`physical:${id}`)).toBe(true);
    expect(await serverLines(id)).toEqual([]);

    network.online = true;
    await d.engine.connectivityRestored();
    await syncUntilQuiet(d, clock);
    expect(await d.db.outbox.count()).toBe(0);
    const sends = network.sent('PUT', /\/physical_inventories\/\d+\/counts$/);
    expect(sends.map((s) => s.status)).toEqual([200, 200]);
    expect(new Set(sends.map((s) => s.idempotencyKey)).size).toBe(2);
    expect(await serverLines(id)).toEqual([
      ['A-1', items[0]!.id, 12.5],
      ['A-1', items[1]!.id, 3],
    ]);
  });

  it('an answer lost after the server saved the count: the retry gets the stored answer, one line', async () => {
    const id = await openCount();
    const { d, network, clock } = await tablet();
    network.fail('PUT', /\/counts$/, { kind: 'lose-reply' });
    await d.engine.command('countShelfItem', counting(id, 'B-1', items[0]!, 4));
    await syncUntilQuiet(d, clock);
    const sends = network.sent('PUT', /\/counts$/);
    expect(sends.map((s) => s.status)).toEqual(['lost', 200]);
    expect(sends[1]!.replayed).toBe(true);
    // The same count taken again (a new command, a new key) sets the same quantity: still one line.
    await d.engine.command('countShelfItem', counting(id, 'B-1', items[0]!, 4));
    await syncUntilQuiet(d, clock);
    expect(await serverLines(id)).toEqual([['B-1', items[0]!.id, 4]]);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('a count that arrives after the office closed the count is refused, visibly, with the server’s reason', async () => {
    const id = await openCount();
    const { d, network, clock } = await tablet();
    network.online = false;
    await d.engine.command('countShelfItem', counting(id, 'C-1', items[2]!, 1));
    const closed = await server.app.inject({
      method: 'POST',
      url: `/api/v2/physical_inventories/${id}/close`,
      headers: bearer(admin),
      payload: {},
    });
    expect(closed.statusCode).toBe(200);
    network.online = true;
    await d.engine.connectivityRestored();
    await syncUntilQuiet(d, clock);
    const status = await readSyncStatus(d.db, d.engine.userId);
    expect(status.rejected.map((row) => [row.command, row.lastError])).toEqual([['countShelfItem', physicalInventoryMessages.notOpen]]);
    expect(await serverLines(id)).toEqual([]);
    // The closed count left the tablet with the next pull.
    expect(await d.db.physicalInventories.get(id)).toBeUndefined();
  });

  it('closing from the tablet goes after the counts taken before it', async () => {
    const id = await openCount();
    const { d, network, clock } = await tablet();
    network.online = false;
    await d.engine.command('countShelfItem', counting(id, 'D-1', items[1]!, 7));
    await d.engine.command('closePhysicalInventory', { inventoryId: id, closed_at: new Date().toISOString() });
    network.online = true;
    await d.engine.connectivityRestored();
    await syncUntilQuiet(d, clock);
    expect(network.log.filter((e) => e.method !== 'GET' && e.status === 200).map((e) => e.path)).toEqual([
      `/api/v2/physical_inventories/${id}/counts`,
      `/api/v2/physical_inventories/${id}/close`,
    ]);
    expect(await serverLines(id)).toEqual([['D-1', items[1]!.id, 7]]);
    const read = await server.app.inject({ method: 'GET', url: `/api/v2/physical_inventories/${id}`, headers: bearer(admin) });
    expect(read.json()).toMatchObject({ status: 'Cerrado' });
  });
});
