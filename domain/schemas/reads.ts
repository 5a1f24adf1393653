import * as z from 'zod/mini';

/**
 * Answers of the v1 `…/all` and v2 report reads of spec §7 (the spec shows none of their
 * shapes; these are ours, and the app parses them with these schemas).
 */
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const list = <T extends z.ZodMiniType>(row: T) => z.object({ data: z.array(row) });
const paged = <T extends z.ZodMiniType>(row: T) => z.object({ data: z.array(row), meta: z.object({ total: int }) });

export const saleRowSchema = z.object({
  id: int,
  kind: z.enum(['sale', 'quotation']),
  company_id: int,
  company_name: str,
  company_branch_id: opt(int),
  user_id: int,
  date: str,
  due_date: opt(str),
  type: str,
  subtotal: num,
  iva: num,
  total: num,
  due_balance: num,
  payment_status: str,
  sale_weight: num,
  note: opt(str),
  purchase_order: opt(str),
  bar: z.boolean(),
});
export const saleListSchema = list(saleRowSchema);
/**
 * A row of GET /api/v2/q, /api/v2/sales and /api/v2/company/sales (quotations and sales are
 * one table). `sale_id`: on a quotation, the sale made from it; `quotation_id`: on a sale, the
 * quotation it came from; `order_status`: where a sale's order stands (null on a quotation).
 */
export const salePageRowSchema = z.extend(saleRowSchema, {
  /** What its credit notes took off the total. */
  returned: num,
  razon_social: str,
  branch_name: opt(str),
  user_name: str,
  user_last: str,
  user_email: str,
  internal_note: opt(str),
  created_at: str,
  canceled_at: opt(str),
  cancel_reason: opt(str),
  sale_id: opt(int),
  quotation_id: opt(int),
  order_status: opt(z.enum(['nuevo', 'en_produccion', 'surtido'])),
  canceled_by_name: opt(str),
  /** Its latest delivery on a route (a rejected sale can go out again); null when on none. */
  delivery: opt(z.object({ completed: z.boolean(), is_delivered: z.boolean() })),
  /** A sale made without a connection whose arrival left warnings (issue 46); its page says which. */
  offline_warned: z.optional(z.boolean()),
});
export type SalePageRow = z.infer<typeof salePageRowSchema>;
export const salePageSchema = paged(salePageRowSchema);
export const saleWithItemsSchema = z.object({
  data: z.extend(saleRowSchema, {
    items: z.array(z.object({ id: int, item_id: int, name: str, macro: opt(str), unit: str, quantity: num, price: num })),
  }),
});
export const saleItemListSchema = list(
  z.object({ id: int, sale_id: int, item_id: int, item_name: str, unit: str, quantity: num, price: num }),
);
export const saleTotalsSchema = z.object({
  data: z.object({ count: int, subtotal: num, iva: num, total: num, due_balance: num, weight: num }),
});

