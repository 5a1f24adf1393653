import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUserSchema, type CurrentUser } from '../../domain/schemas/auth';
import { allows } from '../../server/plugins/auth';
import { permissionsMarkdown, ROUTE_ACCESS, type RouteKey } from '../../server/route-access';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
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
    const user = currentUserSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) })).json());
    sessions.push({ email, token, user });
  }
});
afterAll(() => t.close());

// Signing out would revoke the token the other rows use: it gets its own check. The event
// stream authenticates with a one-time ticket, not the token: events.test.ts covers it.
const routes = (Object.keys(ROUTE_ACCESS) as RouteKey[]).filter((key) => key !== 'POST /api/v1/user/logout' && key !== 'GET /api/v2/events');

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
        return { email, expected: allows(ROUTE_ACCESS[key], user) ? 'allowed' : 'forbidden', actual: status === 403 ? 'forbidden' : status === 401 ? 'unauthenticated' : 'allowed' };
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
