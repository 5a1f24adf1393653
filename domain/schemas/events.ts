import * as z from 'zod/mini';

/** Live events (Server-Sent Events at /api/v2/events). */
export const appEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('order.created'), order_id: z.int(), date: z.string() }),
  // A sale edited or cancelled before its order is filled: the tablets pull it again (or drop it).
  z.object({ type: z.literal('order.changed'), order_id: z.int(), date: z.string() }),
  z.object({ type: z.literal('shipping.changed'), shipping_id: z.int(), date: z.string() }),
  // A note written to these people: their bells count it at once.
  z.object({ type: z.literal('note.created'), user_ids: z.array(z.int()) }),
  // A started route's phone sent where it is (its batch's newest position): the office's map moves the truck.
  z.object({
    type: z.literal('route.position'),
    shipping_id: z.int(),
    date: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    recorded_at: z.string(),
  }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
export const APP_EVENT_TYPES: readonly AppEvent['type'][] = [
  'order.created',
  'order.changed',
  'shipping.changed',
  'note.created',
  'route.position',
];

export const eventTicketSchema = z.object({ ticket: z.string(), expires_in: z.int() });
