import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTicketPageSchema, supportTicketSchema } from '../../domain/schemas/support';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
let driver: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, office, driver] = await Promise.all([loginAs(t.app, 'admin@demo.mx'), loginAs(t.app, 'oficina@demo.mx'), loginAs(t.app, 'chofer@demo.mx')]);
});
afterAll(() => t.close());

const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/support/support_tickets${query}`, headers: bearer(token) });

describe('support tickets', () => {
  it('creates a ticket for the signed-in person', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/support_tickets',
      headers: bearer(driver),
      payload: { description: '  La cámara no abre al adjuntar la evidencia.  ' },
    });
    expect(response.statusCode).toBe(201);
    const ticket = supportTicketSchema.parse(response.json());
    expect(ticket).toMatchObject({ description: 'La cámara no abre al adjuntar la evidencia.', status: 'Abierto', user: { name: 'Miguel' } });
  });

  it('lets user 1 read every ticket and everyone else only their own', async () => {
    const all = supportTicketPageSchema.parse((await list(admin, '?itemsPerPage=50')).json());
    const own = supportTicketPageSchema.parse((await list(office, '?itemsPerPage=50')).json());
    expect(all.meta.total).toBeGreaterThan(own.meta.total);
    expect(new Set(all.data.map((t) => t.user.name)).size).toBeGreaterThan(1);
    expect(own.data.every((ticket) => ticket.user.name === 'Jorge')).toBe(true);
  });

  it('filters by description, pages and sorts', async () => {
    const found = supportTicketPageSchema.parse((await list(admin, '?filter[description]=c%C3%A1mara')).json());
    expect(found.meta.total).toBe(1);
    expect(found.data[0]?.description).toContain('cámara');
    const firstPage = supportTicketPageSchema.parse((await list(admin, '?sort=id&itemsPerPage=1&page=1')).json());
    const secondPage = supportTicketPageSchema.parse((await list(admin, '?sort=id&itemsPerPage=1&page=2')).json());
    expect(firstPage.data).toHaveLength(1);
    expect(firstPage.data[0]!.id).toBeLessThan(secondPage.data[0]!.id);
    expect(firstPage.meta.total).toBe(secondPage.meta.total);
  });

  it('treats % and _ in the search as plain text', async () => {
    const found = supportTicketPageSchema.parse((await list(admin, '?filter[description]=%25')).json());
    expect(found.meta.total).toBe(0);
  });

  it.each([
    ['?filter[user_id]=1', 'Filtro desconocido: user_id.'],
    ['?sort=-password', 'No se puede ordenar por password.'],
    ['?page=0', 'La página debe ser un número entero desde 1.'],
    ['?itemsPerPage=abc', 'La cantidad por página debe ser un número entero entre 1 y 100000.'],
    ['?limit=5', 'Parámetro desconocido: limit.'],
    ['?page=1&page=2', 'El parámetro page está repetido.'],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const response = await list(admin, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('refuses an empty description', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/support/support_tickets', headers: bearer(office), payload: { description: '   ' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Describe el problema.' });
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support/support_tickets' })).statusCode).toBe(401);
  });
});
