import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { LocalCustomer, LocalItem, LocalSale, OutboxRow, SyncDatabase } from '../../sync/db';
import { onFirstUse } from '../../domain/time';
import { useSyncDatabase } from './sync-context';

/**
 * What the counter reads from the device when it sells without a connection (issue 46): the
 * customers and items the pull keeps, searched as the server searches them, the stock the
 * device's own unsent sales already hold, and the sales made on this device with their state.
 *
 * A name search is "contains", accent- and case-insensitive, which no IndexedDB index answers:
 * each table is read once (and again only when a pull changes it), its names folded and sorted
 * once, and each keystroke filters that array in memory, stopping at the first matches.
 */

/** Customers a search shows, as the server's company search (twenty at most). */
export const CUSTOMER_MATCHES = 20;
/** Items a search shows, as the counter's online search (ten a page). */
export const ITEM_MATCHES = 10;

// Built on first use: creating it loads the locale's data, which the sales screens' start need not pay.
const collator = onFirstUse(() => new Intl.Collator('es-MX', { sensitivity: 'base' }));

/** Lower case without accents, so 'Limón', 'LIMON' and 'limon' are one search ('ñ' is folded to 'n' on both sides). */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es-MX')
    .trim();
}

interface Indexed<T> {
  record: T;
  key: string;
}

/** The device's customers, by name, with the folded name and legal name each search filters. */
export type CustomerIndex = readonly Indexed<LocalCustomer>[];
/** The device's items on sale, by name, with the folded name each search filters. */
export type ItemIndex = readonly Indexed<LocalItem>[];

export function indexCustomers(customers: readonly LocalCustomer[]): CustomerIndex {
  return [...customers]
    .sort((a, b) => collator().compare(a.name, b.name) || a.id - b.id)
    .map((record) => ({ record, key: `${searchKey(record.name)}\n${searchKey(record.razon_social ?? '')}` }));
}

/**
 * Items that may be sold: published ones. An older server sends no `is_published`; its pull
 * brought every item, and one that is not on sale is refused by the server when the sale arrives.
 */
export function indexItems(items: readonly LocalItem[]): ItemIndex {
  return items
    .filter((item) => item.is_published !== false)
    .sort((a, b) => collator().compare(a.name, b.name) || a.id - b.id)
    .map((record) => ({ record, key: searchKey(record.name) }));
}

/** Customers whose name or legal name contains `text`, by name. */
export function findCustomers(index: CustomerIndex, text: string, limit = CUSTOMER_MATCHES): LocalCustomer[] {
  const wanted = searchKey(text);
  const found: LocalCustomer[] = [];
  if (wanted === '') return found;
  for (const entry of index) {
    if (found.length >= limit) break;
    if (entry.key.includes(wanted)) found.push(entry.record);
  }
  return found;
}

/** A typed or scanned code: EAN-13 (or EAN-8, UPC-A) digits. */
const isCode = (text: string) => /^\d{8,14}$/.test(text);

/** Items on sale whose name contains `text`; a typed code finds its item first. */
export function findItems(index: ItemIndex, text: string, limit = ITEM_MATCHES): LocalItem[] {
  const wanted = searchKey(text);
  if (wanted === '') return [];
  const byCode = isCode(wanted) ? index.filter((entry) => entry.record.ean13 === wanted).map((entry) => entry.record) : [];
  const found = byCode.slice(0, limit);
  for (const entry of index) {
    if (found.length >= limit) break;
    if (entry.key.includes(wanted) && !byCode.includes(entry.record)) found.push(entry.record);
  }
  return found;
}

/** The item on sale of a scanned code, by the EAN index; null when the device has none. */
export async function itemOfCode(db: SyncDatabase, code: string): Promise<LocalItem | null> {
  const items = await db.items.where('ean13').equals(code.trim()).toArray();
  return items.find((item) => item.is_published !== false) ?? null;
}

/** The device has pulled no item (or no customer) yet: its searches could not find anything. */
export async function catalogueIsMissing(db: SyncDatabase, table: 'items' | 'customers'): Promise<boolean> {
  return (await db[table].limit(1).count()) === 0;
}

/**
 * What the device's sales not yet on the server hold, by item: the stock the device last pulled
 * does not know them. A refused sale still holds its goods until it is discarded (it may be retried).
 */
