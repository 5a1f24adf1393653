import * as z from 'zod/mini';

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

/** Body of start_order_production and dispatch_sale_order (spec §7). */
export const orderActionSchema = z.object({
  id,
  quotation_items: z.array(z.object({ item_id: id, quantity: z.number().check(z.gte(0), z.lte(1_000_000)) })).check(z.maxLength(500)),
  created_by_user_id: z.optional(z.nullable(id)),
});
export type OrderAction = z.infer<typeof orderActionSchema>;

export const orderToDispatchSchema = z.object({
  id: z.int(),
  date: z.string(),
  bar: z.boolean(),
  is_in_production: z.boolean(),
  production_id: z.nullable(z.int()),
  company: z.object({ name: z.string(), razon_social: z.string() }),
  company_branch: z.nullable(z.object({ name: z.string() })),
  user: z.object({ name: z.string(), last: z.string() }),
  items: z.array(
    z.object({ quantity: z.number(), item: z.object({ id: z.int(), name: z.string(), unit: z.object({ name: z.string() }) }) }),
  ),
  note: z.nullable(z.string()),
  internal_note: z.nullable(z.string()),
  created_by_user_id: z.nullable(z.int()),
});
export type OrderToDispatch = z.infer<typeof orderToDispatchSchema>;

export const ordersToDispatchSchema = z.object({ data: z.array(orderToDispatchSchema), meta: z.object({ total: z.int() }) });

export const dispatchedOrderSchema = z.object({ id: z.int(), date: z.string(), company: z.object({ razon_social: z.string() }) });
export const dispatchedOrdersSchema = z.object({ data: z.array(dispatchedOrderSchema), meta: z.object({ total: z.int() }) });

export const companySearchResultSchema = z.object({
  id: z.int(),
  name: z.string(),
  macro: z.nullable(z.string()),
  razon_social: z.string(),
  credit_days: z.int(),
  delivery_address: z.nullable(z.string()),
  delivery_references: z.nullable(z.string()),
  delivery_time: z.nullable(z.string()),
  branches: z.optional(z.array(z.object({ id: z.int(), name: z.string() }))),
});
export const companySearchSchema = z.object({ data: z.array(companySearchResultSchema), meta: z.object({ total: z.int() }) });

export const vehicleListSchema = z.object({ data: z.array(z.object({ id: z.int(), name: z.string() })) });
