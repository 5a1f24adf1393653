import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginMessages } from '../../domain/messages/login';
import { currentUserSchema, loginResponseSchema } from '../../domain/schemas/auth';
import { pairWaitMs } from '../../server/auth/sessions';
import { authTokens, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/login', payload: payload as object, remoteAddress });

describe('POST /api/v1/user/login', () => {
  it('returns an opaque access token of at least 128 bits and stores only its hash', async () => {
    const response = await login({ email: 'oficina@demo.mx', password: 'demo1234' });
    expect(response.statusCode).toBe(200);
    const { access_token } = loginResponseSchema.parse(response.json());
    expect(Buffer.from(access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.database.db.select().from(authTokens);
    expect(stored.some((row) => row.token_hash === access_token)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('accepts the e-mail in any letter case', async () => {
    expect((await login({ email: 'Oficina@Demo.MX', password: 'demo1234' })).statusCode).toBe(200);
  });

  it('refuses a wrong password with the product message', async () => {
    const response = await login({ email: 'ventas@demo.mx', password: 'incorrecta' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Usuario y/o contraseña incorrecta(s)' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await login({ email: 'nadie@demo.mx', password: 'demo1234' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Usuario y/o contraseña incorrecta(s)' });
  });

  it.each([
    [{ email: '', password: 'demo1234' }, 'Contraseña requerida.'],
    [{ email: 'oficina@demo.mx', password: '' }, 'Contraseña requerida.'],
    [{ email: 'no-es-correo', password: 'demo1234' }, 'E-mail inavlido.'],
    [{ password: 'demo1234' }, 'Contraseña requerida.'],
  ])('validates %j with the spec message', async (payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message });
  });

  it('refuses a body that is not JSON without revealing internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
    expect(response.body).not.toMatch(/stack|at \w+ \(/);
  });

  it('slows guesses at an account from one address with growing waits, and never locks its person out elsewhere', async () => {
    const guesser = '10.0.0.1';
    for (let i = 0; i < 3; i++) expect((await login({ email: 'ejecutivo@demo.mx', password: `mala-${i}` }, guesser)).statusCode).toBe(401);
    const slowed = await login({ email: 'ejecutivo@demo.mx', password: 'mala-3' }, guesser);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toBe(loginMessages.tooManyAttempts(1));
    expect(slowed.headers['retry-after']).toBe('1');
    // The person, at their own device, signs in while the guessing goes on.
    expect((await login({ email: 'ejecutivo@demo.mx', password: 'demo1234' }, '10.0.0.99')).statusCode).toBe(200);
    // Each further failure doubles the wait, up to 15 minutes.
    expect([3, 4, 5, 8, 12, 13, 20].map(pairWaitMs)).toEqual([1000, 2000, 4000, 32_000, 512_000, 900_000, 900_000]);
    // The administrator cannot be locked out by anyone who knows the address.
    for (let i = 0; i < 12; i++) await login({ email: 'admin@demo.mx', password: `mala-${i}` }, `10.0.1.${i}`);
    expect((await login({ email: 'admin@demo.mx', password: 'demo1234' }, '10.0.2.1')).statusCode).toBe(200);
  });

  it('says the wait in minutes once it is a minute or more', () => {
    expect(loginMessages.tooManyAttempts(1)).toBe('Demasiados intentos fallidos. Intenta de nuevo en 1 segundo.');
    expect(loginMessages.tooManyAttempts(32)).toBe('Demasiados intentos fallidos. Intenta de nuevo en 32 segundos.');
    expect(loginMessages.tooManyAttempts(900)).toBe('Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.');
  });

  it('limits failures coming from one address across many accounts', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      await login({ email: `intruso${i}@demo.mx`, password: 'x' }, address);
    }
    const refused = await login({ email: 'oficina@demo.mx', password: 'demo1234' }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login({ email: 'oficina@demo.mx', password: 'demo1234' }, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts a client reaching the server directly by its own address, whatever X-Forwarded-For it writes', async () => {
    const loginVia = (remoteAddress: string, forwardedFor: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: 'x' },
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 30; i++) await loginVia('203.0.113.7', `198.51.100.${i}`, `nadie${i}@demo.mx`);
    expect((await loginVia('203.0.113.7', '198.51.100.200', 'otro@demo.mx')).statusCode).toBe(429);
  });

  it('believes X-Forwarded-For only as far as the proxy on this machine vouches for it', async () => {
    // Behind the local proxy: the address it appended (rightmost), not what the client prepended.
    const viaProxy = (forwardedFor: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: 'x' },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 30; i++) await viaProxy(`192.0.2.${i}, 198.51.100.77`, `alguien${i}@demo.mx`);
    expect((await viaProxy('192.0.2.250, 198.51.100.77', 'otro@demo.mx')).statusCode).toBe(429);
    expect((await viaProxy('198.51.100.78', 'otro@demo.mx')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/current', () => {
  it('describes the signed-in user with job position, permissions and branch', async () => {
    const token = await loginAs(t.app, 'chofer@demo.mx');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const user = currentUserSchema.parse(response.json());
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'chofer@demo.mx'));
    expect(user).toMatchObject({ id: row!.id, email: 'chofer@demo.mx', name: row!.name, job_position: 'Chofer Repartidor' });
    expect(user.permissions).toEqual(expect.arrayContaining(['shippings', 'shipping_details']));
    expect(user.permissions).not.toContain('editShippings');
    expect(user.branch?.name).toBe('Matriz Abastos');
    expect(JSON.stringify(user)).not.toContain('password');
  });

  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const headers of [{}, { authorization: 'Bearer corto' }, bearer('x'.repeat(43)), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Sesión no válida o expirada. Inicia sesión de nuevo.' });
    }
  });

  it('answers 401 once the token has expired', async () => {
    const token = await loginAs(t.app, 'ventas@demo.mx');
    await t.database.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute'`);
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
  });

  it('sweeps expired tokens at the next sign-in', async () => {
    await loginAs(t.app, 'ventas2@demo.mx');
    await t.database.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 day'`);
    await loginAs(t.app, 'ventas2@demo.mx');
    const rows = await t.database.db.select().from(authTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('slides the expiry 30 days forward when a token is used after a while', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    await t.database.db.execute(
      sql`UPDATE auth_tokens SET last_used_at = now() - interval '20 days', expires_at = now() + interval '10 days'`,
    );
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(authTokens);
    const days = Math.max(...rows.map((r) => (r.expires_at.getTime() - Date.now()) / 86_400_000));
    expect(days).toBeGreaterThan(29.9);
  });
});

describe('POST /api/v1/user/logout', () => {
  it('revokes the token so it no longer opens the app', async () => {
    const token = await loginAs(t.app, 'almacen@demo.mx');
    const logout = await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('sessions held by the server process between requests', () => {
  const current = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/user/current', headers: bearer(token) }).then((r) => r.statusCode);
  const hashOf = (token: string) => sql`encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`;

  it('ends a held session as soon as any writer removes or expires its token', async () => {
    const removed = await loginAs(t.app, 'chofer@demo.mx');
    const expired = await loginAs(t.app, 'chofer@demo.mx');
    expect([await current(removed), await current(expired)]).toEqual([200, 200]);
    await t.database.db.execute(sql`DELETE FROM auth_tokens WHERE token_hash = ${hashOf(removed)}`);
    await t.database.db.execute(sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashOf(expired)}`);
    await expect.poll(() => current(removed)).toBe(401);
    await expect.poll(() => current(expired)).toBe(401);
  });

  it('applies a permission taken from a role, and given back, to sessions already held', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const list = () =>
      t.app.inject({ method: 'GET', url: '/api/v2/shippings?itemsPerPage=1', headers: bearer(token) }).then((r) => r.statusCode);
    expect(await list()).toBe(200);
    const grant = sql`SELECT u.role_id, p.id AS permission_id FROM users u, permissions p WHERE u.email = 'oficina@demo.mx' AND p.name = 'shippings'`;
    await t.database.db.execute(sql`DELETE FROM role_permissions WHERE (role_id, permission_id) IN (${grant})`);
    await expect.poll(list).toBe(403);
    await t.database.db.execute(sql`INSERT INTO role_permissions (role_id, permission_id) ${grant}`);
    await expect.poll(list).toBe(200);
  });
});
