import * as z from 'zod/mini';
import { partialDeliveryMessages } from '../messages/partial-delivery';
import { shippingMessages } from '../messages/shipping';
import { isWallMinute } from '../time';

/**
 * What a driver's phone sends when a stop is completed (PATCH /api/v2/shipping_details/{id}):
 * apart from the delivery's shape (shipping.ts), which every device parses at start, so that the
 * partial delivery's and the signature's rules load only where a delivery is sent or checked.
 */

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const minute = z.string({ error: shippingMessages.invalidTime }).check(z.refine(isWallMinute, shippingMessages.invalidTime));

/** Why a line of a partial delivery came back (issue 47), stored on its sale return line. */
export const RETURN_LINE_REASONS = ['Dañado', 'Equivocado', 'No lo pidió'] as const;
export type ReturnLineReason = (typeof RETURN_LINE_REASONS)[number];

/** The signature's PNG, decoded, at most this many bytes (413 above it). */
export const MAX_SIGNATURE_BYTES = 300 * 1024;
const SIGNATURE_PREFIX = 'data:image/png;base64,';
/**
 * A signature as the device sends it: a PNG data URL. Its length here bounds only the body (a
 * larger one than MAX_SIGNATURE_BYTES decoded is refused by the server with 413, after parsing).
 */
const signatureDataUrl = z.string({ error: partialDeliveryMessages.signatureInvalid }).check(
  z.maxLength(1_000_000, partialDeliveryMessages.signatureTooLarge),
  z.refine(
    (value) => value.startsWith(SIGNATURE_PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(value.slice(SIGNATURE_PREFIX.length)),
    partialDeliveryMessages.signatureInvalid,
  ),
);
const twoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A line the customer did not accept: how much of the sale's product came back, and why. */
export const returnedLineSchema = z.object({
  item_id: id,
  quantity: z
    .number({ error: partialDeliveryMessages.quantityInvalid })
    .check(
      z.gt(0, partialDeliveryMessages.quantityInvalid),
      z.lte(100_000, partialDeliveryMessages.quantityInvalid),
      z.refine(twoDecimals, partialDeliveryMessages.quantityInvalid),
    ),
  reason: z.enum(RETURN_LINE_REASONS, { error: partialDeliveryMessages.reasonInvalid }),
});
export type ReturnedLine = z.infer<typeof returnedLineSchema>;

/**
 * PATCH /api/v2/shipping_details/{id}: delivered with evidence, or rejected with a reason. A
 * delivery may also carry who received it and their signature, and what the customer did not
 * accept (a partial delivery: a sale return with its credit note, issue 47).
 */
export const shippingDetailPatchSchema = z.object({
  completed: z.literal(true),
  is_delivered: z.boolean(),
  delivered_at: z.optional(minute),
  pdf: z.optional(z.nullable(z.string().check(z.maxLength(120)))),
  delivery_rejection_comment: z.optional(z.nullable(z.string().check(z.maxLength(2000)))),
  latitude: z.optional(z.nullable(z.number().check(z.gte(-90), z.lte(90)))),
  longitude: z.optional(z.nullable(z.number().check(z.gte(-180), z.lte(180)))),
  received_by: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(120, partialDeliveryMessages.receivedByTooLong)))),
  signature: z.optional(z.nullable(signatureDataUrl)),
  returned: z.optional(z.array(returnedLineSchema).check(z.maxLength(200, partialDeliveryMessages.tooManyLines))),
});
export type ShippingDetailPatch = z.infer<typeof shippingDetailPatchSchema>;
