import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTicketSchema } from '../../domain/schemas/events';
import { publishEvent } from '../../server/events/bus';
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
