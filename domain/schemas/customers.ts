import * as z from 'zod/mini';
import { AGING_BUCKETS } from '../aging';
import { customersMessages } from '../messages/customers';
import { loginMessages } from '../messages/login';

/**
 * Customers (spec §3 Company): what the company form, the counter's 'Nuevo
 * cliente' and the server validate, and what GET /api/v2/companies and /companies/{id}
 * answer. Lengths follow the columns of server/db/schema/commerce.ts.
 */

const text = customersMessages;
const int = z.int();
const num = z.number();
const str = z.string();
const opt = <T extends z.ZodMiniType>(schema: T) => z.nullable(schema);
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

/**
 * A Mexican RFC: 3 letters (persona moral) or 4 (persona física), including Ñ and &, the
 * date as YYMMDD, and a 3-character homoclave.
 */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters (NUL above all, which PostgreSQL cannot store) are no part of a name or an address. */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const printable = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), text.invalidText);
const PHONE = /^[0-9+()\-.\s]+$/;

/** A text the person must fill: trimmed, 'Campo requerido' when empty (spec §5), at most `max` characters. */
const required = (max: number) =>
  z
    .string({ error: text.required })
    .check(z.trim(), z.minLength(1, { error: text.required, abort: true }), z.maxLength(max, text.tooLong(max)), printable);

/** A text that may be left empty: trimmed, and empty or missing is null. */
const optional = (max: number, check?: { pattern: RegExp; message: string }) =>
  z._default(
    z.nullable(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(max, text.tooLong(max)), printable),
        z.transform((value, ctx) => {
          if (value === '') return null;
          if (check && !check.pattern.test(value)) {
            ctx.issues.push({ code: 'custom', message: check.message, input: value });
            return z.NEVER;
          }
          return value;
        }),
      ),
    ),
    null,
  );

/** Optional, written in capitals whatever was typed ('abc010203xy1' is saved as 'ABC010203XY1'). */
const rfc = z._default(
  z.nullable(
    z.pipe(
      z.string().check(z.trim(), z.toUpperCase()),
      z.transform((value, ctx) => {
        if (value === '') return null;
        if (!RFC_PATTERN.test(value)) {
          ctx.issues.push({ code: 'custom', message: text.invalidRfc, input: value });
          return z.NEVER;
        }
        return value;
      }),
    ),
  ),
  null,
);

/** A fiscal key as typed: trimmed, empty is null; its value is checked with the rest of the fiscal data. */
const fiscalKey = optional(10);