export async function readPendingHolds(db: SyncDatabase): Promise<Map<number, number>> {
  const unsent = await db.counterSales.filter((sale) => sale.arrived === null && !sale.acknowledged).toArray();
  const rows = await db.outbox.bulkGet(unsent.map((sale) => sale.id));
  const holds = new Map<number, number>();
  unsent.forEach((sale, index) => {
    if (!rows[index]) return;
    for (const line of sale.lines) holds.set(line.item_id, (holds.get(line.item_id) ?? 0) + line.quantity);
  });
  return holds;
}

/** An item's stock as the device knows it: the last pulled figure less what unsent sales hold; null when unknown. */
export function deviceStock(item: Pick<LocalItem, 'id' | 'stock'>, holds: ReadonlyMap<number, number>): number | null {
  if (item.stock === null || item.stock === undefined) return null;
  return Math.round((item.stock - (holds.get(item.id) ?? 0)) * 100) / 100;
}

export type DeviceSaleState = 'pending' | 'sent' | 'refused' | 'discarded';

/** A sale made on this device, with where it stands: waiting, on the server, refused (with the reason) or discarded. */
export interface DeviceSale {
  sale: LocalSale;
  state: DeviceSaleState;
  /** The server's reason, for a refused sale. */
  reason: string | null;
}

/**
 * A sale's state from its record and its outbox row (same id): the server's answer makes it
 * sent; a row still queued, pending (or refused); no row and no answer, discarded.
 */
export function deviceSaleState(sale: LocalSale, row: OutboxRow | undefined): DeviceSale {
  if (sale.arrived || sale.acknowledged) return { sale, state: 'sent', reason: null };
  if (!row) return { sale, state: 'discarded', reason: null };
  if (row.state === 'rejected') return { sale, state: 'refused', reason: row.lastError };
  return { sale, state: 'pending', reason: null };
}

/** Sales already on the server that the list keeps showing; sales not on it always show. */
export const DEVICE_SALES_SHOWN = 50;

/** The person's sales made on this device, newest first: every one not on the server, and the latest that are. */
export async function readDeviceSales(db: SyncDatabase, userId: number, shown = DEVICE_SALES_SHOWN): Promise<DeviceSale[]> {
  const sales = (await db.counterSales.orderBy('madeAt').reverse().toArray()).filter((sale) => sale.userId === userId);
  let arrived = 0;
  const kept = sales.filter((sale) => sale.arrived === null || (arrived += 1) <= shown);
  const rows = await db.outbox.bulkGet(kept.map((sale) => sale.id));
  return kept.map((sale, index) => deviceSaleState(sale, rows[index]));
}

/** The person's sales made on this device, live. Undefined until read once. */
export function useDeviceSales(userId: number): DeviceSale[] | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(() => readDeviceSales(db, userId), [db, userId]);
}

/**
 * A table of the device's catalogue, read while `active` (the counter is offline) and kept
 * folded and sorted; null when the device has none of it yet, undefined while it is read.
 */
function useIndexed<T, I>(active: boolean, read: (db: SyncDatabase) => Promise<T[]>, index: (records: T[]) => I): I | null | undefined {
  const db = useSyncDatabase();
  const records = useLiveQuery(async () => (active ? read(db) : null), [db, active]);
  return useMemo(() => (records ? (records.length === 0 ? null : index(records)) : undefined), [records, index]);
}

const readCustomers = (db: SyncDatabase) => db.customers.toArray();
const readItems = (db: SyncDatabase) => db.items.toArray();

export function useDeviceCustomers(active: boolean): CustomerIndex | null | undefined {
  return useIndexed(active, readCustomers, indexCustomers);
}

export function useDeviceItems(active: boolean): ItemIndex | null | undefined {
  return useIndexed(active, readItems, indexItems);
}

/** What the device's unsent sales hold, live, while `active`. */
export function usePendingHolds(active: boolean): ReadonlyMap<number, number> {
  const db = useSyncDatabase();
  const holds = useLiveQuery(async () => (active ? readPendingHolds(db) : null), [db, active]);
  return holds ?? EMPTY_HOLDS;
}
const EMPTY_HOLDS: ReadonlyMap<number, number> = new Map();
