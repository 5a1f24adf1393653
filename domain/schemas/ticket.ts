import * as z from 'zod/mini';
import { SALE_SERIES } from '../sales';

/**
 * What the sale ticket prints (spec §2 print views: sale ticket with a signature area). A sale
 * made without a connection prints before the server numbered it: no `id`, its device's
 * provisional folio instead, marked as such; once arrived it prints its number, and the
 * provisional folio it was sold under.
 */
export const saleTicketSchema = z
  .object({
    id: z.nullable(z.int()),
    provisional: z.optional(z.nullable(z.string())),
    date: z.string(),
    printedAt: z.string(),
    company: z.string(),
    branch: z.nullable(z.string()),
    seller: z.string(),
    type: z.enum(SALE_SERIES),
    bar: z.boolean(),
    items: z.array(z.object({ name: z.string(), unit: z.string(), quantity: z.number(), price: z.number(), amount: z.number() })),
    subtotal: z.number(),
    iva: z.number(),
    total: z.number(),
    note: z.nullable(z.string()),
  })
  // A ticket names its sale: by number, or by the provisional folio until the server gave one (never shown: an unreadable ticket is).
  .check(z.refine((ticket) => ticket.id !== null || Boolean(ticket.provisional)));
export type SaleTicket = z.infer<typeof saleTicketSchema>;

/**
 * What the production ticket prints ('ticket MF', spec §2 print views): a production's
 * products and the raw material it takes, for the person who makes it, with a signature area.
 */
export const productionTicketSchema = z.object({
  id: z.int(),
  printedAt: z.string(),
  origin: z.string(),
  status: z.string(),
  plannedDate: z.nullable(z.string()),
  note: z.nullable(z.string()),
  products: z.array(z.object({ name: z.string(), unit: z.string(), quantity: z.number() })),
  rawMaterial: z.array(z.object({ name: z.string(), unit: z.string(), quantity: z.number() })),
});
export type ProductionTicket = z.infer<typeof productionTicketSchema>;
