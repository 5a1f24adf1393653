import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
// @ts-expect-error http_ece ships no types: the reference implementation of RFC 8188, used here to open what web-push sealed.
import * as ece from 'http_ece';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushKeySchema } from '../../domain/schemas/push';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Web Push against a push service started by the test: a device's keys are made here (as a
 * browser makes them), the server encrypts each notice for them (RFC 8291), and the fake push
 * service decrypts what it receives with the device's private key.
 */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let t: TestApp;
let pushService: Server;
let base: string;
const received: Received[] = [];
/** Paths the fake service answers 410 Gone for: devices that unsubscribed. */
const gone = new Set<string>();

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(gone.has(request.url ?? '') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  t = await createTestApp({ PUSH_ALLOW_ANY_ENDPOINT: '1', PUSH_POLL_MS: '50', PUSH_RETRY_FIRST_MS: '50' });
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

const rowsOf = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

interface Device {
  path: string;
  ecdh: ECDH;
  auth: Buffer;
}
let devices = 0;
async function subscribe(token: string): Promise<Device> {
  devices += 1;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const device = { path: `/push/dispositivo-${devices}`, ecdh, auth: randomBytes(16) };
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v2/push/subscriptions',
    headers: bearer(token),
    payload: {
      endpoint: `${base}${device.path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: device.auth.toString('base64url') },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return device;
}

/** The notices a device got, opened with its own keys. */
function opened(device: Device): { title: string; body: string; url: string; tag: string | null }[] {
  return received
    .filter((message) => message.path === device.path)
    .map((message) =>
      JSON.parse(ece.decrypt(message.body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')),
    );
}
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const waiting = await rowsOf(sql`SELECT id, status, attempts, last_error FROM push_messages ORDER BY id`);
  throw new Error(`timed out: received ${JSON.stringify(received.map((m) => m.path))}, queue ${JSON.stringify(waiting)}`);
};
let keys = 0;
const office = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, key = `aviso-${(keys += 1)}-${Date.now()}`) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(await loginAs(t.app, 'oficina@demo.mx')), 'idempotency-key': key },
    ...(payload && { payload }),
  });
const driverId = async (email: string) => (await rowsOf<{ id: number }>(sql`SELECT id FROM users WHERE email = ${email}`))[0]!.id;

describe('notices to phones', () => {
  it('tells the driver, on the device they subscribed, of a route given to them — once, whatever retries', async () => {
    const driver = await loginAs(t.app, 'chofer@demo.mx');
    const key = pushKeySchema.parse((await t.app.inject({ method: 'GET', url: '/api/v2/push/key', headers: bearer(driver) })).json());
    expect(Buffer.from(key.public_key, 'base64url')).toHaveLength(65);
    const phone = await subscribe(driver);
    const payload = { date: '2027-02-03', driver_id: await driverId('chofer@demo.mx') };
    const created = await office('POST', '/api/v1/shipping/create', payload, 'ruta-con-aviso');
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    await office('POST', '/api/v1/shipping/create', payload, 'ruta-con-aviso');
    await until(() => opened(phone).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened(phone)).toEqual([{ title: `Nueva ruta E-${id}`, body: 'Para el 03/02/2027.', url: '/', tag: `ruta-${id}` }]);
    const [request] = received.filter((message) => message.path === phone.path);
    expect(request!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request!.headers.ttl)).toBeGreaterThan(0);

    // A stop added and one removed by the office: the same phone hears of each.
    const [sale] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM sales WHERE kind = 'sale' AND canceled_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const stop = await office('POST', '/api/v1/shipping_detail/create', { sale_id: sale!.id, shipping_id: id });
    expect(stop.statusCode).toBe(201);
    await office('DELETE', `/api/v2/shipping_details/${stop.json<{ id: number }>().id}`);
    await until(() => opened(phone).length === 3);
    expect(
      opened(phone)
        .slice(1)
        .map((notice) => [notice.title, notice.body.slice(0, 14)]),
    ).toEqual([
      [`Cambió tu ruta E-${id}`, `Se agregó V-${sale!.id}`.slice(0, 14)],
      [`Cambió tu ruta E-${id}`, `Se quitó V-${sale!.id}`.slice(0, 14)],
    ]);
    // Someone else's route tells this phone nothing.
    const before = opened(phone).length;
    await office('POST', '/api/v1/shipping/create', { date: '2027-02-03', driver_id: await driverId('chofer2@demo.mx') });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(opened(phone)).toHaveLength(before);
  });

  it('tells whoever a note @mentions', async () => {
    const warehouse = await subscribe(await loginAs(t.app, 'almacen@demo.mx'));
    const note = await office('POST', '/api/v2/notes', { body: 'Aparta 3 cajas para las 3, @almacen.' });
    expect(note.statusCode).toBe(201);
    await until(() => opened(warehouse).length === 1);
    expect(opened(warehouse)[0]).toMatchObject({
      title: 'Jorge Treviño Leal te mencionó',
      body: 'Aparta 3 cajas para las 3, @almacen.',
      url: '/notes',
    });
    // About a sale: opening the notice opens the sale.
    const [sale] = await rowsOf<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id LIMIT 1`);
    await office('POST', '/api/v2/notes', { body: '@almacen este pedido va primero.', record: { type: 'sale', id: sale!.id } });
    await until(() => opened(warehouse).length === 2);
    expect(opened(warehouse)[1]!.url).toBe(`/sales/${sale!.id}`);
  });

  it('forgets a device the push service says is gone, and a device whose session signed out', async () => {
    const token = await loginAs(t.app, 'chofer2@demo.mx');
    const old = await subscribe(token);
    gone.add(old.path);
    await office('POST', '/api/v1/shipping/create', { date: '2027-02-04', driver_id: await driverId('chofer2@demo.mx') });
    await until(async () => (await rowsOf(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${base + old.path}`)).length === 0);

    const session = await loginAs(t.app, 'ejecutivo@demo.mx');
    const phone = await subscribe(session);
    expect(await rowsOf(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${base + phone.path}`)).toHaveLength(1);
    await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(session) });
    expect(await rowsOf(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${base + phone.path}`)).toHaveLength(0);
  });

  it('keeps a device with the person who subscribed it while their session lives: nobody else takes it over', async () => {
    const owner = await loginAs(t.app, 'chofer@demo.mx');
    const phone = await subscribe(owner);
    const endpoint = `${base}${phone.path}`;
    const keys = { p256dh: phone.ecdh.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') };
    const register = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v2/push/subscriptions', headers: bearer(token), payload: { endpoint, keys } });
    const holder = async () =>
      (
        await rowsOf<{ email: string }>(
          sql`SELECT u.email FROM push_subscriptions s JOIN users u ON u.id = s.user_id WHERE s.endpoint = ${endpoint}`,
        )
      )[0]?.email;

    const other = await loginAs(t.app, 'ejecutivo@demo.mx');
    const taken = await register(other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'Este dispositivo ya recibe los avisos de otra persona que no ha cerrado su sesión. Cuando la cierre, podrás activarlos para ti.',
    );
    expect(await holder()).toBe('chofer@demo.mx');
    // The owner subscribing again keeps it.
    expect((await register(owner)).statusCode).toBe(201);
    expect(await holder()).toBe('chofer@demo.mx');

    // The owner's session ran out on that device: the next person there may have it.
    await t.database.db.execute(
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute' WHERE id = (SELECT token_id FROM push_subscriptions WHERE endpoint = ${endpoint})`,
    );
    expect((await register(other)).statusCode).toBe(201);
    expect(await holder()).toBe('ejecutivo@demo.mx');
  });

  it('subscribes only at the push services the browsers use', async () => {
    const strict = await createTestApp();
    try {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/v2/push/subscriptions',
        headers: bearer(await loginAs(strict.app, 'chofer@demo.mx')),
        payload: { endpoint: 'https://intranet.local/hook', keys: { p256dh: 'BAAA', auth: 'AAAA' } },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Ese servicio de avisos no es uno de los conocidos.');
    } finally {
      await strict.close();
    }
  });
});
