import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCacheOf } from '../../server/auth/session-cache';
import { openDatabase, type Database } from '../../server/db/client';
import { bearer, createTestApp, loginAs, type TestApp } from '../server/test-app';

/**
 * The listening connection cut under a running server (a PostgreSQL restart, a proxy dropping
 * an idle socket): sessions stop being held while notices may be missed, and listening comes
 * back by itself, on every channel. Runs when DATABASE_URL is set (CI).
 */
let t: TestApp;
let other: Database;
beforeAll(async () => {
  t = await createTestApp();
  other = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
}, 60_000);
afterAll(async () => {
  await other.close();
  await t.close();
});

describe('the listening connection cut', () => {
  it('holds no session while it is down, and hears notices again once it is back', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const me = () => t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) }).then((r) => r.statusCode);
    expect(await me()).toBe(200);
    expect(sessionCacheOf(t.database.db)).not.toBeNull();
    const heard: string[] = [];
    await t.database.listen('listen_reconnect_probe', (payload) => heard.push(payload));

    // Cut every LISTEN connection of this database but the one doing the cutting.
    await other.db.execute(sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`);
    await expect.poll(() => sessionCacheOf(t.database.db), { timeout: 5_000 }).toBeNull();
    // Meanwhile every request asks the database: a sign-out elsewhere is seen at once.
    expect(await me()).toBe(200);

    await expect.poll(() => sessionCacheOf(t.database.db), { timeout: 10_000 }).not.toBeNull();
    await other.db.execute(sql`SELECT pg_notify('listen_reconnect_probe', 'back')`);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['back']);
    expect(await me()).toBe(200);
  });
});
