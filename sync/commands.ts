import { messages } from '../domain/messages';
import type { LocalDetail, LocalOrder, LocalShipping } from './db';

/**
 * The named commands of the driver and the warehouse (sync-engine.md rule 1). Each one
 * says which records it changes, how it changes them on the device (a pure function, so a
 * pull can re-apply it on top of newer server data), which lane it replays in, and the §7
 * request that carries it to the server.
 */

export interface RequestSpec {
  method: 'PUT' | 'PATCH' | 'POST';
  path: string;
  body: unknown;
}

export type RecordKey = `shipping:${number}` | `detail:${number}` | `order:${number}`;
export type LocalRecord = LocalShipping | LocalDetail | LocalOrder;

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

export interface CommandPayloads {
  startRoute: StartRoute;
  finishRoute: FinishRoute;
  completeDelivery: CompleteDelivery;
  rejectDelivery: RejectDelivery;
  startProduction: OrderLines;
  dispatchOrder: OrderLines;
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

function refuseCompleted(records: Map<RecordKey, LocalRecord>, detailId: number): string | null {
  const detail = records.get(`detail:${detailId}`) as LocalDetail | undefined;
  return detail?.completed ? messages.sync.alreadyCompleted : null;
}

const orderRequest = (path: string) => (payload: OrderLines): RequestSpec => ({
  method: 'POST',
  path,
  body: { id: payload.orderId, quotation_items: payload.quotation_items },
});

export const COMMANDS: { [N in CommandName]: CommandSpec<CommandPayloads[N]> } = {
  startRoute: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`shipping:${p.shippingId}`],
    // 'Iniciar' is offered only until the start is captured (spec §4).
    refuse: (records, p) => ((records.get(`shipping:${p.shippingId}`) as LocalShipping | undefined)?.initial_km != null ? messages.sync.routeAlreadyStarted : null),
    apply: (_key, record, p) => ({ ...(record as LocalShipping), initial_km: p.initial_km, km_capture_time_start: p.km_capture_time_start }),
    request: (p) => ({
      method: 'PUT',
      path: '/api/v1/shipping/update',
      body: { id: p.shippingId, initial_km: p.initial_km, km_capture_time_start: p.km_capture_time_start },
    }),
  },
  finishRoute: {
    version: 1,
    lane: (p) => routeLane(p.shippingId),
    records: (p) => [`shipping:${p.shippingId}`],
    refuse: (records, p) => {
      const shipping = records.get(`shipping:${p.shippingId}`) as LocalShipping | undefined;
      if (shipping?.initial_km == null) return messages.shipping.finalWithoutInitial;
      if (shipping.final_km != null) return messages.sync.routeAlreadyFinished;
      return p.final_km < shipping.initial_km ? messages.shipping.finalBelowInitial : null;
    },
    apply: (_key, record, p) => {
      const shipping = record as LocalShipping;
      return {
        ...shipping,
        final_km: p.final_km,
        km_capture_time: p.km_capture_time,
        route: shipping.initial_km == null ? shipping.route : p.final_km - shipping.initial_km,
      };
    },
    request: (p) => ({
      method: 'PUT',
      path: '/api/v1/shipping/update',
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
      method: 'PATCH',
      path: `/api/v2/shipping_details/${p.detailId}`,
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
      refuseCompleted(records, p.detailId) ?? (p.delivery_rejection_comment.trim() === '' ? messages.shipping.rejectionRequired : null),
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
      method: 'PATCH',
      path: `/api/v2/shipping_details/${p.detailId}`,
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
    refuse: (records, p) => ((records.get(`order:${p.orderId}`) as LocalOrder | undefined)?.is_in_production ? messages.orders.alreadyInProduction : null),
    apply: (_key, record) => ({ ...(record as LocalOrder), is_in_production: true }),
    request: orderRequest('/api/v2/orders/start_order_production'),
  },
  dispatchOrder: {
    version: 1,
    lane: (p) => orderLane(p.orderId),
    records: (p) => [`order:${p.orderId}`],
    refuse: (records, p) => ((records.get(`order:${p.orderId}`) as LocalOrder | undefined)?.dispatched ? messages.orders.alreadyDispatched : null),
    apply: (_key, record) => ({ ...(record as LocalOrder), dispatched: true }),
    request: orderRequest('/api/v2/orders/dispatch_sale_order'),
  },
};

export function commandSpec(name: string): CommandSpec<unknown> | undefined {
  return (COMMANDS as Record<string, CommandSpec<unknown>>)[name];
}

/** Re-applies commands, in their order, on top of a record as the server last sent it. */
export function applyPending(key: RecordKey, base: LocalRecord, rows: { command: string; payload: unknown }[]): LocalRecord {
  return rows.reduce((record, row) => commandSpec(row.command)?.apply(key, record, row.payload) ?? record, base);
}
