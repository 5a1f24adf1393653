import { syncMessages } from '../domain/messages/sync';
import { CommandRefused } from './command-refused';
import type { SyncPull } from '../domain/schemas/sync';
import {
  applyPending,
  COMMANDS,
  commandSpec,
  type CommandName,
  type CommandPayloads,
  type CreatedTable,
  type LocalRecord,
  type ProvisionalKind,
  type RecordKey,
} from './commands';
import {
  readMeta,
  writeMeta,
  type EvidenceRow,
  type LocalCustomer,
  type LocalOrder,
  type LocalPhysicalInventory,
  type LocalShipping,
  type OutboxRow,
  type SyncDatabase,
} from './db';

/** Records on the device, by key: which table holds them. */
function tableOf(db: SyncDatabase, key: RecordKey) {
  const kind = key.slice(0, key.indexOf(':'));
  if (kind === 'shipping') return db.shippings;
  if (kind === 'detail') return db.details;
  if (kind === 'physical') return db.physicalInventories;
  return db.orders;
}
const idOf = (key: RecordKey) => Number(key.slice(key.indexOf(':') + 1));


/** The tables a command's transaction may write: the synced records, the device's own, and the queue. */
export function commandTables(db: SyncDatabase) {
  return [
    db.shippings,
    db.details,
    db.orders,
    db.physicalInventories,
    db.counterSales,
    db.payments,
    db.driverCuts,
    db.outbox,
    db.evidence,
    db.serverCopies,
    db.meta,
  ];
}

const createdTable = (db: SyncDatabase, table: CreatedTable) => db[table];

/** Quota errors reach people as a clear message, not a stack (docs/sync-engine.md rule 13). */
function isQuotaError(error: unknown): boolean {
  const named = error as { name?: string; inner?: { name?: string } };
  return named?.name === 'QuotaExceededError' || named?.inner?.name === 'QuotaExceededError';
}

async function pendingRowsFor(db: SyncDatabase, key: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('records').equals(key).toArray();
  return rows.filter((row) => row.state !== 'rejected').sort((a, b) => a.seq - b.seq);
}

/**
 * Takes a command: its local change and its outbox row are written in one transaction,
 * with the evidence bytes when it has any (docs/sync-engine.md rules 1, 2, 8).
 */
export async function enqueue<N extends CommandName>(
  db: SyncDatabase,
  command: N,
  given: CommandPayloads[N],
  {
    userId,
    now,
    evidence,
    id = crypto.randomUUID(),
  }: {
    userId: number;
    now: number;
    evidence?: EvidenceRow;
    /** The row's key, when an attempt was already made under it (a direct request that lost its connection). */
    id?: string;
  },
): Promise<OutboxRow> {
  const spec = COMMANDS[command] as (typeof COMMANDS)[CommandName];
  const keys = spec.records(given as never);
  const provisional = spec.provisional as { kind: ProvisionalKind; of(p: unknown): string; with(p: unknown, folio: string): unknown } | undefined;
  try {
    return await db.transaction(
      'rw',
      commandTables(db),
      async () => {
        // A folio left blank is the next of this device, taken in this same transaction.
        const payload = (
          provisional && provisional.of(given) === '' ? provisional.with(given, await nextProvisional(db, provisional.kind)) : given
        ) as CommandPayloads[N];
        const records = new Map<RecordKey, LocalRecord>();
        for (const key of keys) {
          const record = (await tableOf(db, key).get(idOf(key))) as LocalRecord | undefined;
          if (!record) throw new CommandRefused(syncMessages.recordMissing);
          records.set(key, record);
        }
        const refusal = spec.refuse?.(records, payload as never) ?? null;
        if (refusal) throw new CommandRefused(refusal);
        for (const [key, record] of records) {
          // The first pending command on a record keeps the server's version of it aside.
          if (!(await db.serverCopies.get(key))) await db.serverCopies.put({ key, record });
          await tableOf(db, key).put(spec.apply(key, record, payload as never) as never);
        }
        const seq = ((await readMeta<number>(db, 'nextSeq')) ?? 1) as number;
        await writeMeta(db, 'nextSeq', seq + 1);
        if (evidence) await db.evidence.put(evidence);
        if (spec.creates) {
          const record = spec.creates.record(payload as never, { id, userId, now });
          await createdTable(db, spec.creates.table).put(record as never);
        }
        const row: OutboxRow = {
          id,
          seq,
          userId,
          command,
          version: spec.version,
          payload,
          lane: spec.lane(payload as never),
          records: keys,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          createdAt: now,
        };
        await db.outbox.add(row);
        return row;
      },
    );
  } catch (error) {
    if (isQuotaError(error)) throw new CommandRefused(syncMessages.quotaExceeded);
    throw error;
  }
}

/**
 * Rebuilds the device's version of records from the server's version and the commands
 * still pending on them. With none pending, the server's version stands and its copy is
 * let go. Runs inside the caller's transaction.
 */
