import { Dexie, type EntityTable } from 'dexie';
import type { Deployment } from '../domain/deployment';
import type { OrderToDispatch } from '../domain/schemas/orders';
import type { PhysicalInventory } from '../domain/schemas/physical-inventory';
import type { ReturnedLine } from '../domain/schemas/delivery-patch';
import type { Shipping, ShippingDetail } from '../domain/schemas/shipping';
import type { SyncCustomer, SyncDriver, SyncItem, SyncVehicle } from './types';

/** Which reset brought a record; records of an older reset are dropped when a reset ends. */
interface Generation {
  _gen: number;
}

export type LocalShipping = Omit<Shipping, 'shipping_details'> & Generation;
/**
 * A delivery as the driver sees it; `evidence_id` points at a photo or PDF still on the device;
 * `returned`, the lines of the driver's own partial delivery until the server's copy replaces it.
 */
export type LocalDetail = ShippingDetail & {
  latitude?: number | null;
  longitude?: number | null;
  evidence_id?: string | null;
  returned?: ReturnedLine[] | null;
};
/** An order to fill; `dispatched` once the warehouse marked it filled on this device. */
export type LocalOrder = OrderToDispatch & Generation & { dispatched?: boolean };
export type LocalVehicle = SyncVehicle & Generation;
export type LocalDriver = SyncDriver & Generation;
export type LocalItem = SyncItem & Generation;
/** A customer the counter sells to offline, with its balances as last pulled. */
export type LocalCustomer = SyncCustomer & Generation;

/** A line as the device priced and showed it (the server prices again on arrival). */
export interface ShownLine {
  item_id: number;
  name: string;
  unit: string;
  quantity: number;
  price: number;
  amount: number;
}

/** What the server answered for a sale the device made offline: its real folio and its prices. */
export interface ArrivedSale {
  id: number;
  subtotal: number;
  iva: number;
  total: number;
  items: ShownLine[];
  offline_warnings: string[];
}

/**
 * A sale made on this device through the outbox ('createSale'). Its id is its outbox row's id
 * (the Idempotency-Key), so a sale and its command are one thing; it stays on the device after
 * the server answered, with the answer, so the counter sees the real folio and any difference.
 */
export interface LocalSale {
  id: string;
  userId: number;
  provisional: string;
  /** Device time (ms) when it was made: for ordering the device's list. */
  madeAt: number;
  company: string;
  branch: string | null;
  seller: string;
  date: string;
  type: 'Serie A' | 'Serie B';
  bar: boolean;
  note: string | null;
  lines: ShownLine[];
  subtotal: number;
  iva: number;
  total: number;
  /** What the device knew when selling: overdue balance, a customer without credit (Spanish). */
  warnings: string[];
  arrived: ArrivedSale | null;
  /** The server acknowledged it (its answer is in `arrived` when the device could read it). */
  acknowledged?: boolean;
}

/** A payment the driver took at a stop ('Cobrar'); its id is its outbox row's id. */
export interface LocalPayment {
  id: string;
  userId: number;
  provisional: string;
  madeAt: number;
  shippingId: number;
  detailId: number;
  saleId: number;
  company: string;
  amount: number;
  paymentMethod: { id: number; name: string };
  reference: string | null;
  collected_at: string;
  /** The server's payment once it arrived: its number and the sales it paid. */
  arrived: { id: number; applications: { sale_id: number; amount: number }[]; unapplied: number } | null;
  /** The server acknowledged it (its answer is in `arrived` when the device could read it). */
  acknowledged?: boolean;
}

/** The driver's cash cut of a route as closed on the phone ('Corte del chofer'). */
export interface LocalDriverCut {
  shippingId: number;
  userId: number;
  counted: { payment_method_id: number; name: string; amount: number }[];
  note: string | null;
  submitted_at: string;
  arrived: boolean;
}

/**
 * One position of a started route as the phone recorded it (issue 47), waiting to be sent in a
 * batch (sync/positions.ts). Not an outbox row: positions never hold a delivery back.
 */
export interface PositionRow {
  /** Auto-increment: the order they were recorded in, and a batch's key is its first and last. */
  id?: number;
  shippingId: number;
  userId: number;
  /** The device's ISO instant when it was taken (rule 4: never the time it was sent). */
  recorded_at: string;
  latitude: number;
  longitude: number;
  /** Metres. */
  accuracy: number | null;
  /** Metres per second. */
  speed: number | null;
  /** Degrees from north. */
  heading: number | null;
}

/** Positions the server refused for good (a 4xx other than 401): how many were dropped, and why last. */
export interface PositionsDropped {
  count: number;
  message: string;
  at: number;
}

export interface PaymentMethod {
  id: number;
  name: string;
}
/** An open physical count with every line; the lines counted here show at once, before the server has them. */
export type LocalPhysicalInventory = PhysicalInventory & Generation;

