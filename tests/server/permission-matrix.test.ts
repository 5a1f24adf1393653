import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_POSITIONS } from '../../domain/job-positions';
import { currentUserSchema, type CurrentUser } from '../../domain/schemas/auth';
import { allows } from '../../server/plugins/auth';
import { permissionsMarkdown, ROUTE_ACCESS, type RouteKey } from '../../server/route-access';
import { DEMO_USERS } from '../../server/demo/demo-users';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Every route of the access table × every demo role: 401 without a token, 403 without
 * the permission, and past the guard (any other answer) with it. Bodies are empty, so
 * allowed mutations stop at validation and change nothing.
 */
let t: TestApp;
const sessions: { email: string; token: string; user: CurrentUser }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const { email } of DEMO_USERS) {
    const token = await loginAs(t.app, email);
    const user = currentUserSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).json(),
    );
    sessions.push({ email, token, user });
  }
});
afterAll(() => t.close());

// Signing out would revoke the token the other rows use: it gets its own check. The event
// stream authenticates with a one-time ticket, not the token: events.test.ts covers it. WhatsApp's
// webhook is called by WhatsApp, signed with the app secret, not by a person: conversations.test.ts covers it;
// inbound e-mail by a mail provider with EMAIL_INBOUND_SECRET: conversations-email.test.ts.
const SELF_AUTHENTICATED = new Set<RouteKey>([
  'POST /api/v1/user/logout',
  'GET /api/v2/events',
  'GET /api/v2/whatsapp/webhook',
  'POST /api/v2/whatsapp/webhook',
  'POST /api/v2/email/inbound',
]);
const routes = (Object.keys(ROUTE_ACCESS) as RouteKey[]).filter((key) => !SELF_AUTHENTICATED.has(key));

function call(key: RouteKey, headers: Record<string, string>) {
  const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const url = path.replace(':id', '999999').replace(':name', 'no-existe.pdf');
  return t.app.inject({ method, url, headers, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
}

describe('the permission matrix', () => {
  it.each(routes)('%s answers 401 without a token unless public', async (key) => {
    const response = await call(key, {});
    if (ROUTE_ACCESS[key].kind === 'public') expect(response.statusCode).not.toBe(401);
    else expect(response.statusCode).toBe(401);
  });

  it.each(routes)('%s lets in exactly the roles that hold its permission', async (key) => {
    const outcomes = await Promise.all(
      sessions.map(async ({ email, token, user }) => {
        const status = (await call(key, bearer(token))).statusCode;
        return {
          email,
          expected: allows(ROUTE_ACCESS[key], user) ? 'allowed' : 'forbidden',
          actual: status === 403 ? 'forbidden' : status === 401 ? 'unauthenticated' : 'allowed',
        };
      }),
    );
    expect(outcomes.filter((o) => o.actual !== o.expected)).toEqual([]);
    // Sanity: the matrix is not trivially all-allowed or all-forbidden for guarded routes.
    if (ROUTE_ACCESS[key].kind === 'permission') expect(outcomes.some((o) => o.expected === 'allowed')).toBe(true);
  });

  it('signs out any signed-in role', async () => {
    for (const { email } of DEMO_USERS) {
      const token = await loginAs(t.app, email);
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(token) })).statusCode).toBe(204);
    }
  });

  it('is documented in docs/permissions.md exactly as the table says', async () => {
    expect(await readFile('docs/permissions.md', 'utf8')).toBe(permissionsMarkdown());
  });
});

describe('the record rules, role by role', () => {
  const isRouteDriver = (user: CurrentUser) => user.job_position === JOB_POSITIONS.deliveryDriver;

  it('the v1 /all reads of routes and deliveries: a Chofer Repartidor gets their own, everyone else allowed gets all', async () => {
    const [all] = (
      (await t.database.db.execute(
        sql`SELECT (SELECT count(*)::int FROM shippings WHERE deleted_at IS NULL) AS routes, (SELECT count(*)::int FROM shipping_details WHERE deleted_at IS NULL) AS details`,
      )) as unknown as { rows: { routes: number; details: number }[] }
    ).rows;
    for (const { email, token, user } of sessions) {
      const routes = await t.app.inject({ method: 'GET', url: '/api/v1/shipping/all', headers: bearer(token) });
      const details = await t.app.inject({ method: 'GET', url: '/api/v1/shipping_detail/all', headers: bearer(token) });
      if (!allows(ROUTE_ACCESS['GET /api/v1/shipping/all'], user)) {
        expect(routes.statusCode, email).toBe(403);
        continue;
      }
      const rows = routes.json<{ data: { id: number; driver_id: number | null }[] }>().data;
      if (isRouteDriver(user)) {
        expect(
          rows.every((row) => row.driver_id === user.id),
          email,
        ).toBe(true);
        const own = new Set(rows.map((row) => row.id));
        expect(
          details.json<{ data: { shipping_id: number }[] }>().data.every((detail) => own.has(detail.shipping_id)),
          email,
        ).toBe(true);
      } else {
        expect(rows, email).toHaveLength(all!.routes);
        if (allows(ROUTE_ACCESS['GET /api/v1/shipping_detail/all'], user))
          expect(details.json<{ data: unknown[] }>().data, email).toHaveLength(all!.details);
      }
    }
  });

  it('/files: the evidence of a delivery opens for whoever may read that delivery, and for nobody else', async () => {
    // One delivery of one route names a file of its own.
    const [named] = (
      (await t.database.db.execute(
        sql`UPDATE shipping_details SET pdf = '00000000-0000-4000-8000-0000000000aa.pdf' WHERE id = (
            SELECT d.id FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
            WHERE s.driver_id IS NOT NULL AND d.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY d.id LIMIT 1)
          RETURNING pdf, (SELECT driver_id FROM shippings WHERE id = shipping_id) AS driver_id`,
      )) as unknown as { rows: { pdf: string; driver_id: number }[] }
    ).rows;
    expect(named).toBeDefined();
    await mkdir(path.join(t.dataDir, 'files'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'files', named!.pdf), '%PDF-1.4\n%%EOF\n');
    for (const { email, token, user } of sessions) {
      const status = (await t.app.inject({ method: 'GET', url: `/files/${named!.pdf}`, headers: bearer(token) })).statusCode;
      const expected = !allows(ROUTE_ACCESS['GET /files/:name'], user)
        ? 403
        : isRouteDriver(user) && user.id !== named!.driver_id
          ? 404
          : 200;
      expect(status, email).toBe(expected);
    }
  });
});
