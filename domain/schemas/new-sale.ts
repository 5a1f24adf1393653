import * as z from 'zod/mini';
import { newSaleMessages } from '../messages/new-sale';
import { offlineSaleMessages } from '../messages/offline-sales';
import { shippingMessages } from '../messages/shipping';
import { SALE_SERIES } from '../sales';
import { isCalendarDay } from '../time';

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const text = newSaleMessages;

/** A real day: '2026-02-31' matches the pattern but is no date. */

const hasTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** How far ahead of the server's clock a device's clock may run (minutes), and how old an offline sale may arrive (days). */
export const OFFLINE_CLOCK_SKEW_MINUTES = 5;
export const OFFLINE_MAX_AGE_DAYS = 30;

const offlineText = offlineSaleMessages;

/**
 * A sale made on a device without a connection (the outbox's createSale): when it was made,
 * the provisional folio its ticket printed, and the total the device showed. The server keeps
 * them and compares on arrival; the sale is priced by the server all the same.
 */
export const offlineSaleSchema = z.object({
  // A strict ISO 8601 instant (the calendar checked). A device clock far ahead or a sale a month
  // old is told to the office on arrival, never refused: a refusal could not be mended by retrying,
  // and the goods already left the counter.
  made_at: z.iso.datetime({ offset: true, error: offlineText.madeAtInvalid }),
  provisional: z.string({ error: offlineText.provisionalInvalid }).check(z.regex(/^[A-Z0-9-]{1,20}$/, offlineText.provisionalInvalid)),
  device_total: z
    .number({ error: offlineText.deviceTotalInvalid })
    .check(
      z.gte(0, offlineText.deviceTotalInvalid),
      z.lte(999_999_999_999.99, offlineText.deviceTotalInvalid),
      z.refine(hasTwoDecimals, offlineText.deviceTotalInvalid),
    ),
});
export type OfflineSale = z.infer<typeof offlineSaleSchema>;

/**
 * POST /api/v2/sales: a new sale, which is an order to fill from its scheduled date
 * (spec §3 quotation/sale). Prices come from the server's items, never from the client.
 */
export const newSaleSchema = z.object({
  company_id: id,
  company_branch_id: z.nullable(id),
  date: z
    .string({ error: shippingMessages.required })
    .check(z.minLength(1, { error: shippingMessages.required, abort: true }), z.refine(isCalendarDay, shippingMessages.invalidDate)),
  type: z.enum(SALE_SERIES),
  note: z.nullable(z.string().check(z.maxLength(2000))),
  internal_note: z.nullable(z.string().check(z.maxLength(2000))),
  purchase_order: z.nullable(z.string().check(z.maxLength(60))),
  bar: z.boolean(),
  items: z
    // Quantities are kept to 2 decimals (kg to 10 g), as the database stores them.
    .array(
      z.object({
        item_id: id,
        quantity: z.number().check(z.gte(0.01, text.quantityPositive), z.lte(100_000), z.refine(hasTwoDecimals, text.quantityPositive)),
      }),
    )
    .check(z.minLength(1, text.emptyCart), z.maxLength(200)),
  /** Only on a sale made without a connection: it arrives through the device's outbox. */
  offline: z.optional(offlineSaleSchema),
});
export type NewSale = z.infer<typeof newSaleSchema>;

/** PUT /api/v2/sales/{id}: the same cart; an edit does not change how the sale arrived (`offline` is dropped unread). */
export const saleEditSchema = z.omit(newSaleSchema, { offline: true });
export type SaleEdit = z.infer<typeof saleEditSchema>;

/** The saved sale as the server priced it, lines included: what its ticket prints. */
export const createdSaleSchema = z.object({
  id: z.int(),
  date: z.string(),
  subtotal: z.number(),
  iva: z.number(),
  total: z.number(),
  type: z.enum(SALE_SERIES),
  items: z.array(
    z.object({ item_id: z.int(), name: z.string(), unit: z.string(), quantity: z.number(), price: z.number(), amount: z.number() }),
  ),
  /** A sale made offline: what the server found on its arrival (Spanish; empty when nothing). Absent on an online sale. */
  offline_warnings: z.optional(z.array(z.string())),
});
export type CreatedSale = z.infer<typeof createdSaleSchema>;
