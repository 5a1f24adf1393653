import * as z from 'zod/mini';
import { rentalMessages } from '../messages/rentals';
import { shippingMessages } from '../messages/shipping';
import { isCalendarDay } from '../time';

export { SHIPPING_KINDS, shippingKindSchema, type ShippingKind } from './shipping';

const text = rentalMessages;
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const pieces = z
  .number({ error: text.pickupQuantityInvalid })
  .check(
    z.gte(0, text.pickupQuantityInvalid),
    z.lte(100_000, text.pickupQuantityInvalid),
    z.refine(twoDecimals, text.pickupQuantityInvalid),
  );

/**
 * POST /api/v2/sales/{id}/pickup: what came back of a rental, counted at the warehouse. A line
 * left out came back whole; missing and damaged pieces stay out of stock and are charged
 * against the deposit at `charge` each.
 */
export const rentalPickupInputSchema = z.object({
  note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500, text.noteTooLong)))),
  lines: z
    .array(
      z.object({
        item_id: id,
        missing: pieces,
        damaged: pieces,
        charge: z
          .number({ error: text.chargeInvalid })
          .check(z.gte(0, text.chargeInvalid), z.lte(1_000_000, text.chargeInvalid), z.refine(twoDecimals, text.chargeInvalid)),
      }),
    )
    .check(z.maxLength(200)),
});
export type RentalPickupInput = z.infer<typeof rentalPickupInputSchema>;

/** A recorded pick-up, with its effect on the deposit (spec §9). */
export const rentalPickupSchema = z.object({
  id: z.int(),
  sale_id: z.int(),
  shipping_id: z.int(),
  created_at: z.string(),
  created_by: z.object({ name: z.string(), last: z.string() }),
  note: z.nullable(z.string()),
  deposit: z.number(),
  charges: z.number(),
  /** What of the deposit goes back to the customer. */
  refund: z.number(),
  /** What the charges exceed the deposit by. */
  owed: z.number(),
  lines: z.array(
    z.object({
      item_id: z.int(),
      name: z.string(),
      rented: z.number(),
      returned: z.number(),
      missing: z.number(),
      damaged: z.number(),
      charge: z.number(),
      amount: z.number(),
    }),
  ),
});
export type RentalPickup = z.infer<typeof rentalPickupSchema>;
/** GET /api/v2/sales/{id}/pickup: the pick-up, or null while the goods are out; `pieces` are what is out to come back. */
export const rentalPickupAnswerSchema = z.object({
  data: z.nullable(rentalPickupSchema),
  pieces: z.array(z.object({ item_id: z.int(), name: z.string(), rented: z.number(), cost: z.number() })),
  /** `cost`: what the product costs the business, the suggested charge for a piece lost. */
  /** The live pick-up route the rental is on, if any: the pick-up can be recorded only then. */
  pickup_shipping_id: z.nullable(z.int()),
});
export type RentalPickupAnswer = z.infer<typeof rentalPickupAnswerSchema>;

const day = z.string({ error: shippingMessages.invalidDate }).check(z.refine(isCalendarDay, shippingMessages.invalidDate));
/** GET /api/v2/rentals/pieces?from=&to=[&sale_id=]: per day and product, the pieces rented and the pieces the business owns. */
export const rentalPiecesQuerySchema = z.object({
  from: day,
  to: day,
  sale_id: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,9}$/)), z.transform(Number))),
});
export const rentalPiecesSchema = z.object({
  owned: z.array(z.object({ item_id: z.int(), name: z.string(), owned: z.number() })),
  days: z.array(z.object({ date: z.string(), item_id: z.int(), rented: z.number() })),
});
export type RentalPieces = z.infer<typeof rentalPiecesSchema>;