export async function rebase(db: SyncDatabase, keys: readonly string[]): Promise<void> {
  for (const key of keys as RecordKey[]) {
    const copy = await db.serverCopies.get(key);
    if (!copy) continue;
    const pending = await pendingRowsFor(db, key);
    const table = tableOf(db, key);
    const present = await table.get(idOf(key));
    if (pending.length === 0) {
      await db.serverCopies.delete(key);
      // A record the server no longer sends (deleted, reassigned) stays gone.
      if (present) await table.put(copy.record as never);
      continue;
    }
    if (present) await table.put(applyPending(key, copy.record, pending) as never);
  }
}

/** Removes an acknowledged row and what only it needed (docs/sync-engine.md rules 6, 8). */
export async function acknowledge(db: SyncDatabase, row: OutboxRow, serverAnswer: unknown): Promise<void> {
  const spec = commandSpec(row.command);
  await db.transaction('rw', commandTables(db), async () => {
    await db.outbox.delete(row.id);
    const evidenceId = (row.payload as { evidenceId?: string }).evidenceId;
    if (evidenceId) await db.evidence.delete(evidenceId);
    // What the device made keeps the server's answer: the real folio, the prices it charged.
    if (spec?.creates) {
      const table = createdTable(db, spec.creates.table);
      const key = spec.creates.table === 'driverCuts' ? (row.payload as { shippingId: number }).shippingId : row.id;
      const record = await table.get(key as never);
      if (record) await table.put(spec.creates.arrived(record, serverAnswer) as never);
    }
    // The server's answer is its new version of the record: later pending commands go on top of it.
    for (const key of row.records as RecordKey[]) {
      const copy = await db.serverCopies.get(key);
      if (!copy) continue;
      const answered = spec?.answerRecord?.(key, copy.record, serverAnswer) ?? null;
      await db.serverCopies.put({ key, record: answered ?? applyPending(key, copy.record, [row]) });
    }
    await rebase(db, row.records);
  });
}

export async function reject(db: SyncDatabase, row: OutboxRow, message: string): Promise<void> {
  await db.transaction('rw', commandTables(db), async () => {
    await db.outbox.update(row.id, { state: 'rejected', lastError: message });
    await rebase(db, row.records);
  });
}

/** The person asks to try a rejected row again: it goes back in line, its change shown again. */
export async function retryRejected(db: SyncDatabase, id: string): Promise<void> {
  await db.transaction('rw', commandTables(db), async () => {
    const row = await db.outbox.get(id);
    if (!row || row.state !== 'rejected') return;
    for (const key of row.records as RecordKey[]) {
      if (!(await db.serverCopies.get(key))) {
        const present = (await tableOf(db, key).get(idOf(key))) as LocalRecord | undefined;
        if (present) await db.serverCopies.put({ key, record: present });
      }
    }
    await db.outbox.update(id, { state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null });
    await rebase(db, row.records);
  });
}

export async function discardRejected(db: SyncDatabase, id: string): Promise<void> {
  await db.transaction('rw', commandTables(db), async () => {
    const row = await db.outbox.get(id);
    if (!row || row.state !== 'rejected') return;
    await db.outbox.delete(id);
    const evidenceId = (row.payload as { evidenceId?: string }).evidenceId;
    if (evidenceId) await db.evidence.delete(evidenceId);
    await rebase(db, row.records);
  });
}

/** Puts a record from the server, under whatever is still pending on it (docs/sync-engine.md rule 9). */
async function putFromServer(db: SyncDatabase, key: RecordKey, record: LocalRecord): Promise<void> {
  const table = tableOf(db, key);
  const copy = await db.serverCopies.get(key);
  if (!copy) {
    await table.put(record as never);
    return;
  }
  await db.serverCopies.put({ key, record });
  await table.put(applyPending(key, record, await pendingRowsFor(db, key)) as never);
}