export type OutboxState = 'pending' | 'sending' | 'rejected';

export interface OutboxRow {
  /** UUID, sent as Idempotency-Key on every attempt. */
  id: string;
  /** Per-device order of creation. */
  seq: number;
  userId: number;
  command: string;
  version: number;
  payload: unknown;
  /** Rows of one lane replay one after another (one route with its deliveries, one order). */
  lane: string;
  /** Records this command changes locally, as 'shipping:12', 'detail:40', 'order:7'. */
  records: string[];
  state: OutboxState;
  attempts: number;
  /** Device time (ms) before which it is not retried. */
  nextAttemptAt: number;
  lastError: string | null;
  /** Answers in a row in which the server itself failed (5xx): from STUCK_AFTER on, the person is shown it. */
  serverFailures?: number;
  /** Device time (ms) when the person acted: for the age shown, never for ordering. */
  createdAt: number;
}

/** A photo or PDF waiting to be uploaded: bytes, not a Blob (Safari rejects some Blobs in IndexedDB). */
export interface EvidenceRow {
  id: string;
  data: ArrayBuffer;
  type: string;
  name: string;
  size: number;
  sha256: string;
  /** The resumable upload's address once created, so an interrupted upload resumes. */
  uploadUrl: string | null;
  /** The server's name for the file once fully uploaded. */
  storedName: string | null;
}

/** The server's last known version of a record that has commands pending on it. */
export interface ServerCopy {
  key: string;
  record: LocalShipping | LocalDetail | LocalOrder | LocalPhysicalInventory;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export type MetaKey =
  | 'cursor'
  | 'deviceId'
  | 'nextSeq'
  | 'generation'
  | 'resetting'
  | 'deployment'
  | 'lastPulledAt'
  | 'lastError'
  | 'authPaused'
  | 'userId'
  | 'paymentMethods'
  | 'nextProvisional'
  | 'positionsDropped';

export type SyncDatabase = Dexie & {
  shippings: EntityTable<LocalShipping, 'id'>;
  details: EntityTable<LocalDetail, 'id'>;
  orders: EntityTable<LocalOrder, 'id'>;
  vehicles: EntityTable<LocalVehicle, 'id'>;
  drivers: EntityTable<LocalDriver, 'id'>;
  items: EntityTable<LocalItem, 'id'>;
  physicalInventories: EntityTable<LocalPhysicalInventory, 'id'>;
  customers: EntityTable<LocalCustomer, 'id'>;
  counterSales: EntityTable<LocalSale, 'id'>;
  payments: EntityTable<LocalPayment, 'id'>;
  driverCuts: EntityTable<LocalDriverCut, 'shippingId'>;
  positions: EntityTable<PositionRow, 'id'>;
  outbox: EntityTable<OutboxRow, 'id'>;
  evidence: EntityTable<EvidenceRow, 'id'>;
  serverCopies: EntityTable<ServerCopy, 'key'>;
  meta: EntityTable<MetaRow, 'key'>;
};

export const DATABASE_NAME = 'frutas-sync';

/**
 * The device's store at its current version, declared once. Dexie upgrades a device from any
 * earlier version by comparing its tables with these (tables added: v2 the warehouse's physical
 * counts, v3 the counter's customers with the sales, payments and cash cuts made offline, v4 the
 * positions of started routes); only a version with an upgrade function would be kept beside it.
 * One declaration is parsed once at every start, where four cost a phone 10–15 ms. A new table or
 * index raises the number here; data that must be rewritten gets a `.version(n).upgrade()`.
 * Transactions are durable ('strict'): since Chrome 121 the default may lose the last write on
 * power loss, and an outbox row must not be lost.
 */
export const SYNC_DATABASE_VERSION = 4;

export function openSyncDatabase(
  name: string = DATABASE_NAME,
  options: { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange } = {},
): SyncDatabase {
  const db = new Dexie(name, { chromeTransactionDurability: 'strict', ...options }) as SyncDatabase;
  db.version(SYNC_DATABASE_VERSION).stores({
    shippings: 'id, date, _gen',
    details: 'id, shipping_id',
    orders: 'id, date, _gen',
    vehicles: 'id, _gen',
    drivers: 'id, _gen',
    items: 'id, ean13, _gen',
    outbox: 'id, seq, state, lane, *records',
    evidence: 'id',
    serverCopies: 'key',
    meta: 'key',
    physicalInventories: 'id, branch_id, status, _gen',
    customers: 'id, name, _gen',
    counterSales: 'id, madeAt',
    payments: 'id, madeAt, shippingId, detailId',
    driverCuts: 'shippingId',
    positions: '++id, userId, [userId+shippingId]',
  });
  return db;
}

export async function readMeta<T>(db: SyncDatabase, key: MetaKey): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function writeMeta(db: SyncDatabase, key: MetaKey, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

export type { Deployment };
