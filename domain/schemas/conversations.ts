import * as z from 'zod/mini';
import { conversationMessages } from '../messages/conversations';

const text = conversationMessages;
const id = z.int().check(z.positive(), z.maximum(2_147_483_647));

export const MESSAGE_CHANNELS = ['whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** POST /api/v2/conversations: with a customer (and one of its contacts) or a lead, on a channel; the address defaults to theirs. */
export const conversationInputSchema = z.object({
  company_id: z.optional(z.nullable(id)),
  contact_id: z.optional(z.nullable(id)),
  lead_id: z.optional(z.nullable(id)),
  channel: z.enum(MESSAGE_CHANNELS),
  address: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(254)))),
});
export type ConversationInput = z.infer<typeof conversationInputSchema>;
export const conversationSchema = z.object({
  data: z.object({
    id: z.int(),
    company_id: z.nullable(z.int()),
    lead_id: z.nullable(z.int()),
    contact_id: z.nullable(z.int()),
    channel: z.string(),
    address: z.nullable(z.string()),
  }),
});

/** POST /api/v2/conversations/{id}/messages: sent once per Idempotency-Key. */
export const outgoingMessageSchema = z.object({
  body: z.string({ error: text.bodyRequired }).check(z.trim(), z.minLength(1, text.bodyRequired), z.maxLength(4096, text.bodyTooLong)),
});
export const sentMessageSchema = z.object({
  data: z.object({ id: z.int(), conversation_id: z.int(), direction: z.string(), body: z.string(), status: z.string() }),
});
