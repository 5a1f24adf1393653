import * as z from 'zod/mini';
import { supportMessages } from '../messages/support';

export const supportTicketSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  user: z.object({ name: z.string(), last: z.string() }),
  description: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketPageSchema = z.object({
  data: z.array(supportTicketSchema),
  meta: z.object({ total: z.int() }),
});

export const newSupportTicketSchema = z.strictObject({
  description: z
    .string({ error: supportMessages.descriptionRequired })
    .check(z.trim(), z.minLength(1, supportMessages.descriptionRequired), z.maxLength(2000, supportMessages.descriptionTooLong)),
});
export type NewSupportTicket = z.infer<typeof newSupportTicketSchema>;
