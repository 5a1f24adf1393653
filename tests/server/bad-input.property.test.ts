import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, type RouteKey } from '../../server/route-access';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Random bad input on every route of the access table — odd query strings, bodies, ids
 * and headers, sent as the administrator so the guard lets everything through: the server
 * never answers 5xx, and a refused request (4xx) never changes the database.
 * Runs: PROPERTY_RUNS (default 120).
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 120);
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

async function databaseDigest(): Promise<string> {
  const result = await t.database.db.execute(sql`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', id, date, driver_id, vehicle_id, initial_km, final_km, route, weight, note, deleted_at), ';' ORDER BY id) FROM shippings),
      (SELECT string_agg(concat_ws(',', id, shipping_id, sale_id, completed, is_delivered, pdf, delivery_rejection_comment, invoice, deleted_at), ';' ORDER BY id) FROM shipping_details),
      (SELECT string_agg(concat_ws(',', id, is_in_production, production_id, dispatched_at), ';' ORDER BY id) FROM sales),
      (SELECT count(*) FROM inventory_movements), (SELECT count(*) FROM support_tickets), (SELECT count(*) FROM idempotency_keys),
      (SELECT string_agg(concat_ws(',', id, seen), ';' ORDER BY id) FROM notes)
    )) AS digest`);
  return String((result as unknown as { rows: { digest: string }[] }).rows[0]?.digest);
}

// Not signing out: it would end the session the run uses.
const routes = (Object.keys(ROUTE_ACCESS) as RouteKey[]).filter((key) => key !== 'POST /api/v1/user/logout');

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '1e309',
    'NaN',
    '9999999999999',
    "'; DROP TABLE shippings; --",
    '../../etc/passwd',
    '%00',
    '2026-13-45',
    'null',
    '[]',
    '{}',
    '\u0000',
    'ñandú',
  ),
  // Impossible days and times, as a device with a bad clock or a hand-written request sends them.
  fc.constantFrom(
    '2026-02-30',
    '2026-02-30 10:00',
    '2025-02-29',
    '2026-04-31 23:59',
    '2026-01-01 24:00',
    '0000-01-01',
    '2026-02-30T10:00:00Z',
    '2026-02-30,2026-03-01',
  ),
);
const jsonValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
);
const fields = fc.constantFrom(
  'id',
  'date',
  'driver_id',
  'vehicle_id',
  'initial_km',
  'final_km',
  'note',
  'km_capture_time',
  'km_capture_time_start',
  'sale_id',
  'shipping_id',
  'completed',
  'is_delivered',
  'pdf',
  'delivery_rejection_comment',
  'delivered_at',
  'invoice',
  'quotation_items',
  'description',
  'email',
  'password',
  'seen',
  '__proto__',
  'constructor',
);
// Nesting past the bound, as JSON text (it is sent as it is).
const deep = fc.integer({ min: 33, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const body = fc.oneof(fc.dictionary(fields, jsonValue, { maxKeys: 6 }), jsonValue, deep);
const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'itemsPerPage',
    'sort',
    'filter[id]',
    'filter[date_between]',
    'filter[driver_id]',
    'filter[name]',
    'filter[search]',
    'filter[description]',
    'filter[x]',
  ),
  text,
);
const query = fc.array(fc.tuple(queryKey, text), { maxLength: 4 });
const pathParam = fc.oneof(
  text,
  fc.integer().map(String),
  fc.constantFrom('1', '999999', '-5', '1.5', '%2e%2e', '0x10', '1e1', '+16', '016', ' 16', '2147483648'),
);
const headers = fc.record({
  'idempotency-key': fc.option(fc.oneof(text, fc.constant('clave-valida-123456')), { nil: undefined }),
  'content-type': fc.option(
    fc.constantFrom('application/json', 'text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded'),
    { nil: undefined },
  ),
});

describe('bad input on every route', () => {
  it('never gets a 5xx, and a refused request leaves the database as it was', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        query,
        body,
        pathParam,
        headers,
        async (key, queryPairs, payload, param, extraHeaders) => {
          const [method, path] = key.split(' ') as ['GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
          const search = new URLSearchParams(queryPairs).toString();
          const url = `${path.replace(/:id|:name/, encodeURIComponent(param))}${search ? `?${search}` : ''}`;
          const sendsBody = method !== 'GET' && method !== 'DELETE';
          const definedHeaders = Object.fromEntries(Object.entries(extraHeaders).filter(([, v]) => v !== undefined)) as Record<
            string,
            string
          >;
          const before = await databaseDigest();
          const response = await t.app.inject({
            method,
            url,
            headers: {
              ...bearer(token),
              ...definedHeaders,
              ...(sendsBody && !definedHeaders['content-type'] ? { 'content-type': 'application/json' } : {}),
            },
            ...(sendsBody ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
          });
          expect(response.statusCode, `${method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(await databaseDigest(), `${method} ${url} was refused but changed the database`).toBe(before);
            // A HEAD answer carries no body by definition (the upload status route): only its status.
            if (method !== 'HEAD') expect(Object.keys(response.json())).toContain('message');
          }
        },
      ),
      { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
    );
  }, 120_000);
});
