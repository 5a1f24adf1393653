import { lineAmount, shownPrice, type Cart, type CartTotals, type PricingRules } from '../../../domain/cart';
import { formatQuantityOf } from '../../../domain/format';
import { offlineMoneyMessages } from '../../../domain/messages/offline-money';
import type { CreatedSale, NewSale } from '../../../domain/schemas/new-sale';
import type { SaleTicket } from '../../../domain/schemas/ticket';
import type { SaleSeries } from '../../../domain/sales';
import type { CreateSale } from '../../../sync/commands';
import type { LocalSale, ShownLine, SyncDatabase } from '../../../sync/db';
import type { SyncEngine } from '../../../sync/engine';
import { CommandRefused } from '../../../sync/command-refused';
import { getErrorMessage, NetworkError } from '../../lib/api';
import { deviceStock, readPendingHolds } from '../../sync/counter-reads';

const text = offlineMoneyMessages;

/**
 * A new sale saved without a connection (issue 46): when the device is offline, or the direct
 * POST never got an answer, the sale goes into the outbox as 'createSale' under the key the
 * direct attempt used (the server answers a lost first attempt instead of making a second
 * sale), with the provisional folio its ticket prints and what the screen showed: the lines at
 * their shown prices, the totals, and the warnings the last known figures give (overdue
 * balance, stock the sale takes below zero). Nothing is refused for them: the office sees them
 * again when the sale arrives, priced by the server.
 */

/** The lines as the cart shows them for its series: unit price with Serie B's uplift, and each line's amount. */
export function shownLines(cart: Cart, series: SaleSeries, createdOn: string, rules: PricingRules): ShownLine[] {
  return cart.map((line) => {
    const price = shownPrice(line.price, series, createdOn, rules);
    return {
      item_id: line.itemId,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      price,
      amount: lineAmount(price, line.quantity),
    };
  });
}

/** What the screen showed when the sale was saved: the ticket prints it until the server's answer. */
export interface ShownSale {
  company: string;
  branch: string | null;
  seller: string;
  lines: ShownLine[];
  totals: CartTotals;
}

/**
 * The warnings the device's last known figures give: the customer's overdue balance, and the
 * lines whose stock (less what the device's unsent sales hold) this sale takes below zero.
 */
export async function offlineWarnings(db: SyncDatabase, companyId: number, lines: readonly ShownLine[]): Promise<string[]> {
  const warnings: string[] = [];
  const customer = await db.customers.get(companyId);
  if (customer && customer.overdue > 0) warnings.push(text.overdue(customer.overdue));
  const [items, holds] = await Promise.all([db.items.bulkGet(lines.map((line) => line.item_id)), readPendingHolds(db)]);
  const short = lines.filter((line, index) => {
    const item = items[index];
    const stock = item ? deviceStock(item, holds) : null;
    return stock !== null && stock - line.quantity < 0;
  });
  if (short.length > 0) warnings.push(text.stockShort(short.map((line) => line.name).join(', ')));
  return warnings;
}

/** Queues the sale as 'createSale' under `key`; resolves the sale as the device keeps it. */
export async function queueSale(
  engine: SyncEngine | null,
  db: SyncDatabase,
  { body, key, shown, now }: { body: NewSale; key: string; shown: ShownSale; now: Date },
): Promise<LocalSale> {
  if (!engine) throw new Error('sync engine not started');
  const warnings = await offlineWarnings(db, body.company_id, shown.lines);
  const payload: CreateSale = {
    // The body exactly as a direct attempt sent it, with how it travelled offline after it.
    // The provisional folio is left blank: the outbox takes the next in the command's own transaction.
    sale: { ...body, offline: { made_at: now.toISOString(), provisional: '', device_total: shown.totals.total } },
    shown: {
      company: shown.company,
      branch: shown.branch,
      seller: shown.seller,
      lines: shown.lines,
      subtotal: shown.totals.subtotal,
      iva: shown.totals.iva,
      total: shown.totals.total,
      warnings,
    },
  };
  const row = await engine.command('createSale', payload, undefined, { id: key });
  const sale = await db.counterSales.get(row.id);
  if (!sale) throw new Error('the queued sale is not on the device');
  return sale;
}

export type SavedSale = { kind: 'online'; saved: CreatedSale } | { kind: 'offline'; sale: LocalSale };

/**
 * Saves a new sale: directly while online; into the outbox when offline or when the direct
 * request never got an answer (a network error or a timeout — NOT a refusal or a server
 * error, which the person reads and acts on as before).
 */
export async function saveNewSale({
  online,
  send,
  queue,
}: {
  online: boolean;
  send: () => Promise<CreatedSale>;
  queue: () => Promise<LocalSale>;
}): Promise<SavedSale> {
  if (!online) return { kind: 'offline', sale: await queue() };
  try {
    return { kind: 'online', saved: await send() };
  } catch (error) {
    if (error instanceof NetworkError) return { kind: 'offline', sale: await queue() };
    throw error;
  }
}

/** Why saving failed, for the person: the outbox's own reason (storage full, no lines) or the request's. */
export function saveFailure(error: unknown): string {
  if (error instanceof CommandRefused) return error.message;
  return getErrorMessage(error);
}

/**
 * The ticket of a sale made on this device: before it arrived, the lines and totals the device
 * showed under its provisional folio; after, the server's number, lines and totals.
 */
export function deviceSaleTicket(sale: LocalSale, printedAt: string): SaleTicket {
  const arrived = sale.arrived;
  const lines = arrived ? arrived.items : sale.lines;
  return {
    id: arrived?.id ?? null,
    provisional: sale.provisional,
    date: sale.date,
    printedAt,
    company: sale.company,
    branch: sale.branch,
    seller: sale.seller,
    type: sale.type,
    bar: sale.bar,
    items: lines.map(({ name, unit, quantity, price, amount }) => ({ name, unit, quantity, price, amount })),
    subtotal: arrived?.subtotal ?? sale.subtotal,
    iva: arrived?.iva ?? sale.iva,
    total: arrived?.total ?? sale.total,
    note: sale.note,
  };
}

/** 'Existencia: 12 kg' for an item found on the device; null when its stock is unknown. */
export function stockText(stock: number | null, unit: string): string | null {
  return stock === null ? null : text.deviceStock(formatQuantityOf(stock, unit));
}
