import { z } from 'zod';
import { apiMessages } from '../../domain/messages/api';

/**
 * A record's id in a path, as the app writes it: digits only, no sign, no leading zero, no
 * exponent or hex ('0x10', '1e1', '+16' and '016' name no record), at most PostgreSQL's integer.
 */
export const ID_TEXT = /^[1-9]\d{0,9}$/;

export const idParamSchema = z.object({
  id: z
    .string({ error: apiMessages.notFound })
    .regex(ID_TEXT, apiMessages.notFound)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, apiMessages.notFound),
});
