import { ordersMessages } from '../domain/messages/orders';
import { physicalInventoryMessages } from '../domain/messages/physical-inventory';
import { shippingMessages } from '../domain/messages/shipping';
import { syncMessages } from '../domain/messages/sync';
import { COMMAND_ROUTES, commandPath, type CommandRoute } from '../domain/rules/command-routes';
import { routeKilometres } from '../domain/rules/shipping-progress';
import { physicalCountSchema } from '../domain/schemas/physical-inventory';
import type { ReturnedLine } from '../domain/schemas/delivery-patch';
import type { NoteRecord } from '../domain/schemas/notes';
import type {
  ArrivedSale,
  LocalDetail,
  LocalDriverCut,
  LocalOrder,
  LocalPayment,
  LocalPhysicalInventory,
  LocalSale,
  LocalShipping,
  ShownLine,
} from './db';

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
  /**
   * Issue 47's evidence, optional (rows queued before it lack them). Who received; their
   * signature as a PNG data URL, kept only here in the outbox payload (not on the stored
   * delivery, to keep the store small); and, for a partial delivery, what came back and why.
   */
  received_by?: string | null;
  signature?: string | null;
  returned?: ReturnedLine[];
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

/** How a sale made without a connection travels (POST /api/v2/sales's `offline`). */
export interface OfflineArrival {
  /** The instant it was made, ISO 8601: the office sees when it was sold, not when it arrived. */
  made_at: string;
  provisional: string;
  /** The total the device showed: the server says when its own differs. */
  device_total: number;
}

/** A sale taken at the counter without a connection: the request, and the ticket the device showed. */
export interface CreateSale {
  sale: {
    company_id: number;
    company_branch_id: number | null;
    date: string;
    type: 'Serie A' | 'Serie B';
    note: string | null;
    internal_note: string | null;
    purchase_order: string | null;
    bar: boolean;
    items: { item_id: number; quantity: number }[];
    offline: OfflineArrival;
  };
  shown: {
    company: string;
    branch: string | null;
    seller: string;
    lines: ShownLine[];
    subtotal: number;
    iva: number;
    total: number;
    warnings: string[];
  };
}

/** A payment taken at a stop ('Cobrar'); the server applies it to the customer's oldest sales first. */
export interface CollectPayment {
  shippingId: number;
  detailId: number;
  saleId: number;
  company: string;
  amount: number;
  paymentMethod: { id: number; name: string };
  reference: string | null;
  collected_at: string;
  provisional: string;
}

/** The driver closes the route's cash cut: what they count by payment method. */
export interface SubmitDriverCut {
  shippingId: number;
  counted: { payment_method_id: number; name: string; amount: number }[];
  note: string | null;
  submitted_at: string;
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
  createSale: CreateSale;
  collectPayment: CollectPayment;
  submitDriverCut: SubmitDriverCut;
}
export type CommandName = keyof CommandPayloads;

/** The device's own records, made by a command and kept after it arrived (with the server's answer). */
export interface CreatedRecords {
  counterSales: LocalSale;
  payments: LocalPayment;
  driverCuts: LocalDriverCut;
}
export type CreatedTable = keyof CreatedRecords;

interface Creation<P, T extends CreatedTable> {
  table: T;
  /** The record, written with the outbox row; `id` is the row's id (its Idempotency-Key). */
  record(payload: P, made: { id: string; userId: number; now: number }): CreatedRecords[T];
  /** The record once the server answered; an answer it cannot read leaves it as it was. */
  arrived(record: CreatedRecords[T], answer: unknown): CreatedRecords[T];
}

/** The kinds of provisional numbers a device hands out: V for a sale, C for a payment (cobro). */
export type ProvisionalKind = 'V' | 'C';

