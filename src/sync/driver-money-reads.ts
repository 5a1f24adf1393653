import { useLiveQuery } from 'dexie-react-hooks';
import { CASH_PAYMENT_METHOD } from '../../domain/caja';
import { JOB_POSITIONS } from '../../domain/job-positions';
import { fromCents, toCents } from '../../domain/money';
import { deliveryStatus } from '../../domain/rules/delivery-status';
import {
  readMeta,
  type LocalDetail,
  type LocalDriverCut,
  type LocalPayment,
  type LocalShipping,
  type OutboxRow,
  type PaymentMethod,
  type SyncDatabase,
} from '../../sync/db';
import { useSyncDatabase } from './sync-context';

/**
 * The money a route brings back as the driver's phone knows it (issue 46): the payments taken
 * at its stops ('Cobrar') and the route's cash cut, each with where it stands on its way to
 * the server, and the payment methods the device has. Its own module, apart from
 * driver-reads.ts: only the route's screen (a lazy chunk) reads it, not the driver's start.
 */

/**
 * Where something the driver did stands: waiting to be sent (or being sent), arrived, refused by
 * the server (its row waits in the outbox with the reason), or discarded after a refusal.
 */
export type MoneyState = 'pending' | 'arrived' | 'refused' | 'discarded';

export interface RoutePayment {
  payment: LocalPayment;
  state: MoneyState;
  /** The server's reason, when it refused it. */
  reason: string | null;
}

export interface RouteCut {
  cut: LocalDriverCut;
  state: MoneyState;
  reason: string | null;
}

export interface RouteMoney {
  payments: RoutePayment[];
  /** The cut closed on this phone, or null. */
  cut: RouteCut | null;
  /** The device's payment methods, Efectivo, Transferencia and Cheque first. */
  methods: PaymentMethod[];
}

export interface MethodAmount {
  payment_method_id: number;
  name: string;
  amount: number;
}

/** The methods drivers take most, in this order, before the others (by name). */
const FIRST_METHODS = [CASH_PAYMENT_METHOD, 'Transferencia', 'Cheque'];

export function orderPaymentMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  const rank = (method: PaymentMethod) => {
    const index = FIRST_METHODS.indexOf(method.name.trim());
    return index === -1 ? FIRST_METHODS.length : index;
  };
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'es-MX') || a.id - b.id);
}

export const isCash = (method: { name: string }) => method.name.trim() === CASH_PAYMENT_METHOD;

/** Where a record the device made stands, from whether the server answered and its outbox row. */
export function moneyState(arrived: boolean, row: OutboxRow | undefined): { state: MoneyState; reason: string | null } {
  if (arrived) return { state: 'arrived', reason: null };
  if (!row) return { state: 'discarded', reason: null };
  if (row.state === 'rejected') return { state: 'refused', reason: row.lastError };
  return { state: 'pending', reason: null };
}

/** A payment that counts: on its way, or arrived. A refused or discarded one is shown, not counted. */
export const standing = (entry: { state: MoneyState }) => entry.state === 'pending' || entry.state === 'arrived';

export async function readRouteMoney(db: SyncDatabase, shippingId: number): Promise<RouteMoney> {
  const [payments, cut, methods, laneRows] = await Promise.all([
    db.payments.where('shippingId').equals(shippingId).sortBy('madeAt'),
    db.driverCuts.get(shippingId),
    readMeta<PaymentMethod[]>(db, 'paymentMethods'),
    db.outbox.where('lane').equals(`route:${shippingId}`).toArray(),
  ]);
  const rows = new Map(laneRows.map((row) => [row.id, row]));
  const cutRow = laneRows.filter((row) => row.command === 'submitDriverCut').sort((a, b) => b.seq - a.seq)[0];
  return {
    payments: payments.map((payment) => ({
      payment,
      ...moneyState(payment.arrived !== null || payment.acknowledged === true, rows.get(payment.id)),
    })),
    cut: cut ? { cut, ...moneyState(cut.arrived, cutRow) } : null,
    methods: orderPaymentMethods(Array.isArray(methods) ? methods : []),
  };
}

/** The route's money on this device, live. Undefined until read once. */
export function useRouteMoney(shippingId: number): RouteMoney | undefined {
  const db = useSyncDatabase();
  return useLiveQuery(() => readRouteMoney(db, shippingId), [db, shippingId]);
}

/** What was collected at one stop on this phone and stands, in pesos (added in cents). */
export function collectedAtStop(payments: readonly RoutePayment[], detailId: number): number {
  return fromCents(
    payments
      .filter((entry) => entry.payment.detailId === detailId && standing(entry))
      .reduce((sum, entry) => sum + toCents(entry.payment.amount), 0),
  );
}

