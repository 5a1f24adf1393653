import { ordersMessages } from '../domain/messages/orders';
import { physicalInventoryMessages } from '../domain/messages/physical-inventory';
import { shippingMessages } from '../domain/messages/shipping';
import { syncMessages } from '../domain/messages/sync';
import { COMMAND_ROUTES, commandPath, type CommandRoute } from '../domain/rules/command-routes';
import { routeKilometres } from '../domain/rules/shipping-progress';
import { physicalCountSchema } from '../domain/schemas/physical-inventory';
import type { NoteRecord } from '../domain/schemas/notes';
import type { LocalDetail, LocalOrder, LocalPhysicalInventory, LocalShipping } from './db';

/**
 * The named commands of the driver and the warehouse (docs/sync-engine.md rule 1). Each one
 * says which records it changes, how it changes them on the device (a pure function, so a
 * pull can re-apply it on top of newer server data), which lane it replays in, and the §7
 * request that carries it to the server.
 */

export interface RequestSpec {
  method: 'PUT' | 'PATCH' | 'POST';
  path: string;
  body: unknown;
}

export type RecordKey = `shipping:${number}` | `detail:${number}` | `order:${number}` | `physical:${number}`;
export type LocalRecord = LocalShipping | LocalDetail | LocalOrder | LocalPhysicalInventory;

export interface StartRoute {
  shippingId: number;
  initial_km: number;
  km_capture_time_start: string;
}
export interface FinishRoute {
  shippingId: number;
  final_km: number;
  km_capture_time: string;
}
export interface Position {
  latitude: number;
  longitude: number;
}
export interface CompleteDelivery {
  detailId: number;
  shippingId: number;
  delivered_at: string;
  evidenceId: string;
  position: Position | null;
}
export interface RejectDelivery {
  detailId: number;
  shippingId: number;
  delivered_at: string;
  delivery_rejection_comment: string;
  position: Position | null;
}
export interface OrderLines {
  orderId: number;
  quotation_items: { item_id: number; quantity: number }[];
}

/** The quantity of one item on one shelf of a physical count: a SET, so replaying it is harmless. */
export interface ShelfCount {
  inventoryId: number;
  shelf: string;
  item_id: number;
  /** For the line shown on the device until the server sends it back; not sent. */
  item_name: string;
  unit: string;
  quantity: number;
  counted_at: string;
}
export interface ShelfCountRemoval {
  inventoryId: number;
  shelf: string;
  item_id: number;
}
export interface PhysicalInventoryClose {
  inventoryId: number;
  closed_at: string;
}

/** A note written on the device (POST /api/v2/notes): it changes no record the device keeps. */
export interface WriteNote {
  title: string | null;
  body: string;
  user_ids: number[];
  role_ids: number[];
  record: NoteRecord | null;
  thread_id: string | null;
}

export interface CommandPayloads {
  startRoute: StartRoute;
  finishRoute: FinishRoute;
  completeDelivery: CompleteDelivery;
  rejectDelivery: RejectDelivery;
  startProduction: OrderLines;
  dispatchOrder: OrderLines;
  countShelfItem: ShelfCount;
  removeShelfCount: ShelfCountRemoval;
  closePhysicalInventory: PhysicalInventoryClose;
  writeNote: WriteNote;
}
export type CommandName = keyof CommandPayloads;

interface CommandSpec<P> {
  version: number;
  lane(payload: P): string;
  records(payload: P): RecordKey[];
  /** Why the command cannot be taken on these records (Spanish), or null. */
  refuse?(records: Map<RecordKey, LocalRecord>, payload: P): string | null;
  apply(key: RecordKey, record: LocalRecord, payload: P): LocalRecord;
  /** The request; `storedFile` is the server's name of the uploaded evidence, when the command has one. */
  request(payload: P, storedFile: string | null): RequestSpec;
}

const routeLane = (shippingId: number) => `route:${shippingId}`;
const orderLane = (orderId: number) => `order:${orderId}`;
/** A count's commands replay in order: the close goes after every count taken before it. */
const physicalLane = (inventoryId: number) => `physical:${inventoryId}`;

function refuseUnlessOpen(records: Map<RecordKey, LocalRecord>, inventoryId: number): string | null {
  const inventory = records.get(`physical:${inventoryId}`) as LocalPhysicalInventory | undefined;
  return inventory?.status === 'Abierto' ? null : physicalInventoryMessages.notOpen;
}

