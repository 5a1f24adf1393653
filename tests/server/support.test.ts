import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteListSchema } from '../../domain/schemas/notes';
import { supportTicketDetailSchema, supportTicketPageSchema, supportTicketSchema } from '../../domain/schemas/support';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
let driver: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, office, driver] = await Promise.all([
    loginAs(t.app, 'admin@demo.mx'),
    loginAs(t.app, 'oficina@demo.mx'),
    loginAs(t.app, 'chofer@demo.mx'),
  ]);
});
afterAll(() => t.close());
const rows = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

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
    expect(ticket).toMatchObject({
      description: 'La cámara no abre al adjuntar la evidencia.',
      status: 'Abierto',
      user: { name: 'Miguel' },
    });
  });

  it('reads as spec §6 has it: a Dirección person other than user 1 only their own, everyone else all', async () => {
    const all = supportTicketPageSchema.parse((await list(admin, '?itemsPerPage=50')).json());
    const officeSees = supportTicketPageSchema.parse((await list(office, '?itemsPerPage=50')).json());
    expect(new Set(all.data.map((t) => t.user.name)).size).toBeGreaterThan(1);
    expect(officeSees.meta.total).toBe(all.meta.total);
    await rows(
      sql`UPDATE users SET job_position_id = (SELECT id FROM job_positions WHERE name = 'Dirección') WHERE email = 'consulta@demo.mx'`,
    );
    try {
      const director = await loginAs(t.app, 'consulta@demo.mx');
      const own = supportTicketPageSchema.parse((await list(director, '?itemsPerPage=50')).json());
      expect(own.meta.total).toBeLessThan(all.meta.total);
      expect(own.data.every((ticket) => ticket.user.name === 'Carmen')).toBe(true);
      const someoneElses = all.data.find((ticket) => ticket.user.name !== 'Carmen')!;
      const opened = await t.app.inject({
        method: 'GET',
        url: `/api/support/support_tickets/${someoneElses.id}`,
        headers: bearer(director),
      });
      expect(opened.statusCode).toBe(404);
    } finally {
      await rows(
        sql`UPDATE users SET job_position_id = (SELECT id FROM job_positions WHERE name = 'Despacho') WHERE email = 'consulta@demo.mx'`,
      );
    }
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
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/support/support_tickets',
      headers: bearer(office),
      payload: { description: '   ' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Describe el problema.' });
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/support/support_tickets' })).statusCode).toBe(401);
  });
});

describe('answering tickets', () => {
  let keys = 0;
  const answer = (token: string, id: number, payload: object, key = `soporte-${(keys += 1)}-${Date.now()}`) =>
    t.app.inject({
      method: 'POST',
      url: `/api/support/support_tickets/${id}/replies`,
      headers: { ...bearer(token), 'idempotency-key': key },
      payload,
    });
  const bell = async (token: string) =>
    noteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) })).json()).data;
  const open = async (token: string, description: string) =>
    supportTicketSchema.parse(
      (
        await t.app.inject({ method: 'POST', url: '/api/support/support_tickets', headers: bearer(token), payload: { description } })
      ).json(),
    ).id;

  it('support answers, takes and moves a ticket through its states; the opener hears each in the bell and adds to it', async () => {
    const id = await open(driver, 'La báscula del camión 2 marca de más.');
    const [support] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'admin@demo.mx'`);
    const took = await answer(admin, id, { body: 'La revisamos hoy.', status: 'En proceso', assigned_to_user_id: support!.id });
    expect(took.statusCode, took.body).toBe(201);
    const ticket = supportTicketDetailSchema.parse(took.json()).data;
    expect(ticket).toMatchObject({ status: 'En proceso', assigned_to: { id: support!.id }, replies: 1 });
    expect(ticket.answers).toMatchObject([{ body: 'La revisamos hoy.', status: 'En proceso', user: { name: 'Alejandra' } }]);
    const told = (await bell(driver)).filter((note) => note.record?.type === 'ticket' && note.record.id === id);
    expect(told.map((note) => note.body)).toEqual([
      `Respuesta a tu ticket #${id}: La revisamos hoy.\nTu ticket #${id} está ahora: En proceso.`,
    ]);
    expect(told[0]!.seen).toBe(false);

    // The opener adds to it: whoever took it hears of it.
    expect((await answer(driver, id, { body: 'Pasa con carga de más de 500 kg.' })).statusCode).toBe(201);
    expect((await bell(admin)).some((note) => note.body === `El ticket #${id} tiene algo nuevo: Pasa con carga de más de 500 kg.`)).toBe(
      true,
    );
    // But does not change its state or who takes it.
    const refused = await answer(driver, id, { status: 'Cerrado' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Solo soporte cambia el estado de un ticket o a quién lo atiende.');

    expect((await answer(admin, id, { status: 'Resuelto' })).statusCode).toBe(201);
    expect((await answer(admin, id, { status: 'Cerrado' })).statusCode).toBe(201);
    const closed = await answer(driver, id, { body: 'Sigue fallando.' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('El ticket está cerrado: ábrelo de nuevo para responder.');
    const states = supportTicketDetailSchema
      .parse((await t.app.inject({ method: 'GET', url: `/api/support/support_tickets/${id}`, headers: bearer(driver) })).json())
      .data.answers.map((reply) => reply.status);
    expect(states).toEqual(['En proceso', null, 'Resuelto', 'Cerrado']);
  });

  it('lets someone with the support permission answer, and refuses others, unknown states and assignees who do not answer', async () => {
    const id = await open(driver, 'No carga el mapa.');
    const someoneElse = await answer(office, id, { body: 'Yo también lo veo.' });
    expect(someoneElse.statusCode).toBe(403);
    const badStatus = await answer(admin, id, { status: 'Perdido' });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().message).toBe('El estado debe ser Abierto, En proceso, Resuelto o Cerrado.');
    const [driverRow] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'chofer2@demo.mx'`);
    const badAssignee = await answer(admin, id, { assigned_to_user_id: driverRow!.id });
    expect(badAssignee.json().message).toBe('Esa persona no atiende soporte.');
    const nothing = await answer(admin, id, { body: '  ' });
    expect(nothing.json().message).toBe('Escribe una respuesta, o cambia el estado o a quién lo atiende.');
    // Given the support permission, the office answers and can be assigned tickets.
    await rows(sql`INSERT INTO user_permissions (user_id, permission_id)
      SELECT u.id, p.id FROM users u, permissions p WHERE u.email = 'oficina@demo.mx' AND p.name = 'support'`);
    const officeAgain = await loginAs(t.app, 'oficina@demo.mx');
    const answered = await answer(officeAgain, id, { body: 'Reinicia la app, por favor.', status: 'En proceso' });
    expect(answered.statusCode, answered.body).toBe(201);
    const [officeRow] = await rows<{ id: number }>(sql`SELECT id FROM users WHERE email = 'oficina@demo.mx'`);
    expect((await answer(admin, id, { assigned_to_user_id: officeRow!.id })).statusCode).toBe(201);
    expect((await bell(officeAgain)).some((note) => note.body === `Te asignaron el ticket #${id}.`)).toBe(true);
  });
});
