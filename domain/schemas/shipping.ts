import * as z from 'zod/mini';
import { shippingMessages } from '../messages/shipping';
import { isCalendarDay, isWallMinute } from '../time';

const text = shippingMessages;

/** A route delivers (the default) or, in the event-rental business, picks rented goods up. */
export const SHIPPING_KINDS = ['entrega', 'recoleccion'] as const;
export type ShippingKind = (typeof SHIPPING_KINDS)[number];
export const shippingKindSchema = z.enum(SHIPPING_KINDS);

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const nullableId = z.nullable(id);
/** Kilometres: whole numbers, accepted as numbers or numeric strings (the form sends text). */
const km = z.nullable(
  z.pipe(
    z.union([z.number(), z.string().check(z.regex(/^\s*\d{1,7}\s*$/, text.invalidKm))]),
    z.transform((value, ctx) => {
      const n = typeof value === 'string' ? Number(value.trim()) : value;
      if (!Number.isInteger(n) || n < 0 || n > 9_999_999) {
        ctx.issues.push({ code: 'custom', message: text.invalidKm, input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
);
const date = z
  .string({ error: text.required })
  .check(z.minLength(1, { error: text.required, abort: true }), z.refine(isCalendarDay, text.invalidDate));
const minute = z.string({ error: text.invalidTime }).check(z.refine(isWallMinute, text.invalidTime));
const note = z.nullable(z.string().check(z.maxLength(2000)));

/** POST /api/v1/shipping/create (spec §7). The server sets who created it. */
export const shippingCreateSchema = z.object({
  driver_id: z.optional(nullableId),
  date,
  vehicle_id: z.optional(nullableId),
  initial_km: z.optional(km),
  final_km: z.optional(km),
  route: z.optional(z.nullable(z.number())),
  note: z.optional(note),
  /** Set when the route is made: 'recoleccion' only where the business rents its goods. */
  kind: z.optional(shippingKindSchema),
  user_id: z.optional(nullableId),
  created_by_user_id: z.optional(nullableId),
  last_updated_by_user_id: z.optional(nullableId),
});
export type ShippingCreate = z.infer<typeof shippingCreateSchema>;

/** PUT /api/v1/shipping/update (spec §7), also used to start and finish a route. */
export const shippingUpdateSchema = z.object({
  id,
  date: z.optional(date),
  driver_id: z.optional(nullableId),
  vehicle_id: z.optional(nullableId),
  initial_km: z.optional(km),
  final_km: z.optional(km),
  note: z.optional(note),
  km_capture_time_start: z.optional(z.nullable(minute)),
  km_capture_time: z.optional(z.nullable(minute)),
  route: z.optional(z.nullable(z.number())),
  last_updated_by_user_id: z.optional(nullableId),
});
export type ShippingUpdate = z.infer<typeof shippingUpdateSchema>;

export const shippingDetailCreateSchema = z.object({
  sale_id: id,
  shipping_id: id,
  completed: z.optional(z.boolean()),
  invoice: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
  created_by_user_id: z.optional(nullableId),
  last_updated_by_user_id: z.optional(nullableId),
});

export const shippingDetailUpdateSchema = z.object({
  id,
  completed: z.optional(z.boolean()),
  sale_id: z.optional(id),
  shipping_id: z.optional(id),
  invoice: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
  last_updated_by_user_id: z.optional(nullableId),
});

const person = z.object({ name: z.string(), last: z.string() });

/** What a routes list shows of each delivery's sale (the default of GET /api/v2/shippings). */
const saleSummary = {
  id: z.int(),
  company_name: z.string(),
  sale_weight: z.number(),
  sale_due_balance: z.number(),
  /** True once the sale was cancelled: its stop shows 'Cancelada' and weighs nothing. */
  canceled: z.optional(z.boolean()),
  /** The sale's notes, shown in the office detail panel (internal note, else note). */
  note: z.optional(z.nullable(z.string())),
  internal_note: z.optional(z.nullable(z.string())),
};

const detailFields = {
  id: z.int(),
  sale_id: z.int(),
  shipping_id: z.int(),
  company_id: z.nullable(z.int()),
  completed: z.boolean(),
  is_delivered: z.boolean(),
  delivery_rejection_comment: z.nullable(z.string()),
  delivered_at: z.nullable(z.string()),
  invoice: z.nullable(z.string()),
  pdf: z.nullable(z.string()),
  /** Where the driver was when delivering or rejecting, when the device gave its position. */
  latitude: z.optional(z.nullable(z.number())),
  longitude: z.optional(z.nullable(z.number())),
  /**
   * Issue 47 (optional: records a device stored before it lack them). The stop's place in the
   * route (null: after the ordered ones, by id); who received and the signature's stored file;
   * a partial delivery and its credit note (sale return).
   */
  stop_order: z.optional(z.nullable(z.int())),
  received_by: z.optional(z.nullable(z.string())),
  signature: z.optional(z.nullable(z.string())),
  partial: z.optional(z.boolean()),
  return_id: z.optional(z.nullable(z.int())),
};

export const shippingDetailSummarySchema = z.object({ ...detailFields, sale: z.object(saleSummary) });
export type ShippingDetailSummary = z.infer<typeof shippingDetailSummarySchema>;

/** A delivery with everything the driver, the manifest and the sale's page show of its sale. */
/** A pass that opens evidence files in another tab (POST /api/v2/files/pass), valid `expires_in` seconds. */
export const filePassSchema = z.object({ pass: z.string(), expires_in: z.int() });
export type FilePass = z.infer<typeof filePassSchema>;

export const shippingDetailSchema = z.object({
  ...detailFields,
  sale: z.object({
    ...saleSummary,
    /** The phone is absent from deliveries a device stored before it was sent. */
    contact: z.nullable(z.object({ name: z.string(), last: z.string(), phone: z.optional(z.nullable(z.string())) })),
    company_branch: z.nullable(z.object({ name: z.string() })),
    /** item_id and unit (issue 47's partial delivery) are absent from deliveries a device stored before. */
    sale_items: z.array(
      z.object({
        quantity: z.number(),
        item_id: z.optional(z.int()),
        unit: z.optional(z.string()),
        item: z.object({ name: z.string() }),
      }),
    ),
    company: z.object({ delivery_address: z.nullable(z.string()) }),
    user: person,
  }),
});
export type ShippingDetail = z.infer<typeof shippingDetailSchema>;

const shippingFields = {
  id: z.int(),
  date: z.string(),
  driver_id: z.nullable(z.int()),
  driver: z.nullable(z.object({ id: z.int(), name: z.string(), last: z.string() })),
  vehicle_id: z.nullable(z.int()),
  vehicle: z.nullable(z.object({ id: z.int(), name: z.string() })),
  initial_km: z.nullable(z.int()),
  final_km: z.nullable(z.int()),
  km_capture_time_start: z.nullable(z.string()),
  km_capture_time: z.nullable(z.string()),
  route: z.nullable(z.int()),
  weight: z.number(),
  note: z.nullable(z.string()),
  /** Absent from routes a device stored before routes had a kind: those deliver. */
  kind: z.optional(shippingKindSchema),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_user_id: z.nullable(z.int()),
  last_updated_by_user_id: z.nullable(z.int()),
  user_id: z.nullable(z.int()),
};

export const shippingSchema = z.object({ ...shippingFields, shipping_details: z.array(shippingDetailSchema) });
export type Shipping = z.infer<typeof shippingSchema>;

/** A route as the app's list asks for it (`include=shipping_details.summary`): its deliveries with the sale's summary only. */
export const shippingSummarySchema = z.object({ ...shippingFields, shipping_details: z.array(shippingDetailSummarySchema) });
export type ShippingSummary = z.infer<typeof shippingSummarySchema>;

/** The list's include that sends each delivery's whole sale, as `shippingSchema` reads it (also the default, spec §7). */
export const SHIPPING_FULL_DETAILS = 'shipping_details.sale';
/** The include the app's list asks for: each delivery with its sale's summary, far lighter than the spec's whole sale. */
export const SHIPPING_SUMMARY = 'shipping_details.summary';

/** A page asked with `include=shipping_details.summary`. */
export const shippingPageSchema = z.object({ data: z.array(shippingSummarySchema), meta: z.object({ total: z.int() }) });
/** A page as spec §7 has it: the default, and what `include=shipping_details.sale` asks for. */
export const fullShippingPageSchema = z.object({ data: z.array(shippingSchema), meta: z.object({ total: z.int() }) });
