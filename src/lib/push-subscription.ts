import * as z from 'zod/mini';
import { pushKeySchema, pushSubscribedSchema } from '../../domain/schemas/push';
import { apiRequest } from './api';

/**
 * This device's Web Push subscription (docs/decisions/015): the browser keeps one per app; the
 * server keeps it for the signed-in session only, so it is offered again at each start and
 * dropped from the browser at sign-out.
 */

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const noContent = z.unknown();

async function tellServer(subscription: PushSubscription): Promise<void> {
  await apiRequest('/api/v2/push/subscriptions', { method: 'POST', body: subscription.toJSON(), schema: pushSubscribedSchema });
}

/** Asks the person, subscribes the browser with the server's key and tells the server. */
export async function enablePush(): Promise<'enabled' | 'denied' | 'unsupported'> {
  const ready = pushSupported() ? await navigator.serviceWorker.ready : null;
  if (!ready) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const { public_key } = await apiRequest('/api/v2/push/key', { schema: pushKeySchema });
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(public_key) }));
  await tellServer(subscription);
  return 'enabled';
}

export async function disablePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('/api/v2/push/subscriptions/remove', {
    method: 'POST',
    body: { endpoint: subscription.endpoint },
    schema: noContent,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** At start: a device that allowed notices is this session's again (the server forgot it at the last sign-out). */
export async function renewPushSubscription(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentPushSubscription();
  if (subscription) await tellServer(subscription).catch(() => undefined);
}

/** At sign-out: the browser lets go of it too, so the next person on this device chooses for themselves. */
export async function dropPushSubscription(): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe().catch(() => undefined);
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