export const logListSchema = list(
  z.object({ id: int, user_id: opt(int), name: opt(str), last: opt(str), action: str, entity: str, entity_id: opt(int), created_at: str }),
);
export const activityListSchema = list(
  z.object({
    id: int,
    activity_type_id: opt(int),
    type: opt(str),
    user_id: int,
    company_id: opt(int),
    company_name: opt(str),
    lead_id: opt(int),
    title: str,
    note: opt(str),
    date: str,
    time: opt(str),
    done: z.boolean(),
    result_id: opt(int),
  }),
);
export const callListSchema = list(
  z.object({
    id: int,
    user_id: int,
    company_id: opt(int),
    company_name: opt(str),
    contact_id: opt(int),
    date: str,
    duration_minutes: int,
    note: opt(str),
    result_id: opt(int),
    result: opt(str),
  }),
);
export const conversationListSchema = list(
  z.object({
    id: int,
    company_id: opt(int),
    company_name: opt(str),
    contact_id: opt(int),
    channel: str,
    created_at: str,
    /** The lead's name, for a conversation with a lead; the number or address written to. */
    lead_name: z.optional(opt(str)),
    address: z.optional(opt(str)),
  }),
);
export const messageListSchema = list(
  z.object({
    id: int,
    conversation_id: int,
    user_id: opt(int),
    direction: str,
    body: str,
    created_at: str,
    /** Why an outgoing message did not go out, while it has not. */
    last_error: z.optional(opt(str)),
  }),
);
export const messageStatusListSchema = list(z.object({ id: int, message_id: int, status: str, created_at: str }));
export const collectionRowSchema = z.object({
  id: int,
  company_id: int,
  company_name: str,
  user_id: int,
  date: str,
  amount: num,
  payment_method_id: opt(int),
  reference: opt(str),
});
export const collectionListSchema = list(collectionRowSchema);
export const collectionDetailPageSchema = paged(z.object({ id: int, collection_id: int, sale_id: int, amount: num }));
export const shippingRowListSchema = list(
  z.object({
    id: int,
    date: str,
    driver_id: opt(int),
    vehicle_id: opt(int),
    initial_km: opt(int),
    final_km: opt(int),
    route: opt(int),
    weight: num,
    note: opt(str),
  }),
);
export const shippingDetailRowListSchema = list(
  z.object({
    id: int,
    shipping_id: int,
    sale_id: int,
    company_id: opt(int),
    completed: z.boolean(),
    is_delivered: z.boolean(),
    delivered_at: z.nullable(z.union([str, z.date()])),
    invoice: opt(str),
    pdf: opt(str),
  }),
);
export const expenseListSchema = list(
  z.object({ id: int, expense_type_id: int, type: str, user_id: int, date: str, amount: num, description: opt(str) }),
);
export const expenseSummarySchema = list(z.object({ expense_type_id: int, name: str, count: int, total: num }));
export const productionListSchema = list(
  z.object({ id: int, sale_id: opt(int), status: str, created_by_user_id: opt(int), created_at: str, finished_at: opt(str) }),
);
export const productionDetailListSchema = list(z.object({ id: int, production_id: int, item_id: int, item_name: str, quantity: num }));
export const productionPageSchema = paged(
  z.object({
    id: int,
    sale_id: opt(int),
    status: str,
    company_name: opt(str),
    created_at: str,
    items: z.array(z.object({ item_id: int, name: str, quantity: num })),
  }),
);
export const supplyListSchema = list(
  z.object({ id: int, item_id: int, item_name: str, provider_id: opt(int), date: str, quantity: num, cost: num }),
);
export const shoppingRowSchema = z.object({ id: int, provider_id: int, provider_name: str, total: num, due_date: str, created_at: str });
export const shoppingListSchema = list(shoppingRowSchema);
export const shoppingPageSchema = paged(shoppingRowSchema);
export const shoppingSchema = z.extend(shoppingRowSchema, {
  items: z.array(z.object({ id: int, item_id: int, item_name: str, quantity: num, unit_cost: num, total: num })),
});
export const shoppingDetailListSchema = list(
  z.object({ id: int, purchase_order_id: int, item_id: int, item_name: str, quantity: num, unit_cost: num, total: num }),
);
export const providerPaymentRowSchema = z.object({
  id: int,
  provider_id: int,
  provider_name: str,
  purchase_order_id: opt(int),
  date: str,
  amount: num,
  payment_method_id: opt(int),
  reference: opt(str),
});
export const providerPaymentListSchema = list(providerPaymentRowSchema);
export const providerPaymentSchema = z.extend(providerPaymentRowSchema, { payment_method: opt(str), created_at: str });
export const providerPaymentPageSchema = paged(providerPaymentSchema);
export const providerListSchema = list(z.object({ id: int, name: str, rfc: opt(str), phone: opt(str) }));
export const companyListSchema = list(
  z.object({
    id: int,
    name: str,
    macro: opt(str),
    razon_social: str,
    credit_days: int,
    delivery_address: opt(str),
    delivery_references: opt(str),
    delivery_time: opt(str),
  }),
);
export const contactListSchema = list(z.object({ id: int, company_id: int, name: str, last: str, phone: opt(str), email: opt(str) }));
export const payrollListSchema = list(
  z.object({ id: int, user_id: int, date: str, job_position: opt(str), amount: num, sum: num, rest: num, total: num }),
);
export const payrollTotalsSchema = z.object({ data: z.object({ count: int, perceptions: num, deductions: num, total: num }) });
export const inventoryCardSchema = list(z.object({ item_id: int, name: str, unit: str, stock: num, value: num }));
export const inventoryDetailPageSchema = paged(
  z.object({ id: int, item_id: int, item_name: str, type: str, quantity: num, signed_quantity: num, created_at: str }),
);
export const inventoryMovementPageSchema = paged(
  z.object({ id: int, item_id: int, item_name: str, type: str, quantity: num, created_by_user_id: opt(int), created_at: str }),
);
export const huecosSchema = z.object({
  /** Per customer that bought in the year: the total of each month (0: a gap; null: the month has not come yet). */
  data: z.array(z.object({ company_id: int, name: str, months: z.record(str, z.nullable(num)), huecos: int })),
  meta: z.object({ year: int, months: z.array(str) }),
});
export const posItemPageSchema = paged(
  z.object({
    id: int,
    name: str,
    macro: opt(str),
    ean13: opt(str),
    price: num,
    weight: num,
    is_published: z.boolean(),
    pos: z.boolean(),
    unit: z.object({ id: int, name: str }),
    /** The IVA and IEPS rates a sale of it charges (null: none), as the cart previews them. */
    iva_rate: z.nullable(num),
    ieps_rate: z.nullable(num),
  }),
);
export const funnelListSchema = list(z.object({ id: int, name: str }));
export const funnelPhaseListSchema = list(z.object({ id: int, funnel_id: int, name: str, position: int }));
export const leadPageSchema = paged(
  z.object({
    id: int,
    name: str,
    company_name: opt(str),
    phone: opt(str),
    email: opt(str),
    funnel_id: opt(int),
    funnel_phase_id: opt(int),
    phase: opt(str),
    origin_id: opt(int),
    user_id: int,
  }),
);
export const rawMaterialListSchema = list(z.object({ id: int, name: str, unit: str, cost: num }));
/** A role as 'Roles' shows it: its permissions and how many active people hold it. */
export const roleSchema = z.object({ id: int, name: str, permissions: z.array(str), people: int });
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = list(roleSchema);
export const indicatorsSchema = z.object({
  data: z.object({
    sales_total: num,
    sales_count: int,
    quotations_count: int,
    collections_total: num,
    expenses_total: num,
    purchases_total: num,
  }),
});
export const dueBalanceReportSchema = list(
  z.object({ company_id: int, name: str, credit_days: int, sales: int, due_balance: num, oldest_due_date: opt(str) }),
);
export const collectionBySellerSchema = list(z.object({ user_id: int, name: str, last: str, count: int, total: num }));
export const salemanReportResultSchema = list(
  z.object({ user_id: int, name: str, last: str, sales_count: int, sales_total: num, collected: num, due_balance: num }),
);
