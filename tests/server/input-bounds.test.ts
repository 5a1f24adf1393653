import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../domain/messages/api';
import { shippingMessages } from '../../domain/messages/shipping';
import { shippingDetailSchema, shippingSchema } from '../../domain/schemas/shipping';
import { syncPushResponseSchema, type SyncPushCommand } from '../../domain/schemas/sync';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * What a device or a person may send that is not so: impossible dates and times, ids written
 * oddly, hostile nesting. Each is refused in Spanish naming its field, never a 5xx, and a
 * refused command in a push does not keep the commands after it from being tried.
 */
let t: TestApp;
let office: string;
let driver: string;
let seller: string;
let driverId: number;

beforeAll(async () => {
  t = await createTestApp();
  [office, driver, seller] = (await Promise.all([
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
    loginAs(t.app, 'ventas@demo.mx'),
  ])) as [string, string, string];
  const found = (await t.database.db.execute(sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`)) as unknown as {
    rows: { id: number }[];
  };
  driverId = found.rows[0]!.id;
});
afterAll(() => t.close());

const send = (token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });

async function routeWithADelivery(): Promise<{ shippingId: number; detailId: number }> {
  const created = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-01', driver_id: driverId });
  const shippingId = shippingSchema.parse(created.json()).id;
  const free = (await t.database.db.execute(sql`
    SELECT s.id FROM sales s WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
    ORDER BY s.id DESC LIMIT 1`)) as unknown as { rows: { id: number }[] };
  const detail = await send(office, 'POST', '/api/v1/shipping_detail/create', { sale_id: free.rows[0]!.id, shipping_id: shippingId });
  return { shippingId, detailId: shippingDetailSchema.parse(detail.json()).id };
}

describe('impossible dates and times', () => {
  it('are refused on the driver’s write path, naming nothing stored', async () => {
    const { shippingId, detailId } = await routeWithADelivery();
    const start = await send(driver, 'PUT', '/api/v1/shipping/update', {
      id: shippingId,
      initial_km: 1000,
      km_capture_time_start: '2026-02-30 10:00',
    });
    expect(start.statusCode).toBe(422);
    expect(start.json()).toEqual({ message: shippingMessages.invalidTime });
    const deliver = await send(driver, 'PATCH', `/api/v2/shipping_details/${detailId}`, {
      completed: true,
      is_delivered: false,
      delivered_at: '2026-02-30 10:00',
      delivery_rejection_comment: 'Cerrado',
    });
    expect(deliver.statusCode).toBe(422);
    expect(deliver.json()).toEqual({ message: shippingMessages.invalidTime });
    for (const time of ['2026-04-31 08:00', '2025-02-29 08:00', '2026-01-01 24:00', '2026-01-01 10:60', '0000-01-01 10:00']) {
      expect(
        (await send(driver, 'PUT', '/api/v1/shipping/update', { id: shippingId, initial_km: 1000, km_capture_time_start: time }))
          .statusCode,
        time,
      ).toBe(422);
    }
    expect(
      (
        await send(driver, 'PUT', '/api/v1/shipping/update', {
          id: shippingId,
          initial_km: 1000,
          km_capture_time_start: '2028-02-29 10:00',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('are refused as route dates on create and update, and nothing is stored', async () => {
    const before = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM shippings`)) as unknown as { rows: { n: number }[] };
    const created = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-02-30', driver_id: driverId });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message: shippingMessages.invalidDate });
    const after = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM shippings`)) as unknown as { rows: { n: number }[] };
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    const { shippingId } = await routeWithADelivery();
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: shippingId, date: '2026-02-30' })).statusCode).toBe(422);
  });

  it('inside a push are refused for good (422) and the commands after them are still applied', async () => {
    const { shippingId, detailId } = await routeWithADelivery();
    const command = (seq: number, method: 'PUT' | 'PATCH', path: string, body: Record<string, unknown>): SyncPushCommand => ({
      key: randomUUID(),
      seq,
      method,
      path,
      body,
    });
    const commands = [
      command(1, 'PUT', '/api/v1/shipping/update', { id: shippingId, initial_km: 500, km_capture_time_start: '2026-02-30 10:00' }),
      command(2, 'PATCH', `/api/v2/shipping_details/${detailId}`, {
        completed: true,
        is_delivered: false,
        delivered_at: '2026-12-01 10:00',
        delivery_rejection_comment: 'Cerrado',
      }),
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sync/push',
      headers: { ...bearer(driver), 'x-device-id': randomUUID() },
      payload: { commands },
    });
    expect(response.statusCode).toBe(200);
    const results = syncPushResponseSchema.parse(response.json()).results;
    expect(results.map((r) => r.status)).toEqual([422, 200]);
    expect(results[0]!.body).toEqual({ message: shippingMessages.invalidTime });
  });

  it('in a list’s period are a 400 in Spanish', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/shippings?filter[date_between]=2026-02-30,2026-03-01',
      headers: bearer(office),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/\S/);
  });
});

describe('ids in paths', () => {
  it('are digits as the app writes them: hex, exponents, signs, leading zeros and spaces name no record', async () => {
    const { detailId } = await routeWithADelivery();
    const ok = await t.app.inject({ method: 'GET', url: `/api/v2/sales/${1}`, headers: bearer(office) });
    expect([200, 404]).toContain(ok.statusCode);
    for (const written of [
      `0x${detailId.toString(16)}`,
      `${detailId}e0`,
      `+${detailId}`,
      `0${detailId}`,
      `%20${detailId}`,
      `${detailId}.0`,
      '99999999999',
    ]) {
      const response = await send(office, 'PATCH', `/api/v2/shipping_details/${written}`, { completed: false });
      expect(response.statusCode, written).toBe(404);
      expect(response.json()).toEqual({ message: apiMessages.notFound });
    }
  });
});

describe('bodies', () => {
  it('nested deeper than any the API takes are refused with 400 before they are parsed', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/quotations',
      headers: { ...bearer(office), 'content-type': 'application/json' },
      payload: deep,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: apiMessages.tooDeep });
    const objects = `{"a":${'{"a":'.repeat(50)}1${'}'.repeat(50)}}`;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/quotations',
          headers: { ...bearer(office), 'content-type': 'application/json' },
          payload: objects,
        })
      ).statusCode,
    ).toBe(400);
    // Brackets inside strings are text, not nesting.
    const text = JSON.stringify({ note: '['.repeat(1000) });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/quotations',
          headers: { ...bearer(seller), 'content-type': 'application/json' },
          payload: text,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('refused name the field in Spanish, and every failing field when there are several', async () => {
    const [company] = (
      (await t.database.db.execute(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [item] = ((await t.database.db.execute(sql`SELECT id FROM items ORDER BY id LIMIT 1`)) as unknown as { rows: { id: number }[] })
      .rows;
    const quotation = {
      company_id: company!.id,
      company_branch_id: null,
      contact_id: null,
      date: '2026-12-01',
      type: 'Serie A',
      note: null,
      internal_note: null,
      purchase_order: null,
      items: [{ item_id: item!.id, quantity: 1 }],
    };
    const withoutDueDate = await send(seller, 'POST', '/api/v2/quotations', quotation);
    expect(withoutDueDate.statusCode).toBe(422);
    expect(withoutDueDate.json()).toEqual({ message: `Fecha de vencimiento (due_date): ${shippingMessages.required}` });

    const severalWrong = await send(seller, 'POST', '/api/v2/quotations', {
      ...quotation,
      date: '2026-02-30',
      items: [{ item_id: item!.id, quantity: 'mucho' }],
    });
    expect(severalWrong.statusCode).toBe(422);
    const body = severalWrong.json<{ message: string; errors: { field: string; message: string }[] }>();
    expect(body.errors.map((error) => error.field)).toEqual(['date', 'items.0.quantity', 'due_date']);
    expect(body.message).toBe(shippingMessages.invalidDate);
    expect(body.errors[1]!.message).toMatch(/^Productos 1 · Cantidad \(items\.0\.quantity\): /);
  });
});
