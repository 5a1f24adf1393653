import * as z from 'zod/mini';
import { SALE_SERIES } from '../sales';

/** What the sale ticket prints (spec §2 print views: sale ticket with a signature area). */
export const saleTicketSchema = z.object({
  id: z.int(),
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
});
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
