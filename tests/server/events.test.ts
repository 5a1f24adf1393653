import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appEventSchema, eventTicketSchema } from '../../domain/schemas/events';
import { rows } from '../../server/db/sql-rows';
import { EVENTS_CHANNEL, publishEvent, publishShippingChanged } from '../../server/events/bus';
import { openEventStream } from './sse-client';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function ticketFor(email: string): Promise<string> {
  const token = await loginAs(t.app, email);
  const response = await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(token) });
  expect(response.statusCode).toBe(201);
  return eventTicketSchema.parse(response.json()).ticket;
}

describe('live events', () => {
  it('delivers order.created to the warehouse and not to someone without orders', async () => {
    const warehouse = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor('almacen@demo.mx')}`);
    const office = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor('oficina@demo.mx')}`);
    try {
      await warehouse.waitFor((text) => text.includes(': conectado'));
      await office.waitFor((text) => text.includes(': conectado'));
      await publishEvent(t.database.db, { type: 'order.created', order_id: 4321, date: '2026-11-23' });
      await warehouse.waitFor((text) => text.includes('event: order.created'));
      expect(JSON.parse(warehouse.received[0]!.data)).toEqual({ type: 'order.created', order_id: 4321, date: '2026-11-23' });
      // The office stream stays open and quiet (checked after the warehouse got its event).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(office.received).toEqual([]);
    } finally {
      warehouse.close();
      office.close();
    }
  });

  it('opens a stream once per ticket, and never without one', async () => {
    const ticket = await ticketFor('almacen@demo.mx');
    const first = await openEventStream(`${base}/api/v2/events?ticket=${ticket}`);
    // Taken over from Fastify, the stream still carries every response's security headers and its request id.
    expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(first.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(first.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{8,64}$/);
    first.close();
    const reused = await fetch(`${base}/api/v2/events?ticket=${ticket}`);
    expect(reused.status).toBe(403);
    expect(await reused.json()).toEqual({ message: 'El permiso para recibir avisos no es válido o ya venció.' });
    expect((await fetch(`${base}/api/v2/events`)).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket' })).statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('closes the streams that session opened and voids its unused tickets; another session of the person keeps its stream', async () => {
    const leaving = await loginAs(t.app, 'almacen@demo.mx');
    const staying = await loginAs(t.app, 'almacen@demo.mx');
    const ticketOf = async (token: string) =>
      eventTicketSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(token) })).json()).ticket;
    const [opened, unused, other] = [await ticketOf(leaving), await ticketOf(leaving), await ticketOf(staying)];
    const stream = await openEventStream(`${base}/api/v2/events?ticket=${opened}`);
    const kept = await openEventStream(`${base}/api/v2/events?ticket=${other}`);
    try {
      await stream.waitFor((text) => text.includes(': conectado'));
      await kept.waitFor((text) => text.includes(': conectado'));
      expect((await t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: bearer(leaving) })).statusCode).toBe(204);
      for (let i = 0; i < 100 && !stream.ended(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stream.ended()).toBe(true);
      expect((await fetch(`${base}/api/v2/events?ticket=${unused}`)).status).toBe(403);
      await publishEvent(t.database.db, { type: 'order.created', order_id: 4322, date: '2026-11-23' });
      await kept.waitFor((text) => text.includes('event: order.created'));
      expect(kept.ended()).toBe(false);
    } finally {
      stream.close();
      kept.close();
    }
  });
});

describe('shipping.changed as the database builds it', () => {
  // Built twice: in plpgsql when a delivery changes (migration 0021) and by the server (server/events/bus.ts).
  // Both must parse with the domain's schema, field for field: a field renamed on either side fails here.
  it('parses with the domain schema, from the deliveries trigger and from the server’s builder', async () => {
    const heard: unknown[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => heard.push(JSON.parse(payload)));
    try {
      const [delivery] = await rows<{ id: number; shipping_id: number; date: string }>(
        t.database.db,
        sql`SELECT d.id, d.shipping_id, s.date::text AS date FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
          WHERE d.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY d.id LIMIT 1`,
      );
      expect(delivery).toBeDefined();
      const expected = { type: 'shipping.changed', shipping_id: delivery!.shipping_id, date: delivery!.date };
      // Any write of a delivery: the trigger announces its route.
      await t.database.db.execute(sql`UPDATE shipping_details SET invoice = invoice WHERE id = ${delivery!.id}`);
      await vi.waitFor(() => expect(heard).toHaveLength(1));
      await publishShippingChanged(t.database.db, delivery!.shipping_id);
      await vi.waitFor(() => expect(heard).toHaveLength(2));
      for (const event of heard) {
        expect(appEventSchema.parse(event)).toEqual(event);
        expect(event).toEqual(expected);
      }
    } finally {
      await stop();
    }
  });
});
