import * as z from 'zod/mini';
import { supportMessages } from '../messages/support';

/** A ticket's states, in the order it goes through them. */
export const SUPPORT_STATUSES = ['Abierto', 'En proceso', 'Resuelto', 'Cerrado'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

const person = z.object({ id: z.int(), name: z.string(), last: z.string() });

export const supportTicketSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  user: z.object({ name: z.string(), last: z.string() }),
  description: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** Who answers it, once someone took it. */
  assigned_to: z.optional(z.nullable(person)),
  replies: z.optional(z.int()),
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

/** A ticket with its answers and changes, in order. */
export const supportTicketDetailSchema = z.object({
  data: z.object({
    ...supportTicketSchema.shape,
    answers: z.array(
      z.object({
        id: z.int(),
        user: person,
        body: z.nullable(z.string()),
        status: z.nullable(z.string()),
        assigned_to: z.nullable(person),
        created_at: z.string(),
      }),
    ),
  }),
});
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>['data'];

/**
 * POST /api/support/support_tickets/{id}/replies: an answer, a new state, who takes it. Its
 * opener adds to it (an answer only); user 1 and the support permission do all three.
 */
export const supportReplySchema = z
  .strictObject({
    body: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(2000, supportMessages.answerTooLong)))),
    status: z.optional(z.enum(SUPPORT_STATUSES, { error: supportMessages.unknownStatus })),
    assigned_to_user_id: z.optional(z.nullable(z.int().check(z.positive(), z.maximum(2_147_483_647)))),
  })
  .check(
    z.refine(
      (reply) => Boolean(reply.body) || reply.status !== undefined || reply.assigned_to_user_id !== undefined,
      supportMessages.nothingToSend,
    ),
  );
export type SupportReply = z.infer<typeof supportReplySchema>;
