import * as z from 'zod/mini';
import { isValidClabe } from '../clabe';
import { settingsMessages } from '../messages/settings';
import { businessMessages, setupMessages } from '../messages/setup';
import { loginMessages } from '../messages/login';
import { EMAIL_PATTERN } from './auth';
import { CONTROL_CHARACTERS, RFC_PATTERN } from './customers';

/**
 * 'Configuración inicial' (first run): the business's identity and its first administrator,
 * checked alike by the form and by POST /api/v2/setup. Lengths follow
 * server/db/schema/business.ts and people.ts.
 */

const text = setupMessages;
/** A stated minimum: long enough against guessing, short enough to type on a phone. */
export const PASSWORD_MINIMUM = 10;
/** The logo's size limit, decoded (1 MB). */
export const LOGO_MAX_BYTES = 1024 * 1024;
const LOGO_KINDS = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

const printable = z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), text.required);
const required = (max: number) =>
  z
    .string({ error: text.required })
    .check(z.trim(), z.minLength(1, { error: text.required, abort: true }), z.maxLength(max, text.tooLong(max)), printable);
const optional = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, text.tooLong(max)), printable), '');

/** The logo as the form reads it: a data: URL of a PNG, JPEG or SVG, at most 1 MB once decoded. */
export const logoSchema = z.nullable(
  z.string().check(
    z.refine((value) => LOGO_KINDS.some((kind) => value.startsWith(`data:${kind};base64,`)), { error: text.logoKind, abort: true }),
    z.refine((value) => logoBytes(value) <= LOGO_MAX_BYTES, text.logoTooLarge),
  ),
);

/** Decoded size of a base64 data: URL. */
export function logoBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

export const businessIdentityInputSchema = z.object({
  brand: required(120),
  legal_name: required(200),
  tax_id: z
    .string({ error: text.required })
    .check(z.trim(), z.toUpperCase(), z.minLength(1, { error: text.required, abort: true }), z.regex(RFC_PATTERN, text.invalidRfc)),
  address: required(300),
  phone: required(40),
  whatsapp: optional(40),
  website: optional(200),
  bank: required(80),
  bank_account: required(40),
  clabe: z.string({ error: text.required }).check(
    z.overwrite((value) => value.replace(/[\s-]/g, '')),
    z.minLength(1, { error: text.required, abort: true }),
    z.regex(/^\d{18}$/, { error: text.clabeLength, abort: true }),
    z.refine(isValidClabe, text.clabeCheck),
  ),
  theme_color: z.string({ error: text.required }).check(z.trim(), z.toLowerCase(), z.regex(/^#[0-9a-f]{6}$/, text.invalidColor)),
  logo: z._default(logoSchema, null),
});
export type BusinessIdentityInput = z.infer<typeof businessIdentityInputSchema>;

export const firstAdministratorSchema = z.object({
  name: required(200),
  last: required(200),
  email: z
    .string({ error: text.required })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: text.required, abort: true }),
      z.maxLength(254, loginMessages.invalidEmail),
      z.regex(EMAIL_PATTERN, loginMessages.invalidEmail),
    ),
  password: z
    .string({ error: text.required })
    .check(z.minLength(PASSWORD_MINIMUM, text.passwordTooShort(PASSWORD_MINIMUM)), z.maxLength(1024, text.tooLong(1024))),
});

/** POST /api/v2/setup. */
export const setupPayloadSchema = z.object({
  code: z.string({ error: text.required }).check(z.trim(), z.minLength(1, text.required), z.maxLength(64, text.wrongCode)),
  business: businessIdentityInputSchema,
  admin: firstAdministratorSchema,
});
export type SetupPayload = z.infer<typeof setupPayloadSchema>;

/** The quotation's conditions as the form writes them, one a line, as documents list them (blank lines dropped). */
export function quotationTermsOf(written: string): string[] {
  return written
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const QUOTATION_TERMS_MAX = 2000;
const FREE_DELIVERY_MAX = 100_000_000;
const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/**
 * PUT /api/v2/business: the identity as 'Datos del negocio' changes it. The logo left out
 * stays as it is; null removes it; a data: URL replaces it. The quotation's terms left out stay
 * as they are; a free-delivery minimum of null offers none.
 */
export const businessIdentityUpdateSchema = z.extend(businessIdentityInputSchema, {
  logo: z.optional(logoSchema),
  free_delivery_minimum: z.optional(
    z.nullable(
      z
        .number({ error: businessMessages.freeDeliveryInvalid })
        .check(
          z.gte(0, businessMessages.freeDeliveryInvalid),
          z.lte(FREE_DELIVERY_MAX, businessMessages.freeDeliveryInvalid),
          z.refine(hasCents, businessMessages.freeDeliveryInvalid),
        ),
    ),
  ),
  quotation_terms: z.optional(
    z.string().check(
      z.overwrite((written) => quotationTermsOf(written).join('\n')),
      z.maxLength(QUOTATION_TERMS_MAX, text.tooLong(QUOTATION_TERMS_MAX)),
      printable,
    ),
  ),
});
export type BusinessIdentityUpdate = z.infer<typeof businessIdentityUpdateSchema>;

/** GET /api/v2/business: the stored identity (or the installation's defaults until one is stored), and its logo's address. */
export const businessIdentityAnswerSchema = z.object({
  brand: z.string(),
  legal_name: z.string(),
  tax_id: z.string(),
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string(),
  website: z.string(),
  bank: z.string(),
  bank_account: z.string(),
  clabe: z.string(),
  theme_color: z.string(),
  logo_url: z.nullable(z.string()),
  /** Free delivery above this amount plus tax; null: none offered. */
  free_delivery_minimum: z.nullable(z.number()),
  /** The quotation's conditions, one a line, as they print now (the product's until the business writes its own). */
  quotation_terms: z.string(),
});
export type BusinessIdentityAnswer = z.infer<typeof businessIdentityAnswerSchema>;

/** POST /api/v2/user/password: the signed-in person's own password, changed ('Ajustes'). */
export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: text.required }).check(z.minLength(1, text.required), z.maxLength(1024, text.tooLong(1024))),
    new_password: firstAdministratorSchema.shape.password,
  })
  .check(
    z.refine((change) => change.new_password !== change.current_password, {
      error: settingsMessages.samePassword,
      path: ['new_password'],
    }),
  );
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
