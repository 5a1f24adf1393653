import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyMessages } from '../../domain/messages/api';
import { createdSaleSchema } from '../../domain/schemas/new-sale';
import { syncPushResponseSchema } from '../../domain/schemas/sync';
import { monterreyDate } from '../../domain/time';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * The counter saves a sale directly; when that request gets no answer, the sale goes into the
 * outbox under the same Idempotency-Key with `offline` added (issue 46). If the first attempt
 * did reach the server, the queued one must get its answer — one sale, not a refusal of the key.
 */
let t: TestApp;
let seller: string;
let companyId: number;
let itemId: number;

beforeAll(async () => {
  t = await createTestApp();
  seller = await loginAs(t.app, 'ventas@demo.mx');
  const [company] = await rows<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
  const [item] = await rows<{ id: number }>(sql`SELECT id FROM items WHERE deleted_at IS NULL AND is_published ORDER BY id LIMIT 1`);
  companyId = company!.id;
  itemId = item!.id;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(seller), ...headers }, payload });
const salesCount = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sales`))[0]!.n;

const sale = (quantity: number) => ({
  company_id: companyId,
  company_branch_id: null,
  date: monterreyDate(new Date()),
  type: 'Serie A',
  note: null,
  internal_note: null,
  purchase_order: null,
  bar: true,
  items: [{ item_id: itemId, quantity }],
});
const offline = (provisional: string) => ({ made_at: new Date(Date.now() - 60_000).toISOString(), provisional, device_total: 10 });

describe('a sale queued offline under the key of a direct attempt that reached the server', () => {
  it('gets the first answer, whether sent alone or in a push, and makes no second sale', async () => {
    const key = crypto.randomUUID();
    const direct = await post('/api/v2/sales', sale(2), { 'idempotency-key': key });
    expect(direct.statusCode, direct.body).toBe(201);
    const first = createdSaleSchema.parse(direct.json());
    const before = await salesCount();

    const queued = await post('/api/v2/sales', { ...sale(2), offline: offline('V-7F3A-0001') }, { 'idempotency-key': key });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.headers['idempotent-replayed']).toBe('true');
    expect(createdSaleSchema.parse(queued.json()).id).toBe(first.id);

    const pushed = await post(
      '/api/v2/sync/push',
      { commands: [{ key, seq: 1, method: 'POST', path: '/api/v2/sales', body: { ...sale(2), offline: offline('V-7F3A-0001') } }] },
      { 'x-device-id': crypto.randomUUID() },
    );
    expect(pushed.statusCode, pushed.body).toBe(200);
    const [result] = syncPushResponseSchema.parse(pushed.json()).results;
    expect(result).toMatchObject({ key, status: 201, body: { id: first.id } });
    expect(await salesCount()).toBe(before);
  });

  it('still refuses the key for another sale', async () => {
    const key = crypto.randomUUID();
    expect((await post('/api/v2/sales', sale(1), { 'idempotency-key': key })).statusCode).toBe(201);
    const other = await post('/api/v2/sales', { ...sale(3), offline: offline('V-7F3A-0002') }, { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: idempotencyMessages.keyReused });
  });
});
