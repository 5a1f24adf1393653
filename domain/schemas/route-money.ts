import * as z from 'zod/mini';
import { isWholeCents, MAX_PAYMENT } from '../collections';
import { collectionsMessages } from '../messages/collections';
import { routeMoneyMessages } from '../messages/route-money';
import { isWallMinute } from '../time';

/**
 * The contract of the money a route brings back (issue 46): a payment the driver takes at a
 * stop, the driver's cash cut of the route, and the office's receipt of it. The server
 * validates with these, the driver's outbox sends these bodies, and the office's screens parse
 * the answers with them.
 */
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const text = routeMoneyMessages;
const paid = collectionsMessages;
const id = (message: string) => z.int({ error: message }).check(z.positive(message), z.maximum(2_147_483_647, message));
const optionalText = (max: number, tooLong: string) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLong))));

/**
 * POST /api/v2/shipping_details/{id}/payments ('Cobrar' at a stop, from the driver's outbox): what
 * the driver took, how, and when (Monterrey, to the minute, as the phone took it), with the
 * provisional number its receipt showed. Applied to the stop's customer's oldest sales first.
 */
export const stopPaymentInputSchema = z.object({
  amount: z
    .number({ error: paid.amountRequired })
    .check(z.gt(0, paid.amountPositive), z.lte(MAX_PAYMENT, paid.amountTooLarge), z.refine(isWholeCents, paid.amountCents)),
  payment_method_id: id(paid.paymentMethodRequired),
  reference: optionalText(60, paid.referenceTooLong),
  collected_at: z.string({ error: text.collectedAtInvalid }).check(z.refine(isWallMinute, text.collectedAtInvalid)),
  provisional: z
    .string({ error: text.provisionalRequired })
    .check(z.trim(), z.minLength(1, text.provisionalRequired), z.maxLength(20, text.provisionalTooLong)),
});
export type StopPaymentInput = z.infer<typeof stopPaymentInputSchema>;

const countedAmount = z
  .number({ error: text.countedAmountRequired })
  .check(z.gte(0, text.countedNegative), z.lte(MAX_PAYMENT, text.countedTooLarge), z.refine(isWholeCents, text.countedCents));

/**
 * POST /api/v2/shippings/{id}/driver_cut: the driver closes the route's cut with what they
 * count by payment method (each method once), from the phone, once per route.
 */
export const driverCutInputSchema = z.object({
  counted: z
    .array(z.object({ payment_method_id: id(paid.paymentMethodRequired), amount: countedAmount }), { error: text.countedRequired })
    .check(
      z.maxLength(20, text.countedTooMany),
      z.refine((lines) => new Set(lines.map((line) => line.payment_method_id)).size === lines.length, text.countedRepeated),
    ),
  note: optionalText(300, text.noteTooLong),
  submitted_at: z.string({ error: text.submittedAtInvalid }).check(z.refine(isWallMinute, text.submittedAtInvalid)),
});
export type DriverCutInput = z.infer<typeof driverCutInputSchema>;

/** POST /api/v2/shippings/{id}/driver_cut/receive: the cash the office counts from the driver. */
export const driverCutReceiveSchema = z.object({
  received_cash: z
    .number({ error: (issue) => (issue.input === undefined ? text.receivedRequired : text.receivedInvalid) })
    .check(z.gte(0, text.receivedNegative), z.lte(MAX_PAYMENT, text.receivedTooLarge), z.refine(isWholeCents, text.receivedCents)),
  note: optionalText(300, text.noteTooLong),
});
export type DriverCutReceive = z.infer<typeof driverCutReceiveSchema>;

/** Where a route's cut stands: the driver has not closed it, closed it, or the office received it. */
export const DRIVER_CUT_STATES = ['open', 'submitted', 'received'] as const;
export type DriverCutState = (typeof DRIVER_CUT_STATES)[number];

const byMethod = z.object({ payment_method_id: int, name: str, amount: num });

/**
 * A route's cut (GET /api/v2/shippings/{id}/driver_cut, and what its writes answer), also before
 * the driver closed it (counted null): what the office expects (the balance the route's
 * delivered sales had before this route's payments), what was collected on the route by
 * method (its payments that stand), what the driver counted, and the office's receipt.
 */
export const driverCutSchema = z.object({
  shipping_id: int,
  driver_id: opt(int),
  driver_name: opt(str),
  state: z.enum(DRIVER_CUT_STATES),
  expected: num,
  collected: z.array(byMethod),
  collected_total: num,
  /** What was collected with the payment method 'Efectivo': the cash the driver hands in. */
  collected_cash: num,
  counted: opt(z.array(byMethod)),
  counted_total: opt(num),
  submitted_at: opt(str),
  /** The driver's note. */
  note: opt(str),
  received_at: opt(str),
  received_by_name: opt(str),
  received_cash: opt(num),
  /** Cash received minus cash collected: positive is money over, negative money short. */
  difference: opt(num),
  received_note: opt(str),
});
export type DriverCut = z.infer<typeof driverCutSchema>;
export const driverCutAnswerSchema = z.object({ data: driverCutSchema });

/** GET /api/v2/caja/driver_cuts: the drivers' cuts the signed-in person received today (/caja). */
export const receivedDriverCutSchema = z.object({
  shipping_id: int,
  driver_name: opt(str),
  received_at: str,
  collected_cash: num,
  received_cash: num,
  difference: num,
});
export type ReceivedDriverCut = z.infer<typeof receivedDriverCutSchema>;
export const receivedDriverCutsSchema = z.object({ data: z.array(receivedDriverCutSchema) });
