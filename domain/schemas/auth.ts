import { z } from 'zod';
import { messages } from '../messages';

/** A standard e-mail shape: something@host.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login payload (spec §3, §5). Both an empty e-mail and an empty password get
 * 'Contraseña requerida.': the product uses that one message for both fields.
 */
export const loginPayloadSchema = z.object({
  email: z
    .string({ error: messages.login.required })
    .trim()
    .min(1, messages.login.required)
    .max(254, messages.login.invalidEmail)
    .regex(EMAIL_PATTERN, messages.login.invalidEmail),
  password: z.string({ error: messages.login.required }).min(1, messages.login.required).max(1024, messages.login.failed),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const loginResponseSchema = z.object({ access_token: z.string().min(1) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const userBranchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  rfc: z.string(),
  razon_social: z.string(),
  email: z.string(),
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  job_position: z.string().nullable(),
  sub_job_position: z.string().nullable(),
  permissions: z.array(z.string()),
  branch: userBranchSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const apiErrorSchema = z.object({ message: z.string() });