/** Days of credit as a whole number; the form sends what was typed, a number or its text. */
const creditDays = z._default(
  z.pipe(
    z.union([z.number({ error: text.invalidCreditDays }), z.string({ error: text.invalidCreditDays })]),
    z.transform((value, ctx) => {
      const n = typeof value === 'string' ? (value.trim() === '' ? 0 : /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN) : value;
      if (!Number.isInteger(n) || n < 0 || n > 365) {
        ctx.issues.push({ code: 'custom', message: text.invalidCreditDays, input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
  0,
);

/**
 * A coordinate in decimal degrees within ±`limit`, as a number or the text typed (empty is
 * null). Left out (undefined), a branch keeps the place it has: a client that does not know
 * places (the counter's 'Nuevo cliente', an older app) does not erase one learned on delivery.
 */
const coordinate = (limit: number, message: string) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.union([z.number({ error: message }), z.string({ error: message }).check(z.maxLength(30, message))]),
        z.transform((value, ctx) => {
          if (typeof value === 'string' && value.trim() === '') return null;
          const n = typeof value === 'string' ? (/^\s*[-+]?\d{1,3}(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN) : value;
          if (!Number.isFinite(n) || Math.abs(n) > limit) {
            ctx.issues.push({ code: 'custom', message, input: value });
            return z.NEVER;
          }
          return n;
        }),
      ),
    ),
  );

/** A branch: `id` names one the customer already has (edited in place); without it, a new one. */
export const branchInputSchema = z
  .object({
    id: z._default(z.nullable(id), null),
    name: required(200),
    address: required(400),
    /** Its place (issue 47): the map's stop and 'Optimizar' use it. Both or neither. */
    latitude: coordinate(90, text.invalidLatitude),
    longitude: coordinate(180, text.invalidLongitude),
  })
  .check(
    z.superRefine((branch, ctx) => {
      const hasLatitude = typeof branch.latitude === 'number';
      if (hasLatitude === (typeof branch.longitude === 'number')) return;
      // Said under the one left empty.
      const missing = hasLatitude ? 'longitude' : 'latitude';
      ctx.issues.push({ code: 'custom', path: [missing], message: text.placeIncomplete, input: branch[missing] });
    }),
  );
export type BranchInput = z.infer<typeof branchInputSchema>;

/** A person at the customer; only the name is required. */
export const contactInputSchema = z.object({
  id: z._default(z.nullable(id), null),
  name: required(200),
  last: z._default(z.string().check(z.trim(), z.maxLength(200, text.tooLong(200)), printable), ''),
  phone: optional(40, { pattern: PHONE, message: text.invalidPhone }),
  // Spec §5's own words, spelling included.
  email: optional(254, { pattern: EMAIL, message: loginMessages.invalidEmail }),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/**
 * POST /api/v2/companies and PUT /api/v2/companies/{id}: the fields of spec §3, the RFC and
 * CFDI use, and the whole lists of branches and contacts as they should be after the save
 * (on an edit, one left out is removed).
 */
export const companyInputSchema = z.object({
  name: required(200),
  macro: optional(200),
  razon_social: required(200),
  rfc,
  credit_days: creditDays,
  delivery_address: optional(400),
  delivery_references: optional(400),
  delivery_time: optional(60),
  cfdi_id: z._default(z.nullable(id), null),
  /**
   * The receiver's fiscal data (c_RegimenFiscal key, CP of the fiscal address). Optional here:
   * the server checks what is given together with the RFC and the uso (domain/cfdi/receiver.ts,
   * 422 naming the field); invoicing requires them.
   */
  regimen_fiscal: fiscalKey,
  cp_fiscal: fiscalKey,
  branches: z._default(z.array(branchInputSchema).check(z.maxLength(50, text.tooManyBranches)), []),
  contacts: z._default(z.array(contactInputSchema).check(z.maxLength(50, text.tooManyContacts)), []),
});
export type CompanyInput = z.infer<typeof companyInputSchema>;
/** What the form sends, before trimming and defaults. */
export type CompanyDraft = z.input<typeof companyInputSchema>;

/** POST /api/v2/companies/{id}/verify takes no fields. */
export const companyVerifySchema = z.strictObject({});

/** A row of GET /api/v2/companies: balances are the server's sums of its open sales. */
export const companyRowSchema = z.object({
  id: int,
  name: str,
  macro: opt(str),
  razon_social: str,
  rfc: opt(str),
  /** c_RegimenFiscal's key and the CP of the fiscal address (null until entered). */
  regimen_fiscal: opt(str),
  cp_fiscal: opt(str),
  credit_days: int,
  delivery_address: opt(str),
  delivery_time: opt(str),
  /** Null: created at the counter and not checked by the office yet. */
  verified_at: opt(str),
  created_at: str,
  created_by: opt(str),
  due_balance: num,
  /** The part of due_balance past its due date. */
  overdue_balance: num,
});
export type CompanyRow = z.infer<typeof companyRowSchema>;
export const companyPageSchema = z.object({ data: z.array(companyRowSchema), meta: z.object({ total: int }) });

export const COMPANY_SORTS = ['name', 'id', 'created_at', 'credit_days', 'due_balance'] as const;
export type CompanySortColumn = (typeof COMPANY_SORTS)[number];

const bucketSchema = z.object({ amount: num, sales: int });

/**
 * What the customer owes: its open sales by aging bucket (domain/aging.ts, seen
 * from the server's Monterrey `today`), the total, the overdue part, and its credit (money
 * received and not applied to any sale).
 */
export const companyBalanceSchema = z.object({
  today: str,
  due: num,
  overdue: num,
  credit: num,
  open_sales: int,
  buckets: z.object(
    Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, bucketSchema])) as Record<
      (typeof AGING_BUCKETS)[number],
      typeof bucketSchema
    >,
  ),
});
export type CompanyBalance = z.infer<typeof companyBalanceSchema>;

/** GET /api/v2/companies/{id}: `in_use` branches and contacts are named by sales and cannot be removed. */
export const companyDetailSchema = z.object({
  id: int,
  name: str,
  macro: opt(str),
  razon_social: str,
  rfc: opt(str),
  credit_days: int,
  delivery_address: opt(str),
  delivery_references: opt(str),
  delivery_time: opt(str),
  cfdi_id: opt(int),
  cfdi: opt(str),
  /** The SAT key of the uso CFDI (c_UsoCFDI), when the entry has one. */
  uso_cfdi: opt(str),
  regimen_fiscal: opt(str),
  cp_fiscal: opt(str),
  created_at: str,
  updated_at: str,
  created_by: opt(str),
  verified_at: opt(str),
  verified_by: opt(str),
  branches: z.array(
    z.object({
      id: int,
      name: str,
      address: str,
      /** Absent from answers of servers before issue 47. */
      latitude: z.optional(opt(num)),
      longitude: z.optional(opt(num)),
      in_use: z.boolean(),
    }),
  ),
  contacts: z.array(z.object({ id: int, name: str, last: str, phone: opt(str), email: opt(str), in_use: z.boolean() })),
  balance: companyBalanceSchema,
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
export const companyDetailAnswerSchema = z.object({ data: companyDetailSchema });

/** A delivery of one of the customer's sales (GET /api/v2/companies/{id}/deliveries). */
export const companyDeliverySchema = z.object({
  id: int,
  shipping_id: int,
  shipping_date: str,
  sale_id: int,
  completed: z.boolean(),
  is_delivered: z.boolean(),
  /** Monterrey wall clock to the minute ('YYYY-MM-DD HH:mm'). */
  delivered_at: opt(str),
  delivery_rejection_comment: opt(str),
  pdf: opt(str),
  invoice: opt(str),
});
export type CompanyDelivery = z.infer<typeof companyDeliverySchema>;
export const companyDeliveryPageSchema = z.object({ data: z.array(companyDeliverySchema), meta: z.object({ total: int }) });

/**
 * A payment of the customer as its page lists it (GET /api/v2/collections?filter[company_id]=):
 * only the fields it shows, so the collections read can grow without breaking it.
 */
export const companyCollectionSchema = z.object({
  id: int,
  date: str,
  amount: num,
  payment_method: z.optional(opt(str)),
  reference: opt(str),
  canceled_at: z.optional(opt(str)),
});
export const companyCollectionPageSchema = z.object({ data: z.array(companyCollectionSchema), meta: z.object({ total: int }) });