/**
 * The stop's sale balance as the phone figures it: the balance last pulled, less what was
 * collected here that the server has not answered yet (once a payment arrived, the next pull —
 * in the same round — brings the balance after it). Never below zero.
 */
export function stopBalance(detail: LocalDetail, payments: readonly RoutePayment[]): number {
  const waiting = payments
    .filter((entry) => entry.payment.detailId === detail.id && entry.state === 'pending')
    .reduce((sum, entry) => sum + toCents(entry.payment.amount), 0);
  return fromCents(Math.max(0, toCents(detail.sale.sale_due_balance) - waiting));
}

/**
 * Whether the stop's balance waits on the server: a partial delivery made on this phone (the
 * stop still carries its `returned` lines, which the server's copy clears) lowers the sale by a
 * credit note only the server figures. Until it arrives the phone neither shows nor suggests a
 * balance; the driver types what the customer pays, and the server applies it oldest first (any
 * excess is the customer's credit). 'Cobrar' is still decided on stopBalance: what came back
 * only lowers it, so with none before there is none after.
 */
export const balanceAwaitsPartialDelivery = (detail: Pick<LocalDetail, 'returned'>) => (detail.returned?.length ?? 0) > 0;

/** The balance 'Cobrar' shows and starts from: stopBalance, or null while it awaits a partial delivery. */
export const collectBalance = (detail: LocalDetail, payments: readonly RoutePayment[]): number | null =>
  balanceAwaitsPartialDelivery(detail) ? null : stopBalance(detail, payments);

/** What the route's standing payments collected, by payment method, in the device's order of methods. */
export function collectedByMethod(payments: readonly RoutePayment[], methods: readonly PaymentMethod[] = []): MethodAmount[] {
  const byMethod = new Map<number, { name: string; cents: number }>();
  for (const entry of payments) {
    if (!standing(entry)) continue;
    const { id, name } = entry.payment.paymentMethod;
    const line = byMethod.get(id) ?? { name, cents: 0 };
    line.cents += toCents(entry.payment.amount);
    byMethod.set(id, line);
  }
  const order = new Map(
    orderPaymentMethods([...methods, ...[...byMethod].map(([id, { name }]) => ({ id, name }))]).map((m, i) => [m.id, i]),
  );
  return [...byMethod]
    .map(([id, line]) => ({ payment_method_id: id, name: line.name, amount: fromCents(line.cents) }))
    .sort((a, b) => (order.get(a.payment_method_id) ?? 0) - (order.get(b.payment_method_id) ?? 0));
}

export const totalOf = (lines: readonly { amount: number }[]) => fromCents(lines.reduce((sum, line) => sum + toCents(line.amount), 0));

/** A cut closed on this phone that still stands: one that was discarded may be closed again. */
export const cutClosed = (money: RouteMoney | undefined) => money?.cut != null && money.cut.state !== 'discarded';

/**
 * Whether the stop offers 'Cobrar' — what the server would take (server/repositories/route-money.ts):
 * the route's own driver, once the route started, not on a cancelled sale, not after the route's
 * cut was closed; a Chofer Repartidor only while the stop's balance (the phone's figure) is above
 * zero, a Chofer Ejecutivo also with none (older balances, or credit).
 */
export function mayCollect({
  shipping,
  detail,
  user,
  balance,
  money,
}: {
  shipping: LocalShipping;
  detail: LocalDetail;
  user: { id: number; job_position: string | null };
  balance: number;
  money: RouteMoney | undefined;
}): boolean {
  if (shipping.driver_id !== user.id || shipping.initial_km == null) return false;
  if (deliveryStatus(detail) === 'Cancelada' || cutClosed(money)) return false;
  return user.job_position === JOB_POSITIONS.executiveDriver || balance > 0;
}

/**
 * The lines the driver counts in the cut: every method collected on this phone, and Efectivo,
 * Transferencia and Cheque when the device has them, each with what was collected (0 if none).
 */
export function cutLines(collected: readonly MethodAmount[], methods: readonly PaymentMethod[]): MethodAmount[] {
  const lines = new Map(collected.map((line) => [line.payment_method_id, line]));
  for (const method of methods) {
    if (FIRST_METHODS.includes(method.name.trim()) && !lines.has(method.id)) {
      lines.set(method.id, { payment_method_id: method.id, name: method.name, amount: 0 });
    }
  }
  const order = new Map(
    orderPaymentMethods([...lines.values()].map((line) => ({ id: line.payment_method_id, name: line.name }))).map((m, i) => [m.id, i]),
  );
  return [...lines.values()].sort((a, b) => order.get(a.payment_method_id)! - order.get(b.payment_method_id)!);
}