/** Applies one page of a pull, and the cursor that follows it, in one transaction. */
export async function applyPullPage(db: SyncDatabase, page: SyncPull): Promise<void> {
  await db.transaction(
    'rw',
    [
      db.shippings,
      db.details,
      db.orders,
      db.vehicles,
      db.drivers,
      db.items,
      db.customers,
      db.physicalInventories,
      db.counterSales,
      db.payments,
      db.driverCuts,
      db.outbox,
      db.serverCopies,
      db.meta,
    ],
    async () => {
      let generation = ((await readMeta<number>(db, 'generation')) ?? 0) as number;
      if (page.reset) {
        generation += 1;
        await writeMeta(db, 'generation', generation);
        await writeMeta(db, 'resetting', generation);
      }
      if (page.deployment) await writeMeta(db, 'deployment', page.deployment);
      if (page.payment_methods) await writeMeta(db, 'paymentMethods', page.payment_methods);
      for (const { shipping_details: details, ...shipping } of page.shippings) {
        await putFromServer(db, `shipping:${shipping.id}`, { ...shipping, _gen: generation } as LocalShipping);
        const keep = new Set(details.map((d) => d.id));
        const gone = (await db.details.where('shipping_id').equals(shipping.id).primaryKeys()).filter((id) => !keep.has(id));
        await db.details.bulkDelete(gone);
        for (const detail of details) await putFromServer(db, `detail:${detail.id}`, detail);
      }
      for (const order of page.orders) await putFromServer(db, `order:${order.id}`, { ...order, _gen: generation } as LocalOrder);
      // Most pages of a day bring nothing new: an empty list writes nothing (each bulk call, even
      // empty, is a pass through Dexie's middleware at the start of every screen).
      await putAll(db.vehicles, page.vehicles.map((v) => ({ ...v, _gen: generation })));
      await putAll(db.drivers, page.drivers.map((d) => ({ ...d, _gen: generation })));
      await putAll(db.items, page.items.map((i) => ({ ...i, _gen: generation })));
      await putAll(db.customers, (page.customers ?? []).map((c): LocalCustomer => ({ ...c, _gen: generation })));
      for (const inventory of page.physical_inventories ?? []) {
        await putFromServer(db, `physical:${inventory.id}`, { ...inventory, _gen: generation } as LocalPhysicalInventory);
      }
      await removeShippings(db, page.removed.shippings);
      await deleteAll(db.orders, page.removed.orders);
      await deleteAll(db.vehicles, page.removed.vehicles);
      await deleteAll(db.drivers, page.removed.drivers);
      await deleteAll(db.items, page.removed.items);
      await deleteAll(db.customers, page.removed.customers);
      // A count closed or applied leaves the device; a count taken on it meanwhile is refused by the server, visibly.
      await deleteAll(db.physicalInventories, page.removed.physical_inventories);
      const resetting = await readMeta<number>(db, 'resetting');
      if (!page.has_more && resetting !== undefined && resetting !== null) {
        // The reset is complete: what it did not bring is no longer the device's to keep.
        await removeShippings(db, await db.shippings.where('_gen').below(resetting).primaryKeys());
        await db.orders.where('_gen').below(resetting).delete();
        await db.vehicles.where('_gen').below(resetting).delete();
        await db.drivers.where('_gen').below(resetting).delete();
        await db.items.where('_gen').below(resetting).delete();
        await db.customers.where('_gen').below(resetting).delete();
        await db.physicalInventories.where('_gen').below(resetting).delete();
        await forgetArrived(db);
        await writeMeta(db, 'resetting', null);
      }
      await writeMeta(db, 'cursor', page.cursor);
      await writeMeta(db, 'lastPulledAt', Date.now());
    },
  );
}

/** How long the device keeps a sale or payment of its own once the server has it: a month of receipts to show again. */
export const KEEP_ARRIVED_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What the device made and the server already has leaves it after a month (a cut, once its
 * route is gone); what never arrived stays, whatever its age.
 */
async function forgetArrived(db: SyncDatabase): Promise<void> {
  const before = Date.now() - KEEP_ARRIVED_MS;
  const arrived = (record: { arrived: unknown; acknowledged?: boolean }) => record.arrived !== null || record.acknowledged === true;
  await db.counterSales.where('madeAt').below(before).filter(arrived).delete();
  await db.payments.where('madeAt').below(before).filter(arrived).delete();
  const routes = new Set(await db.shippings.toCollection().primaryKeys());
  await db.driverCuts.filter((cut) => cut.arrived && !routes.has(cut.shippingId)).delete();
}

async function putAll<T>(table: { bulkPut(rows: T[]): Promise<unknown> }, rows: T[]): Promise<void> {
  if (rows.length > 0) await table.bulkPut(rows);
}

async function deleteAll(table: { bulkDelete(keys: number[]): Promise<unknown> }, keys: number[] | undefined): Promise<void> {
  if (keys && keys.length > 0) await table.bulkDelete(keys);
}

async function removeShippings(db: SyncDatabase, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.shippings.bulkDelete(ids);
  await db.details.where('shipping_id').anyOf(ids).delete();
}

export { commandSpec };

/**
 * The next provisional folio of this device, as its ticket or receipt prints it until the
 * server gives the real one: 'V-7F3A-0012' — kind, the device's first four characters, number.
 * Numbers are the device's own and only go up; one skipped by a refused command is not reused.
 * Taken inside the command's transaction (which holds `meta`).
 */
async function nextProvisional(db: SyncDatabase, kind: ProvisionalKind): Promise<string> {
  let deviceId = await readMeta<string>(db, 'deviceId');
  if (!deviceId) {
    deviceId = crypto.randomUUID();
    await writeMeta(db, 'deviceId', deviceId);
  }
  const next = ((await readMeta<Partial<Record<ProvisionalKind, number>>>(db, 'nextProvisional')) ?? {}) as Partial<
    Record<ProvisionalKind, number>
  >;
  const number = next[kind] ?? 1;
  await writeMeta(db, 'nextProvisional', { ...next, [kind]: number + 1 });
  return `${kind}-${deviceId.slice(0, 4).toUpperCase()}-${String(number).padStart(4, '0')}`;
}
