import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicketSchema, type AppEvent } from '../../domain/schemas/events';
import { publishEvent } from '../../server/events/bus';
import { openEventStream } from '../server/sse-client';
import { createTestApp, type TestApp } from '../server/test-app';

/**
 * Two server processes on one PostgreSQL: an event committed through one reaches an
 * event-stream client of the other (LISTEN/NOTIFY). Runs when DATABASE_URL is set (CI).
 */
let t: TestApp;
let other: ChildProcess;
let otherBase: string;
beforeAll(async () => {
  t = await createTestApp();
  const port = 21_000 + Math.floor(Math.random() * 2000);
  otherBase = `http://127.0.0.1:${port}`;
  other = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl!, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: t.dataDir, WEB_DIR: '/nonexistent' },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${otherBase}/healthz`)).ok) break;
    } catch {
      if (i > 200) throw new Error('the second server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 60_000);
afterAll(async () => {
  other.kill('SIGTERM');
  await new Promise((resolve) => other.once('exit', resolve));
  await t.close();
});

describe('events across server processes', () => {
  it('delivers an order created through one process to a client of the other', async () => {
    const login = await fetch(`${otherBase}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'almacen@demo.mx', password: 'demo1234' }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const ticket = eventTicketSchema.parse(
      await (await fetch(`${otherBase}/api/v2/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${access_token}` } })).json(),
    ).ticket;
    const stream = await openEventStream(`${otherBase}/api/v2/events?ticket=${ticket}`);
    try {
      await stream.waitFor((text) => text.includes(': conectado'));
      const event: AppEvent = { type: 'order.created', order_id: 777, date: '2026-11-24' };
      // Published inside a transaction of this process: delivered when it commits.
      await t.database.db.transaction(async (tx) => publishEvent(tx as never, event));
      await stream.waitFor((text) => text.includes('event: order.created'));
      expect(JSON.parse(stream.received[0]!.data)).toEqual(event);
    } finally {
      stream.close();
    }
  });
});
