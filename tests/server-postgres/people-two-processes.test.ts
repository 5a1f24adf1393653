import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicketSchema } from '../../domain/schemas/events';
import { personPageSchema } from '../../domain/schemas/people';
import { openEventStream } from '../server/sse-client';
import { startServer, type ServerProcess } from '../../bench/processes';
import { bearer, createTestApp, loginAs, type TestApp } from '../server/test-app';

/**
 * A person deactivated through one server process while signed in on two: the next request
 * on each is refused and their event stream on the other process closes (the database's
 * notices reach every process). Runs when DATABASE_URL is set (CI).
 */
let t: TestApp;
let other: ServerProcess;
let otherBase: string;
beforeAll(async () => {
  t = await createTestApp();
  other = await startServer({ DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir });
  otherBase = other.url;
}, 60_000);
afterAll(async () => {
  await other.stop();
  await t.close();
});

describe('deactivating someone signed in on two server processes', () => {
  it('refuses their next request on each and closes their event stream', async () => {
    const here = await loginAs(t.app, 'ventas2@demo.mx');
    const login = await fetch(`${otherBase}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ventas2@demo.mx', password: 'demo1234' }),
    });
    const there = ((await login.json()) as { access_token: string }).access_token;
    const current = (token: string) => fetch(`${otherBase}/api/v1/user/current`, { headers: bearer(token) });
    // Both sessions are held by the other process before the change.
    expect((await current(there)).status).toBe(200);
    const ticketAnswer = await fetch(`${otherBase}/api/v2/events/ticket`, { method: 'POST', headers: bearer(there) });
    const stream = await openEventStream(`${otherBase}/api/v2/events?ticket=${eventTicketSchema.parse(await ticketAnswer.json()).ticket}`);
    try {
      await stream.waitFor((text) => text.includes(': conectado'));
      const admin = await loginAs(t.app, 'admin@demo.mx');
      const found = await t.app.inject({ method: 'GET', url: '/api/v2/users?filter[search]=ventas2@demo', headers: bearer(admin) });
      const person = personPageSchema.parse(found.json()).data[0]!;
      const off = await t.app.inject({ method: 'POST', url: `/api/v2/users/${person.id}/deactivate`, headers: bearer(admin) });
      expect(off.statusCode).toBe(200);

      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(here) })).statusCode).toBe(401);
      expect((await current(there)).status).toBe(401);
      for (let i = 0; i < 200 && !stream.ended(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(stream.ended()).toBe(true);
    } finally {
      stream.close();
    }
  });
});
