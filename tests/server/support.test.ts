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

  it('lets each person read only their own tickets, and user 1 and support read them all', async () => {
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    const write = async (token: string, description: string) =>
      supportTicketSchema.parse(
        (
          await t.app.inject({ method: 'POST', url: '/api/support/support_tickets', headers: bearer(token), payload: { description } })
        ).json(),
      ).id;
    const driversTicket = await write(driver, 'El GPS se congela en la ruta.');
    const sellersTicket = await write(seller, 'Un cliente me pidió factura y no sé dónde.');
    const ids = async (token: string) => {
      const page = supportTicketPageSchema.parse((await list(token, '?itemsPerPage=1000')).json());
      return {
        ids: page.data.map((ticket) => ticket.id),
        names: new Set(page.data.map((ticket) => ticket.user.name)),
        total: page.meta.total,
      };
    };
    const opened = (token: string, id: number) =>
      t.app.inject({ method: 'GET', url: `/api/support/support_tickets/${id}`, headers: bearer(token) });
    const replied = (token: string, id: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/support/support_tickets/${id}/replies`,
        headers: { ...bearer(token), 'idempotency-key': `ajeno-${id}-${Date.now()}` },
        payload: { body: 'Yo también.' },
      });

    const all = await ids(admin);
    expect(all.ids).toEqual(expect.arrayContaining([driversTicket, sellersTicket]));
    expect(all.names.size).toBeGreaterThan(2);

    const drivers = await ids(driver);
    expect(drivers.ids).toContain(driversTicket);
    expect(drivers.ids).not.toContain(sellersTicket);
    expect(drivers.names).toEqual(new Set(['Miguel']));
    expect(drivers.total).toBe(drivers.ids.length);
    const sellers = await ids(seller);
    expect(sellers.ids).toContain(sellersTicket);
    expect(sellers.ids).not.toContain(driversTicket);
    expect(sellers.names).toEqual(new Set(['Laura']));
    // Another's ticket is not found, whether read, answered, or its number guessed.
    expect((await opened(driver, sellersTicket)).statusCode).toBe(404);
    expect((await opened(seller, driversTicket)).statusCode).toBe(404);
    expect((await replied(driver, sellersTicket)).statusCode).toBe(404);
    expect((await opened(seller, sellersTicket)).statusCode).toBe(200);

    // The support permission reads every ticket, and answers them.
    await rows(sql`INSERT INTO user_permissions (user_id, permission_id)
      SELECT u.id, p.id FROM users u, permissions p WHERE u.email = 'consulta@demo.mx' AND p.name = 'support'`);
    try {
      const support = await loginAs(t.app, 'consulta@demo.mx');
      expect((await ids(support)).total).toBe(all.total);
      expect((await opened(support, driversTicket)).statusCode).toBe(200);
      const answers = supportTicketDetailSchema.parse((await opened(support, sellersTicket)).json()).data;
      expect(answers.user.name).toBe('Laura');
      expect((await replied(support, sellersTicket)).statusCode).toBe(201);
    } finally {
      await rows(sql`DELETE FROM user_permissions WHERE user_id = (SELECT id FROM users WHERE email = 'consulta@demo.mx')
        AND permission_id = (SELECT id FROM permissions WHERE name = 'support')`);
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
    // Someone else does not even find it.
    const someoneElse = await answer(office, id, { body: 'Yo también lo veo.' });
    expect(someoneElse.statusCode).toBe(404);
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
