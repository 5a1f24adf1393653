import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { ClaimLoop } from '../claim-loop';

/**
 * Web Push (docs/decisions/015): what tells a phone that something of theirs changed while
 * the app is closed. A notice is written, one row per device of each person it is for, in the
 * transaction of the change it tells of (`enqueuePush`), so a change and its notices commit
 * together and once per Idempotency-Key. Each process's loop (`PushSender`) claims due rows with
 * SKIP LOCKED and sends them with the VAPID keys, encrypted for the device as RFC 8291 says (the
 * web-push library); a device the push service calls gone (404, 410) is forgotten.
 */

export interface PushNotice {
  title: string;
  body: string;
  /** The address the notification opens. */
  url: string;
  /** Notices with the same tag replace each other on the phone (one per route, one per note thread). */
  tag?: string;
}

const wakers = new Set<() => void>();

/** Queues `notice` for every device of these people; the process's sender wakes once `tx` commits. */
export async function enqueuePush(tx: Db, userIds: readonly number[], notice: PushNotice): Promise<number> {
  const people = [...new Set(userIds)];
  if (people.length === 0) return 0;
  const queued = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO push_messages (subscription_id, title, body, url, tag)
      SELECT s.id, ${notice.title.slice(0, 200)}, ${notice.body.slice(0, 1000)}, ${notice.url.slice(0, 300)}, ${notice.tag?.slice(0, 100) ?? null}
      FROM push_subscriptions s WHERE s.user_id IN (${sql.join(
        people.map((id) => sql`${id}`),
        sql`, `,
      )}) RETURNING id`,
  );
  if (queued.length > 0) for (const wake of wakers) wake();
  return queued.length;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The VAPID keys: the environment's, else those this database made on its first start. */
export async function vapidKeys(db: Db, env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string }): Promise<VapidKeys> {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
  const [stored] = await rows<VapidKeys>(
    db,
    sql`SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_keys WHERE id = 1`,
  );
  if (stored) return stored;
  const { default: webpush } = await import('web-push');
  const made = webpush.generateVAPIDKeys();
  // Two processes starting at once keep the first pair written.
  await db.execute(
    sql`INSERT INTO push_keys (id, public_key, private_key) VALUES (1, ${made.publicKey}, ${made.privateKey}) ON CONFLICT (id) DO NOTHING`,
  );
  const [kept] = await rows<VapidKeys>(db, sql`SELECT public_key AS "publicKey", private_key AS "privateKey" FROM push_keys WHERE id = 1`);
  return kept!;
}

interface ClaimedPush {
  id: number;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  url: string;
  tag: string | null;
  attempts: number;
}

/** Tries before a notice is given up ('fallido'): a notice hours late is no longer news. */
const MAX_ATTEMPTS = 5;
const LEASE_SECONDS = 60;
const SEND_TIMEOUT_MS = 15_000;
/** Notices wait at the push service this long for a phone that is off. */
const TTL_SECONDS = 12 * 60 * 60;

export class PushSender {
  private readonly loop: ClaimLoop<ClaimedPush>;
  private readonly wake = () => this.loop.wake();

  constructor(
    private readonly options: {
      db: Db;
      keys: () => Promise<VapidKeys>;
      subject: string;
      pollMs: number;
      retryFirstMs: number;
      log: FastifyBaseLogger;
    },
  ) {
    this.loop = new ClaimLoop({
      name: 'push',
      claim: () => this.claim(),
      handle: (message) => this.send(message),
      pollMs: options.pollMs,
      log: options.log,
    });
  }

  start(): void {
    wakers.add(this.wake);
    this.loop.start();
  }

  async stop(): Promise<void> {
    wakers.delete(this.wake);
    await this.loop.stop();
  }

  private claim(): Promise<ClaimedPush[]> {
    return rows<ClaimedPush>(
      this.options.db,
      sql`UPDATE push_messages m SET attempts = m.attempts + 1, next_attempt_at = now() + ${LEASE_SECONDS} * interval '1 second'
        FROM push_subscriptions s
        WHERE m.id IN (SELECT id FROM push_messages WHERE status = 'pendiente' AND next_attempt_at <= now() ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
          AND s.id = m.subscription_id
        RETURNING m.id, m.subscription_id, s.endpoint, s.p256dh, s.auth, m.title, m.body, m.url, m.tag, m.attempts`,
    );
  }

  private async send(message: ClaimedPush): Promise<void> {
    const { db } = this.options;
    const { default: webpush } = await import('web-push');
    const keys = await this.options.keys();
    try {
      // web-push seals the notice for the device and signs the VAPID header; the request is ours,
      // so its deadline and its answer are handled here like any other call out.
      const request = webpush.generateRequestDetails(
        { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
        JSON.stringify({ title: message.title, body: message.body, url: message.url, tag: message.tag }),
        {
          vapidDetails: { subject: this.options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          ...(message.tag && { topic: topicOf(message.tag) }),
        },
      );
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      if (!answer.ok) throw Object.assign(new Error(`El servicio de avisos respondió ${answer.status}`), { statusCode: answer.status });
      await db.execute(sql`UPDATE push_messages SET status = 'enviado', sent_at = now(), last_error = NULL WHERE id = ${message.id}`);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        // The device unsubscribed or the push service dropped it: forget it (and what waits for it).
        await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${message.subscription_id}`);
        return;
      }
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      const delayMs = this.options.retryFirstMs * 2 ** (message.attempts - 1);
      await db.execute(
        message.attempts >= MAX_ATTEMPTS
          ? sql`UPDATE push_messages SET status = 'fallido', last_error = ${reason} WHERE id = ${message.id}`
          : sql`UPDATE push_messages SET last_error = ${reason}, next_attempt_at = now() + ${delayMs} * interval '1 millisecond' WHERE id = ${message.id}`,
      );
    }
  }
}

/** A Topic header is at most 32 URL-safe characters: the tag, reduced to them. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}

export function startPushSender(
  app: FastifyInstance,
  db: Db,
  env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; PUSH_SUBJECT: string; PUSH_POLL_MS: number; PUSH_RETRY_FIRST_MS: number },
): PushSender {
  let keys: Promise<VapidKeys> | null = null;
  const sender = new PushSender({
    db,
    keys: () => (keys ??= vapidKeys(db, env)),
    subject: env.PUSH_SUBJECT,
    pollMs: env.PUSH_POLL_MS,
    retryFirstMs: env.PUSH_RETRY_FIRST_MS,
    log: app.log,
  });
  app.addHook('preClose', async () => sender.stop());
  app.addHook('onReady', async () => sender.start());
  return sender;
}
