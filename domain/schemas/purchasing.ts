import * as z from 'zod/mini';
import { purchasingMessages } from '../messages/purchasing';
import { shippingMessages } from '../messages/shipping';
import { lineTotal, PURCHASE_ORDER_STATUSES } from '../purchasing';
import { isCalendarDay } from '../time';

/** Below what numeric(14, 2) holds. */
const MAX_ORDER_TOTAL = 1_000_000_000_000;

const text = purchasingMessages;
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const date = z.string({ error: shippingMessages.required }).check(z.refine(isCalendarDay, shippingMessages.invalidDate));
const amount = z.number().check(z.gt(0, text.amountPositive), z.lte(100_000_000));
const hasHundredths = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
/** A quantity of a product: more than zero, to 2 decimals . */
const quantity = z
  .number({ error: text.quantityPositive })
  .check(z.gt(0, text.quantityPositive), z.lte(1_000_000, text.quantityPositive), z.refine(hasHundredths, text.quantityDecimals));
/** An optional text field: trimmed, and empty means none. */
const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, message)),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  );

/** POST/PUT shoppings (purchase orders, spec §3): the total is the sum of quantity × unit cost, computed by the server. */
export const shoppingInputSchema = z.object({
  provider_id: id,
  due_date: date,
  note: optionalText(500, text.noteTooLong),
  items: z
    .array(
      z.object({
        item_id: id,
        quantity,
        unit_cost: z
          .number({ error: text.unitCostInvalid })
          .check(z.gte(0, text.unitCostInvalid), z.lte(10_000_000, text.unitCostInvalid), z.refine(hasHundredths, text.unitCostInvalid)),
      }),
    )
    .check(
      z.minLength(1, text.itemsRequired),
      z.maxLength(500),
      // The total is kept as numeric(14, 2): a typo of a million kilos at ten million pesos is refused, not overflowed.
      z.refine(
        (lines) => lines.reduce((sum, line) => sum + lineTotal(line.quantity, line.unit_cost), 0) < MAX_ORDER_TOTAL,
        text.totalTooLarge,
      ),
    ),
});
export type ShoppingInput = z.infer<typeof shoppingInputSchema>;

/** POST /api/v2/shoppings/{id}/receive: what arrived of each line (by the line's id); lines not named did not arrive. */
export const receiveInputSchema = z.object({
  items: z.array(z.object({ id, quantity })).check(z.minLength(1, text.receiveRequired), z.maxLength(500)),
});
export type ReceiveInput = z.infer<typeof receiveInputSchema>;

export const providerPaymentInputSchema = z.object({
  provider_id: id,
  purchase_order_id: z.optional(z.nullable(id)),
  date,
  amount,
  payment_method_id: z.optional(z.nullable(id)),
  reference: z.optional(z.nullable(z.string().check(z.maxLength(60)))),
});
export type ProviderPaymentInput = z.infer<typeof providerPaymentInputSchema>;

/** POST saleman_report (spec §7). */
export const salemanReportSchema = z.object({ date_from: date, date_to: date, user_id: z.optional(z.nullable(id)) });

/** POST/PUT /api/v2/providers: the provider's data; the same schema checks the form and the server. */
export const providerInputSchema = z
  .object({
    name: z.string({ error: text.nameRequired }).check(z.trim(), z.minLength(1, text.nameRequired), z.maxLength(200, text.nameTooLong)),
    rfc: z.optional(
      z.nullable(
        z.pipe(
          z.string().check(z.trim(), z.toUpperCase()),
          z.transform((value) => (value === '' ? null : value)),
        ),
      ),
    ),
    phone: optionalText(40, text.phoneTooLong),
    email: optionalText(254, text.emailInvalid),
    address: optionalText(300, text.addressTooLong),
    contact_name: optionalText(200, text.contactTooLong),
    credit_days: z.int({ error: text.creditDaysInvalid }).check(z.gte(0, text.creditDaysInvalid), z.lte(365, text.creditDaysInvalid)),
  })
  .check(
    z.superRefine((value, ctx) => {
      // Checked after trimming: an RFC is 3 or 4 letters, a date (6 digits) and a 3-character key.
      if (value.rfc && !/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(value.rfc))
        ctx.issues.push({ code: 'custom', path: ['rfc'], message: text.rfcInvalid, input: value.rfc });
      if (value.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email))
        ctx.issues.push({ code: 'custom', path: ['email'], message: text.emailInvalid, input: value.email });
    }),
  );
