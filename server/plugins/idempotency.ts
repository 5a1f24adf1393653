import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyMessages } from '../../domain/messages/api';
import type { Db } from '../db/client';
import { idempotencyKeys, syncDevices } from '../db/schema';
import { HttpError } from '../http-errors';
import { currentUser } from './auth';

export interface MutationResult {
  status: number;
  body: unknown;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
const DEVICE_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The sending device and the outbox sequence number of the command, when both are well formed. */
function deviceOf(request: FastifyRequest): { id: string; seq: number } | null {
  const id = request.headers['x-device-id'];
  const seq = request.headers['x-device-seq'];
  if (typeof id !== 'string' || typeof seq !== 'string' || !DEVICE_PATTERN.test(id) || !/^\d{1,15}$/.test(seq)) return null;
  return { id, seq: Number(seq) };
}

/**
 * Who is changing data and from where, for the activity log written by the database in the
 * change's own transaction (migration 0013): the person, the route, the device (the outbox's
 * device id, or the browser's description), the address and the request id.
 */
function actorOf(request: FastifyRequest): string {
  const deviceId = request.headers['x-device-id'];
  const userAgent = request.headers['user-agent'];
  return JSON.stringify({
    user_id: currentUser(request).id,
    route: `${request.method} ${request.routeOptions.url ?? request.url}`,
    device: typeof deviceId === 'string' ? deviceId : typeof userAgent === 'string' ? userAgent : null,
    ip: request.ip,
    request_id: request.id,
  });
}

/** What a key stands for: the request, or `body` standing for its body (a route that leaves part of it out). */
export function fingerprint(request: FastifyRequest, body: unknown = request.body): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');
}

/**
 * The request's Idempotency-Key, refused as runMutation refuses it, and whether it is already
 * taken: for work done before runMutation's transaction (an import written in parts), which a
 * repeat must not do again.
 */
export async function idempotencyKeyOf(db: Db, request: FastifyRequest): Promise<{ key: string; taken: boolean }> {
  const header = request.headers['idempotency-key'];
  if (header === undefined) throw new HttpError(400, idempotencyMessages.keyRequired);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new HttpError(400, idempotencyMessages.invalidKey);
  const stored = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.key, header));
  return { key: header, taken: stored.length > 0 };
}

/**
 * Runs a mutation in one database transaction. With an `Idempotency-Key` header the
 * key is recorded in that same transaction, so the effect and the record commit
 * together (docs/sync-engine.md rule 3): a repeat gets the stored answer, the same key with
 * another request is refused, and on PostgreSQL a concurrent repeat waits on the key's
 * row until the first commits, then gets its answer. A failed mutation records nothing.
 * With `keyRequired`, a request without the header is refused; `requestHash` stands for the
 * request when its body is not JSON.
 */
/**
 * A write in one transaction with its Bitácora actor, and no answer kept for a retry: for
 * answers that must not be stored (a temporary password is shown once, to whoever asked).
 */
export async function runLogged(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  mutate: (tx: Db) => Promise<MutationResult>,
): Promise<FastifyReply> {
  const result = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`SELECT set_config('app.actor', ${actorOf(request)}, true)`);
    return mutate(tx);
  });
  return reply.code(result.status).send(result.body);
}

export async function runMutation(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  mutate: (tx: Db) => Promise<MutationResult>,
  options: { keyRequired?: boolean; requestHash?: string } = {},
): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  // Money moves once: a write that records or reverses a payment is refused without its key,
  // so no client's blind retry can ever apply it twice.
  if (header === undefined && options.keyRequired) throw new HttpError(400, idempotencyMessages.keyRequired);
  if (header === undefined) return runLogged(db, request, reply, mutate);
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw new HttpError(400, idempotencyMessages.invalidKey);
  const user = currentUser(request);
  // A body that is not JSON (an uploaded file) is fingerprinted by its route, from its bytes.
  const requestHash = options.requestHash ?? fingerprint(request);
  const device = deviceOf(request);
  const outcome = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // The key is claimed and the log's actor set for this transaction in one statement.
    const claim = await tx.execute(
      sql`INSERT INTO ${idempotencyKeys} (key, user_id, request, status_code, device_id, device_seq)
          SELECT ${header}, ${user.id}, ${requestHash}, 0, ${device?.id ?? null}, ${device?.seq ?? null}
          FROM (SELECT set_config('app.actor', ${actorOf(request)}, true)) AS actor
          ON CONFLICT DO NOTHING RETURNING key`,
    );
    if ((claim as unknown as { rows: unknown[] }).rows.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, header));
      if (!stored || stored.user_id !== user.id || stored.request !== requestHash) {
        throw new HttpError(422, idempotencyMessages.keyReused);
      }
      if (stored.status_code === 0) throw new HttpError(409, idempotencyMessages.inProgress, { 'retry-after': '1' });
      return { status: stored.status_code, body: stored.response, replayed: true };
    }
    const result = await mutate(tx);
    // The answer is stored and the device's sequence number advanced in one statement.
    const response = sql`${JSON.stringify(result.body ?? null)}::jsonb`;
    await tx.execute(
      device
        ? sql`WITH stored AS (
              UPDATE ${idempotencyKeys} SET status_code = ${result.status}, response = ${response} WHERE key = ${header} RETURNING key)
            INSERT INTO ${syncDevices} (device_id, user_id, last_seq) VALUES (${device.id}, ${user.id}, ${device.seq})
            ON CONFLICT (device_id) DO UPDATE SET last_seq = GREATEST(${syncDevices.last_seq}, EXCLUDED.last_seq),
              user_id = EXCLUDED.user_id, last_seen_at = now()`
        : sql`UPDATE ${idempotencyKeys} SET status_code = ${result.status}, response = ${response} WHERE key = ${header}`,
    );
    return { ...result, replayed: false };
  });
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.status).send(outcome.body);
}
