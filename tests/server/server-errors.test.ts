import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/client';
import { parseEnv } from '../../server/env';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;
let database: Database;
const logged: unknown[] = [];

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null });
  app = await buildApp({ env: parseEnv({ WEB_DIR: '/nonexistent', LOG_LEVEL: 'error' }), database, logger: false });
  // An unexpected failure deep in a handler, as a bug or a lost database would cause.
  // (Outside /api so it needs no entry in the access table.)
  app.get('/prueba/falla', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/server/db.ts:42');
  });
  await app.ready();
  vi.spyOn(app.log, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
});
let databaseClosed = false;
afterAll(async () => {
  await app.close();
  if (!databaseClosed) await database.close();
});

describe('an unexpected server error', () => {
  it('answers a generic Spanish 500 with a request id and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/prueba/falla' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.message).toBe('Error interno del servidor. Intenta de nuevo más tarde.');
    expect(body.request_id).toEqual(expect.any(String));
    expect(response.body).not.toContain('secret_table');
    expect(response.body).not.toContain('/srv/app');
  });

  it('is answered 503 on /healthz when the database is gone', async () => {
    await database.close();
    databaseClosed = true;
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});
