import * as z from 'zod/mini';
import { loginMessages } from '../messages/login';

/** A standard e-mail shape: something@host.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login payload (spec §3, §5). Both an empty e-mail and an empty password get
 * 'Contraseña requerida.': the product uses that one message for both fields.
 */
export const loginPayloadSchema = z.object({
  email: z.string({ error: loginMessages.required }).check(
    z.trim(),
    // An empty e-mail is only 'required', not also malformed.
    z.minLength(1, { error: loginMessages.required, abort: true }),
    z.maxLength(254, loginMessages.invalidEmail),
    z.regex(EMAIL_PATTERN, loginMessages.invalidEmail),
  ),
  password: z
    .string({ error: loginMessages.required })
    .check(z.minLength(1, loginMessages.required), z.maxLength(1024, loginMessages.failed)),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** GET /api/v2/setup: whether the installation still waits for 'Configuración inicial' (nobody can sign in yet). */
export const setupStatusSchema = z.object({ needed: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const loginResponseSchema = z.object({ access_token: z.string().check(z.minLength(1)) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userBranchSchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  rfc: z.string(),
  razon_social: z.string(),
  email: z.string(),
});

export const currentUserSchema = z.object({
  id: z.int(),
  name: z.string(),
  last: z.string(),
  email: z.string(),
  avatar: z.nullable(z.string()),
  job_position: z.nullable(z.string()),
  sub_job_position: z.nullable(z.string()),
  permissions: z.array(z.string()),
  branch: z.nullable(userBranchSchema),
  /** After a password reset: only 'Cambiar contraseña' opens until the person picks their own. */
  temporary_credentials: z.optional(z.boolean()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const apiErrorSchema = z.object({ message: z.string() });

/** The answer of a call that returns no content (204). */
export const noContentSchema = z.null();
