import { amountProblem, MAX_PAYMENT } from '../../../domain/collections';
import { collectionsMessages } from '../../../domain/messages/collections';
import { driverMoneyMessages } from '../../../domain/messages/driver-money';
import { routeMoneyMessages } from '../../../domain/messages/route-money';
import { commonMessages } from '../../../domain/messages/shell';
import { fromCents, hasTooManyDecimals, parseAmount, toCents } from '../../../domain/money';
import type { LocalDetail, PaymentMethod } from '../../../sync/db';
import type { SyncEngine } from '../../../sync/engine';
import { CommandRefused } from '../../../sync/command-refused';
import { monterreyMinute } from '../../../domain/time';
import type { MethodAmount } from '../../sync/driver-money-reads';

const text = driverMoneyMessages;

/** What the driver typed in 'Cobrar'. */
export interface CollectInput {
  amount: string;
  method: PaymentMethod | null;
  reference: string;
}

export type CollectField = 'amount' | 'method' | 'reference';

/** What is wrong with the sheet, in Spanish, and which field; null when it may be recorded. */
export function collectProblem(
  input: CollectInput,
  methods: readonly PaymentMethod[],
): { field: CollectField | null; message: string } | null {
  if (methods.length === 0) return { field: null, message: text.paymentMethodsMissing };
  const amount = amountProblem(input.amount);
  if (amount) return { field: 'amount', message: amount };
  if (!input.method) return { field: 'method', message: collectionsMessages.paymentMethodRequired };
  if (input.reference.trim().length > 60) return { field: 'reference', message: collectionsMessages.referenceTooLong };
  return null;
}

/**
 * Records a payment at a stop ('Registrar cobro'), with or without signal: the receipt's
 * provisional number, then the outbox command that creates the payment on the phone and carries
 * it to the server (POST /api/v2/shipping_details/{id}/payments). Answers the payment's id (its
 * outbox row's), or why it was not taken. `now` is when the driver acted.
 */
export async function collectAtStop(
  engine: SyncEngine | null,
  detail: LocalDetail,
  input: CollectInput,
  methods: readonly PaymentMethod[],
  now: Date = new Date(),
): Promise<{ id: string } | { error: string; field: CollectField | null }> {
  const problem = collectProblem(input, methods);
  if (problem) return { error: problem.message, field: problem.field };
  if (!engine) return { error: commonMessages.genericError, field: null };
  try {
    const row = await engine.command('collectPayment', {
      shippingId: detail.shipping_id,
      detailId: detail.id,
      saleId: detail.sale.id,
      company: detail.sale.company_name,
      amount: fromCents(parseAmount(input.amount)!),
      paymentMethod: { id: input.method!.id, name: input.method!.name },
      reference: input.reference.trim() || null,
      collected_at: monterreyMinute(now),
      // Left blank: the outbox takes the next receipt number in the command's own transaction.
      provisional: '',
    });
    return { id: row.id };
  } catch (error) {
    return { error: error instanceof CommandRefused ? error.message : commonMessages.genericError, field: null };
  }
}

/** What is wrong with a counted amount as typed; null when it is zero or more, to the cent. */
export function countedProblem(typed: string): string | null {
  if (typed.trim() === '') return routeMoneyMessages.countedAmountRequired;
  const cents = parseAmount(typed);
  if (cents === null) return hasTooManyDecimals(typed) ? routeMoneyMessages.countedCents : collectionsMessages.amountInvalid;
  if (cents > toCents(MAX_PAYMENT)) return routeMoneyMessages.countedTooLarge;
  return null;
}

/**
 * Closes the route's cut ('Cerrar corte'): what the driver counted by method and a note,
 * through the outbox after the route's payments. Once: a cut already closed on this phone
 * (and not discarded) is not closed again. Null when taken, or why not (Spanish).
 */
export async function closeDriverCut(
  engine: SyncEngine | null,
  shippingId: number,
  counted: readonly (MethodAmount & { typed: string })[],
  note: string,
  now: Date = new Date(),
): Promise<string | null> {
  const problem = counted.map((line) => countedProblem(line.typed)).find((message) => message !== null);
  if (problem) return problem;
  if (note.trim().length > 300) return routeMoneyMessages.noteTooLong;
  if (!engine) return commonMessages.genericError;
  try {
    const existing = await engine.db.driverCuts.get(shippingId);
    if (
      existing &&
      (existing.arrived ||
        (await engine.db.outbox.where('lane').equals(`route:${shippingId}`).toArray()).some((row) => row.command === 'submitDriverCut'))
    ) {
      return text.cutAlreadyClosed;
    }
    await engine.command('submitDriverCut', {
      shippingId,
      counted: counted.map((line) => ({
        payment_method_id: line.payment_method_id,
        name: line.name,
        amount: fromCents(parseAmount(line.typed)!),
      })),
      note: note.trim() || null,
      submitted_at: monterreyMinute(now),
    });
    return null;
  } catch (error) {
    return error instanceof CommandRefused ? error.message : commonMessages.genericError;
  }
}
