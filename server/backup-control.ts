import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { apiMessages } from '../domain/messages/api';
import type { Database } from './db/client';
import { HttpError } from './http-errors';

/** Where a running server leaves the secret that `npm run backup` on the same machine shows it. */
export const CONTROL_TOKEN_FILE = 'control-token';

/**
 * `npm run backup` of the embedded database while the server runs: only the server process
 * may read its database, so it takes the snapshot and hands it over. The request must come
 * from this machine (loopback) with the token the server wrote, readable by its user only, in
 * its data directory: whoever can read that file can read the database files anyway.
 */
export async function registerBackupControl(app: FastifyInstance, database: Database, dataDir: string): Promise<void> {
  if (database.kind !== 'pglite') return;
  const token = randomBytes(32).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, CONTROL_TOKEN_FILE), token, { mode: 0o600 });
  app.post('/internal/backup/database', async (request, reply) => {
    const remote = request.socket.remoteAddress ?? '';
    const sent = Buffer.from(String(request.headers['x-control-token'] ?? ''));
    const expected = Buffer.from(token);
    const local = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
    if (!local || sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new HttpError(404, apiMessages.notFound);
    const snapshot = await database.snapshot()!;
    return reply.type('application/gzip').header('cache-control', 'no-store').send(Buffer.from(await snapshot.arrayBuffer()));
  });
}
