import * as z from 'zod/mini';

/** A reference list (spec §3 last bullet): identity and name. */
export const namedListSchema = z.object({ data: z.array(z.object({ id: z.int(), name: z.string() })) });

/** Stock per item (spec §4): the signed sum of its movements. */
export const stockListSchema = z.object({
  data: z.array(z.object({ item_id: z.int(), name: z.string(), unit: z.string(), stock: z.number() })),
});

export const itemListSchema = z.object({
  data: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      macro: z.nullable(z.string()),
      ean13: z.nullable(z.string()),
      price: z.number(),
      weight: z.number(),
      is_published: z.boolean(),
      pos: z.boolean(),
      unit: z.object({ id: z.int(), name: z.string() }),
      /** The IVA and IEPS rates a sale of it charges (null: none), as the cart previews them. */
      iva_rate: z.nullable(z.number()),
      ieps_rate: z.nullable(z.number()),
    }),
  ),
});

export const userListSchema = z.object({
  data: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      last: z.string(),
      job_position: z.nullable(z.string()),
      sub_job_position: z.nullable(z.string()),
      /** A deactivated person stays in filters (their past work) and leaves the pickers of new work. */
      active: z.optional(z.boolean()),
    }),
  ),
});