interface CommandSpec<P> {
  version: number;
  /**
   * The provisional folio the command carries: taken in the command's own transaction when the
   * payload comes without one (''), so saving offline is one write, not two.
   */
  provisional?: { kind: ProvisionalKind; of(payload: P): string; with(payload: P, folio: string): P };
  /** A record of its own the command makes on the device (a sale, a payment, a cut). */
  creates?: Creation<P, CreatedTable>;
  /**
   * The server's version of a changed record from its answer, when the answer is that record
   * (a delivery's PATCH answers the delivery); otherwise the command applied to the last copy.
   */
  answerRecord?(key: RecordKey, copy: LocalRecord, answer: unknown): LocalRecord | null;
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

/** A delivery's PATCH answers the delivery: the server's copy becomes it (the evidence left the device). */
function deliveryAnswer(key: RecordKey, copy: LocalRecord, answer: unknown): LocalRecord | null {
  const detail = answer as Partial<LocalDetail> | null;
  if (!detail || typeof detail !== 'object' || `detail:${detail.id}` !== key) return null;
  return { ...(copy as LocalDetail), ...detail, evidence_id: null } as LocalDetail;
}

const isMoney = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** POST /api/v2/sales's answer, as the device keeps it; null when it cannot be read. */
function arrivedSale(answer: unknown): ArrivedSale | null {
  const sale = answer as Partial<ArrivedSale> | null;
  if (!sale || typeof sale !== 'object' || typeof sale.id !== 'number' || !isMoney(sale.total)) return null;
  return {
    id: sale.id,
    subtotal: isMoney(sale.subtotal) ? sale.subtotal : 0,
    iva: isMoney(sale.iva) ? sale.iva : 0,
    total: sale.total,
    items: Array.isArray(sale.items)
      ? sale.items.map(({ item_id, name, unit, quantity, price, amount }) => ({ item_id, name, unit, quantity, price, amount }))
      : [],
    offline_warnings: Array.isArray(sale.offline_warnings) ? sale.offline_warnings.filter((w) => typeof w === 'string') : [],
  };
}

/** A payment's answer ({ data: collection }), as the device keeps it; null when it cannot be read. */
function arrivedPayment(answer: unknown): LocalPayment['arrived'] {
  const data = (answer as { data?: { id?: unknown; unapplied?: unknown; details?: unknown } } | null)?.data;
  if (!data || typeof data.id !== 'number') return null;
  const details = Array.isArray(data.details) ? (data.details as { sale_id: number; amount: number }[]) : [];
  return {
    id: data.id,
    applications: details.map(({ sale_id, amount }) => ({ sale_id, amount })),
    unapplied: isMoney(data.unapplied) ? data.unapplied : 0,
  };
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
    answerRecord: deliveryAnswer,
    apply: (_key, record, p) => ({
      ...(record as LocalDetail),
      completed: true,
      is_delivered: true,
      delivered_at: p.delivered_at,
      delivery_rejection_comment: null,
      evidence_id: p.evidenceId,
      latitude: p.position?.latitude ?? null,
      longitude: p.position?.longitude ?? null,
      received_by: p.received_by ?? null,
      // A partial delivery is a completion with lines that came back; the lines show on the
      // stop until the server's copy (which says `partial` only) replaces it.
      partial: (p.returned?.length ?? 0) > 0,
      returned: p.returned ?? null,
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
        ...(p.received_by != null && { received_by: p.received_by }),
        ...(p.signature != null && { signature: p.signature }),
        ...(p.returned && p.returned.length > 0 && { returned: p.returned }),
      },
    }),
  },
  rejectDelivery: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`detail:${p.detailId}`],
    refuse: (records, p) =>
      refuseCompleted(records, p.detailId) ?? (p.delivery_rejection_comment.trim() === '' ? shippingMessages.rejectionRequired : null),
    answerRecord: deliveryAnswer,
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
  createSale: {
    version: 1,
    provisional: {
      kind: 'V',
      of: (p) => p.sale.offline.provisional,
      with: (p, folio) => ({ ...p, sale: { ...p.sale, offline: { ...p.sale.offline, provisional: folio } } }),
    },
    // The counter's sales arrive in the order they were made, so their real folios follow the provisional ones.
    lane: () => 'sales',
    records: () => [],
    refuse: (_records, p) => (p.sale.items.length === 0 ? syncMessages.emptySale : null),
    apply: (_key, record) => record,
    creates: {
      table: 'counterSales',
      record: (p, made) => ({
        id: made.id,
        userId: made.userId,
        provisional: p.sale.offline.provisional,
        madeAt: made.now,
        company: p.shown.company,
        branch: p.shown.branch,
        seller: p.shown.seller,
        date: p.sale.date,
        type: p.sale.type,
        bar: p.sale.bar,
        note: p.sale.note,
        lines: p.shown.lines,
        subtotal: p.shown.subtotal,
        iva: p.shown.iva,
        total: p.shown.total,
        warnings: p.shown.warnings,
        arrived: null,
      }),
      // Acknowledged even when its answer cannot be read: the server has it, it is not 'discarded'.
      arrived: (record, answer) => ({ ...(record as LocalSale), arrived: arrivedSale(answer) ?? (record as LocalSale).arrived, acknowledged: true }),
    },
    request: (p) => ({ method: COMMAND_ROUTES.createSale.method, path: commandPath(COMMAND_ROUTES.createSale), body: p.sale }),
  },
  collectPayment: {
    version: 1,
    provisional: { kind: 'C', of: (p) => p.provisional, with: (p, folio) => ({ ...p, provisional: folio }) },
    // After the route's deliveries taken before it, before the cut that counts it.
    lane: (p) => routeLane(p.shippingId),
    records: () => [],
    refuse: (_records, p) => (p.amount > 0 && Number.isFinite(p.amount) ? null : syncMessages.amountPositive),
    apply: (_key, record) => record,
    creates: {
      table: 'payments',
      record: (p, made) => ({
        id: made.id,
        userId: made.userId,
        provisional: p.provisional,
        madeAt: made.now,
        shippingId: p.shippingId,
        detailId: p.detailId,
        saleId: p.saleId,
        company: p.company,
        amount: p.amount,
        paymentMethod: p.paymentMethod,
        reference: p.reference,
        collected_at: p.collected_at,
        arrived: null,
      }),
      arrived: (record, answer) => ({
        ...(record as LocalPayment),
        arrived: arrivedPayment(answer) ?? (record as LocalPayment).arrived,
        acknowledged: true,
      }),
    },
    request: (p) => ({
      method: COMMAND_ROUTES.collectAtStop.method,
      path: commandPath(COMMAND_ROUTES.collectAtStop, p.detailId),
      body: {
        amount: p.amount,
        payment_method_id: p.paymentMethod.id,
        reference: p.reference,
        collected_at: p.collected_at,
        provisional: p.provisional,
      },
    }),
  },
  submitDriverCut: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: () => [],
    refuse: (_records, p) => (p.counted.every((line) => line.amount >= 0 && Number.isFinite(line.amount)) ? null : syncMessages.countedInvalid),
    apply: (_key, record) => record,
    creates: {
      table: 'driverCuts',
      record: (p, made) => ({
        shippingId: p.shippingId,
        userId: made.userId,
        counted: p.counted,
        note: p.note,
        submitted_at: p.submitted_at,
        arrived: false,
      }),
      arrived: (record) => ({ ...(record as LocalDriverCut), arrived: true }),
    },
    request: (p) => ({
      method: COMMAND_ROUTES.submitDriverCut.method,
      path: commandPath(COMMAND_ROUTES.submitDriverCut, p.shippingId),
      body: {
        counted: p.counted.map(({ payment_method_id, amount }) => ({ payment_method_id, amount })),
        note: p.note,
        submitted_at: p.submitted_at,
      },
    }),
  },
};

export function commandSpec(name: string): CommandSpec<unknown> | undefined {
  return (COMMANDS as Record<string, CommandSpec<unknown>>)[name];
}

/** Re-applies commands, in their order, on top of a record as the server last sent it. */
export function applyPending(key: RecordKey, base: LocalRecord, rows: { command: string; payload: unknown }[]): LocalRecord {
  return rows.reduce((record, row) => commandSpec(row.command)?.apply(key, record, row.payload) ?? record, base);
}
