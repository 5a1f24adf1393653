import * as z from 'zod/mini';
import { pushMessages } from '../messages/push';

/** GET /api/v2/push/key: the server's VAPID public key, for the browser's subscription. */
export const pushKeySchema = z.object({ public_key: z.string() });

const base64url = (max: number) =>
  z.string({ error: pushMessages.badSubscription }).check(z.regex(/^[A-Za-z0-9_-]+=*$/, pushMessages.badSubscription), z.maxLength(max));

/** POST /api/v2/push/subscriptions: the browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: pushMessages.badSubscription }).check(z.maxLength(1000, pushMessages.badSubscription)),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushEndpointSchema = z.object({ endpoint: z.string().check(z.maxLength(1000)) });
export const pushSubscribedSchema = z.object({ id: z.int() });