/** The count's lines with one (shelf, item) replaced, removed or added, in shelf and name order. */
function withLine(
  inventory: LocalPhysicalInventory,
  shelf: string,
  itemId: number,
  line: LocalPhysicalInventory['lines'][number] | null,
): LocalPhysicalInventory {
  const lines = inventory.lines.filter((l) => !(l.shelf === shelf && l.item_id === itemId));
  if (line) lines.push(line);
  lines.sort((a, b) => a.shelf.localeCompare(b.shelf, 'es-MX') || a.item_name.localeCompare(b.item_name, 'es-MX') || a.item_id - b.item_id);
  return { ...inventory, lines, line_count: new Set(lines.map((l) => l.item_id)).size };
}

function refuseCompleted(records: Map<RecordKey, LocalRecord>, detailId: number): string | null {
  const detail = records.get(`detail:${detailId}`) as LocalDetail | undefined;
  return detail?.completed ? syncMessages.alreadyCompleted : null;
}

const orderRequest =
  (route: CommandRoute) =>
  (payload: OrderLines): RequestSpec => ({
    method: route.method,
    path: commandPath(route),
    body: { id: payload.orderId, quotation_items: payload.quotation_items },
  });

export const COMMANDS: { [N in CommandName]: CommandSpec<CommandPayloads[N]> } = {
  startRoute: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`shipping:${p.shippingId}`],
    // 'Iniciar' is offered only until the start is captured (spec §4).
    refuse: (records, p) =>
      (records.get(`shipping:${p.shippingId}`) as LocalShipping | undefined)?.initial_km != null ? syncMessages.routeAlreadyStarted : null,
    apply: (_key, record, p) => ({
      ...(record as LocalShipping),
      initial_km: p.initial_km,
      km_capture_time_start: p.km_capture_time_start,
    }),
    request: (p) => ({
      method: COMMAND_ROUTES.updateShipping.method,
      path: commandPath(COMMAND_ROUTES.updateShipping),
      body: { id: p.shippingId, initial_km: p.initial_km, km_capture_time_start: p.km_capture_time_start },
    }),
  },
  finishRoute: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`shipping:${p.shippingId}`],
    refuse: (records, p) => {
      const shipping = records.get(`shipping:${p.shippingId}`) as LocalShipping | undefined;
      if (shipping?.initial_km == null) return shippingMessages.finalWithoutInitial;
      if (shipping.final_km != null) return syncMessages.routeAlreadyFinished;
      return p.final_km < shipping.initial_km ? shippingMessages.finalBelowInitial : null;
    },
    apply: (_key, record, p) => {
      const shipping = record as LocalShipping;
      return {
        ...shipping,
        final_km: p.final_km,
        km_capture_time: p.km_capture_time,
        // The kilometres as the server counts them (none when the odometer went backwards).
        route: shipping.initial_km == null ? shipping.route : routeKilometres({ initial_km: shipping.initial_km, final_km: p.final_km }),
      };
    },
    request: (p) => ({
      method: COMMAND_ROUTES.updateShipping.method,
      path: commandPath(COMMAND_ROUTES.updateShipping),
      body: { id: p.shippingId, final_km: p.final_km, km_capture_time: p.km_capture_time },
    }),
  },
  completeDelivery: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`detail:${p.detailId}`],
    refuse: (records, p) => refuseCompleted(records, p.detailId),
    apply: (_key, record, p) => ({
      ...(record as LocalDetail),
      completed: true,
      is_delivered: true,
      delivered_at: p.delivered_at,
      delivery_rejection_comment: null,
      evidence_id: p.evidenceId,
      latitude: p.position?.latitude ?? null,
      longitude: p.position?.longitude ?? null,
    }),
    request: (p, storedFile) => ({
      method: COMMAND_ROUTES.patchShippingDetail.method,
      path: commandPath(COMMAND_ROUTES.patchShippingDetail, p.detailId),
      body: {
        completed: true,
        is_delivered: true,
        delivered_at: p.delivered_at,
        pdf: storedFile,
        ...(p.position && { latitude: p.position.latitude, longitude: p.position.longitude }),
      },
    }),
  },
  rejectDelivery: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`detail:${p.detailId}`],
    refuse: (records, p) =>
      refuseCompleted(records, p.detailId) ?? (p.delivery_rejection_comment.trim() === '' ? shippingMessages.rejectionRequired : null),
    apply: (_key, record, p) => ({
      ...(record as LocalDetail),
      completed: true,
      is_delivered: false,
      delivered_at: p.delivered_at,
      delivery_rejection_comment: p.delivery_rejection_comment.trim(),
      latitude: p.position?.latitude ?? null,
      longitude: p.position?.longitude ?? null,
    }),
    request: (p) => ({
      method: COMMAND_ROUTES.patchShippingDetail.method,
      path: commandPath(COMMAND_ROUTES.patchShippingDetail, p.detailId),
      body: {
        completed: true,
        is_delivered: false,
        delivered_at: p.delivered_at,
        delivery_rejection_comment: p.delivery_rejection_comment.trim(),
        ...(p.position && { latitude: p.position.latitude, longitude: p.position.longitude }),
      },
    }),
  },
  startProduction: {
    version: 1,
    lane: (p) => orderLane(p.orderId),
    records: (p) => [`order:${p.orderId}`],
    refuse: (records, p) =>
      (records.get(`order:${p.orderId}`) as LocalOrder | undefined)?.is_in_production ? ordersMessages.alreadyInProduction : null,
    apply: (_key, record) => ({ ...(record as LocalOrder), is_in_production: true }),
    request: orderRequest(COMMAND_ROUTES.startOrderProduction),
  },
  dispatchOrder: {
    version: 1,
    lane: (p) => orderLane(p.orderId),
    records: (p) => [`order:${p.orderId}`],
    refuse: (records, p) =>
      (records.get(`order:${p.orderId}`) as LocalOrder | undefined)?.dispatched ? ordersMessages.alreadyDispatched : null,
    apply: (_key, record) => ({ ...(record as LocalOrder), dispatched: true }),
    request: orderRequest(COMMAND_ROUTES.dispatchSaleOrder),
  },
  countShelfItem: {
    version: 1,
    lane: (p) => physicalLane(p.inventoryId),
    records: (p) => [`physical:${p.inventoryId}`],
    refuse: (records, p) => {
      const checked = physicalCountSchema.safeParse({ shelf: p.shelf, item_id: p.item_id, quantity: p.quantity, counted_at: p.counted_at });
      return checked.success
        ? refuseUnlessOpen(records, p.inventoryId)
        : (checked.error.issues[0]?.message ?? physicalInventoryMessages.quantityInvalid);
    },
    apply: (_key, record, p) =>
      withLine(record as LocalPhysicalInventory, p.shelf.trim(), p.item_id, {
        shelf: p.shelf.trim(),
        item_id: p.item_id,
        item_name: p.item_name,
        unit: p.unit,
        quantity: p.quantity,
        counted_at: p.counted_at,
        counted_by: null,
      }),
    request: (p) => ({
      method: COMMAND_ROUTES.countShelf.method,
      path: commandPath(COMMAND_ROUTES.countShelf, p.inventoryId),
      body: { shelf: p.shelf.trim(), item_id: p.item_id, quantity: p.quantity, counted_at: p.counted_at },
    }),
  },
  removeShelfCount: {
    version: 1,
    lane: (p) => physicalLane(p.inventoryId),
    records: (p) => [`physical:${p.inventoryId}`],
    refuse: (records, p) => refuseUnlessOpen(records, p.inventoryId),
    apply: (_key, record, p) => withLine(record as LocalPhysicalInventory, p.shelf.trim(), p.item_id, null),
    request: (p) => ({
      method: COMMAND_ROUTES.removeShelfCount.method,
      path: commandPath(COMMAND_ROUTES.removeShelfCount, p.inventoryId),
      body: { shelf: p.shelf.trim(), item_id: p.item_id },
    }),
  },
  closePhysicalInventory: {
    version: 1,
    lane: (p) => physicalLane(p.inventoryId),
    records: (p) => [`physical:${p.inventoryId}`],
    refuse: (records, p) => refuseUnlessOpen(records, p.inventoryId),
    apply: (_key, record, p) => ({ ...(record as LocalPhysicalInventory), status: 'Cerrado', closed_at: p.closed_at }),
    request: (p) => ({
      method: COMMAND_ROUTES.closePhysicalInventory.method,
      path: commandPath(COMMAND_ROUTES.closePhysicalInventory, p.inventoryId),
      body: {},
    }),
  },
  writeNote: {
    version: 1,
    // Notes go out in the order they were written, apart from any route's or order's changes.
    lane: () => 'notes',
    records: () => [],
    apply: (_key, record) => record,
    request: (p) => ({ method: COMMAND_ROUTES.writeNote.method, path: commandPath(COMMAND_ROUTES.writeNote), body: p }),
  },
};

export function commandSpec(name: string): CommandSpec<unknown> | undefined {
  return (COMMANDS as Record<string, CommandSpec<unknown>>)[name];
}

/** Re-applies commands, in their order, on top of a record as the server last sent it. */
export function applyPending(key: RecordKey, base: LocalRecord, rows: { command: string; payload: unknown }[]): LocalRecord {
  return rows.reduce((record, row) => commandSpec(row.command)?.apply(key, record, row.payload) ?? record, base);
}