export type ProviderInput = z.infer<typeof providerInputSchema>;

const statusSchema = z.enum(PURCHASE_ORDER_STATUSES);

/** A provider as GET /api/v2/providers lists it: its balance is its orders' total less its payments. */
export const providerRowSchema = z.object({
  id: int,
  name: str,
  rfc: opt(str),
  phone: opt(str),
  email: opt(str),
  address: opt(str),
  contact_name: opt(str),
  credit_days: int,
  orders_total: num,
  payments_total: num,
  balance: num,
});
export type ProviderRow = z.infer<typeof providerRowSchema>;
export const providerPageSchema = z.object({ data: z.array(providerRowSchema), meta: z.object({ total: int }) });
export const PROVIDER_SORT_COLUMNS = ['name', 'credit_days', 'balance'] as const;
export type ProviderSortColumn = (typeof PROVIDER_SORT_COLUMNS)[number];

/** A purchase order as the lists show it. */
export const shoppingRowSchema = z.object({
  id: int,
  provider_id: int,
  provider_name: str,
  total: num,
  due_date: str,
  created_at: str,
  status: statusSchema,
  paid: num,
});
export type ShoppingRow = z.infer<typeof shoppingRowSchema>;
export const shoppingPageSchema = z.object({ data: z.array(shoppingRowSchema), meta: z.object({ total: int }) });
export const SHOPPING_SORT_COLUMNS = ['id', 'created_at', 'total', 'due_date'] as const;
export type ShoppingSortColumn = (typeof SHOPPING_SORT_COLUMNS)[number];

export const providerPaymentRowSchema = z.object({
  id: int,
  provider_id: int,
  provider_name: str,
  purchase_order_id: opt(int),
  date: str,
  amount: num,
  payment_method_id: opt(int),
  payment_method: opt(str),
  reference: opt(str),
  created_at: str,
});
export type ProviderPaymentRow = z.infer<typeof providerPaymentRowSchema>;
export const providerPaymentPageSchema = z.object({ data: z.array(providerPaymentRowSchema), meta: z.object({ total: int }) });
export const PROVIDER_PAYMENT_SORT_COLUMNS = ['id', 'date', 'amount'] as const;
export type ProviderPaymentSortColumn = (typeof PROVIDER_PAYMENT_SORT_COLUMNS)[number];

/** GET /api/v2/providers/{id}: the provider, its balance, its purchase orders and its payments. */
export const providerDetailSchema = z.object({
  ...providerRowSchema.shape,
  orders: z.array(shoppingRowSchema),
  payments: z.array(providerPaymentRowSchema),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;

export const shoppingLineSchema = z.object({
  id: int,
  item_id: int,
  item_name: str,
  unit: str,
  quantity: num,
  unit_cost: num,
  total: num,
  received_quantity: num,
});
export type ShoppingLine = z.infer<typeof shoppingLineSchema>;

/** GET /api/v2/shoppings/{id}: one purchase order with its lines, what arrived of each, and its provider. */
export const shoppingDetailSchema = z.object({
  ...shoppingRowSchema.shape,
  note: opt(str),
  updated_at: opt(str),
  provider: z.object({ id: int, name: str, rfc: opt(str), phone: opt(str), email: opt(str), contact_name: opt(str), credit_days: int }),
  items: z.array(shoppingLineSchema),
});
export type ShoppingDetail = z.infer<typeof shoppingDetailSchema>;

/** GET /api/v2/shopping_items: the catalogue a purchase order picks from, with each item's cost. */
export const shoppingItemsSchema = z.object({
  data: z.array(z.object({ id: int, name: str, unit: str, cost: num, ean13: opt(str) })),
});
export type ShoppingItem = z.infer<typeof shoppingItemsSchema>['data'][number];

/** GET /api/v2/shopping_report?filter[date_between]=from,to: purchases by provider and by item. */
export const shoppingReportSchema = z.object({
  data: z.object({
    from: str,
    to: str,
    providers: z.array(z.object({ provider_id: int, name: str, orders: int, total: num })),
    items: z.array(z.object({ item_id: int, name: str, unit: str, quantity: num, received_quantity: num, total: num })),
    total: num,
  }),
});
export type ShoppingReport = z.infer<typeof shoppingReportSchema>['data'];

export const deletedSchema = z.object({ id: int });
