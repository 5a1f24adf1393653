import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteListSchema, noteSentSchema, noteThreadSchema } from '../../domain/schemas/notes';
import { eventTicketSchema } from '../../domain/schemas/events';
import { openEventStream } from './sse-client';
import { notes, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function userId(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

describe('notes', () => {
  it('lists only the signed-in person’s notes, newest first, with their seen flag', async () => {
    const token = await loginAs(t.app, 'ventas@demo.mx');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = noteListSchema.parse(response.json());
    const mine = await t.database.db
      .select()
      .from(notes)
      .where(eq(notes.user_id, await userId('ventas@demo.mx')));
    expect(data.map((n) => n.id).sort()).toEqual(mine.map((n) => n.id).sort());
    expect(data.filter((n) => !n.seen).length).toBe(mine.filter((n) => n.seen === 0).length);
    const times = data.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('marks a note seen, which lowers the unseen count', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const before = noteListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) })).json(),
    ).data;
    const unseen = before.find((n) => !n.seen)!;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/notes/${unseen.id}`,
      headers: bearer(token),
      payload: { seen: true },
    });
    expect(patch.statusCode).toBe(200);
    const after = noteListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) })).json(),
    ).data;
    expect(after.filter((n) => !n.seen).length).toBe(before.filter((n) => !n.seen).length - 1);
  });

  it('does not let anyone touch another person’s note', async () => {
    const token = await loginAs(t.app, 'chofer2@demo.mx');
    const [someoneElses] = await t.database.db
      .select()
      .from(notes)
      .where(and(eq(notes.user_id, await userId('admin@demo.mx')), eq(notes.seen, 0)));
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/notes/${someoneElses!.id}`,
      headers: bearer(token),
      payload: { seen: true },
    });
    expect(response.statusCode).toBe(404);
    const [unchanged] = await t.database.db.select().from(notes).where(eq(notes.id, someoneElses!.id));
    expect(unchanged!.seen).toBe(0);
  });

  it('refuses bad ids and bodies with a Spanish message', async () => {
    const token = await loginAs(t.app, 'chofer2@demo.mx');
    const badId = await t.app.inject({ method: 'PATCH', url: '/api/v2/notes/abc', headers: bearer(token), payload: { seen: true } });
    expect(badId.statusCode).toBe(404);
    const badBody = await t.app.inject({ method: 'PATCH', url: '/api/v2/notes/1', headers: bearer(token), payload: { seen: false } });
    expect(badBody.statusCode).toBe(422);
    expect(badBody.json().message).toEqual(expect.any(String));
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/note/all' })).statusCode).toBe(401);
  });
});

let keys = 0;
const write = async (email: string, payload: object, key = `nota-${(keys += 1)}-${Date.now()}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/notes',
    headers: { ...bearer(await loginAs(t.app, email)), 'idempotency-key': key },
    payload,
  });
const inbox = async (email: string) =>
  noteListSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(await loginAs(t.app, email)) })).json(),
  ).data;
const rowsOf = <T>(query: ReturnType<typeof sql>) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

describe('writing notes', () => {
  it('goes to a person, to everyone with a role and to whoever is @mentioned, about a sale, once per Idempotency-Key', async () => {
    const [sale] = await rowsOf<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' ORDER BY id DESC LIMIT 1`);
    const [role] = await rowsOf<{ id: number; people: number }>(
      sql`SELECT r.id, count(u.id)::int AS people FROM roles r JOIN users u ON u.role_id = r.id AND u.active WHERE r.name = 'Chofer' GROUP BY r.id`,
    );
    const payload = {
      body: 'El cliente pasa a las 3 por su pedido. @almacen, déjalo listo.',
      user_ids: [await userId('ventas@demo.mx')],
      role_ids: [role!.id],
      record: { type: 'sale', id: sale!.id },
    };
    const first = await write('oficina@demo.mx', payload, 'la-misma-nota');
    expect(first.statusCode, first.body).toBe(201);
    const sent = noteSentSchema.parse(first.json()).data;
    // ventas, the drivers with the role, and almacen by the mention.
    expect(sent.recipients).toBe(1 + role!.people + 1);
    expect(sent.mentioned).toBe(1);
    const again = await write('oficina@demo.mx', payload, 'la-misma-nota');
    expect(again.json()).toEqual(first.json());
    const [count] = await rowsOf<{ n: number }>(sql`SELECT count(*)::int AS n FROM notes WHERE sent_id = ${sent.sent_id}`);
    expect(count!.n).toBe(sent.recipients);

    const warehouse = (await inbox('almacen@demo.mx')).find((note) => note.thread_id === sent.thread_id)!;
    expect(warehouse).toMatchObject({ seen: false, mentioned: true, archived: false, record: { type: 'sale', id: sale!.id } });
    expect(warehouse.title).toBe('El cliente pasa a las 3 por su pedido. @almacen, déjalo listo.');
    expect(warehouse.author).toEqual({ name: 'Jorge', last: 'Treviño Leal' });
    // On the sale's page, for those who wrote or received it; not for anyone else.
    const onSale = async (email: string) =>
      noteThreadSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/v2/notes/record/sale/${sale!.id}`, headers: bearer(await loginAs(t.app, email)) })
        ).json(),
      ).data;
    expect((await onSale('almacen@demo.mx')).map((n) => n.sent_id)).toContain(sent.sent_id);
    expect((await onSale('oficina@demo.mx')).find((n) => n.sent_id === sent.sent_id)!.recipients).toHaveLength(sent.recipients);
    expect((await onSale('consulta@demo.mx')).map((n) => n.sent_id)).not.toContain(sent.sent_id);
  });

  it('answers in the conversation to everyone in it, archives and brings back', async () => {
    const sent = noteSentSchema.parse(
      (
        await write('oficina@demo.mx', {
          title: 'Báscula',
          body: 'La báscula del camión 2 falla.',
          user_ids: [await userId('chofer@demo.mx')],
        })
      ).json(),
    ).data;
    const reply = await write('chofer@demo.mx', { body: 'Ya la llevé a calibrar.', thread_id: sent.thread_id });
    expect(reply.statusCode, reply.body).toBe(201);
    const office = (await inbox('oficina@demo.mx')).find((note) => note.thread_id === sent.thread_id)!;
    expect(office.title).toBe('Re: Báscula');
    const thread = noteThreadSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/notes/thread/${sent.thread_id}`,
          headers: bearer(await loginAs(t.app, 'chofer@demo.mx')),
        })
      ).json(),
    ).data;
    expect(thread.map((n) => n.body)).toEqual(['La báscula del camión 2 falla.', 'Ya la llevé a calibrar.']);
    // Someone outside the conversation cannot answer in it.
    const outsider = await write('consulta@demo.mx', { body: 'Hola', thread_id: sent.thread_id });
    expect(outsider.statusCode).toBe(404);
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const archived = await t.app.inject({
      method: 'PATCH',
      url: `/api/v2/notes/${office.id}`,
      headers: bearer(token),
      payload: { archived: true },
    });
    expect(archived.json()).toMatchObject({ id: office.id, archived: true });
    expect((await inbox('oficina@demo.mx')).find((note) => note.id === office.id)!.archived).toBe(true);
    await t.app.inject({ method: 'PATCH', url: `/api/v2/notes/${office.id}`, headers: bearer(token), payload: { archived: false } });
    expect((await inbox('oficina@demo.mx')).find((note) => note.id === office.id)!.archived).toBe(false);
  });

  it('refuses a note to nobody, to someone who does not exist, or about a record that does not exist', async () => {
    const nobody = await write('oficina@demo.mx', { body: 'Para nadie' });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toBe('Elige a quién va la nota: una persona, un rol o una @mención.');
    const onlyMe = await write('oficina@demo.mx', { body: 'Para mí', user_ids: [await userId('oficina@demo.mx')] });
    expect(onlyMe.statusCode).toBe(422);
    expect((await write('oficina@demo.mx', { body: 'x', user_ids: [999_999] })).json().message).toBe(
      'Alguna de las personas elegidas no existe o ya no está activa.',
    );
    const record = await write('oficina@demo.mx', {
      body: 'x',
      user_ids: [await userId('ventas@demo.mx')],
      record: { type: 'sale', id: 999_999 },
    });
    expect(record.json().message).toBe('La nota es sobre algo que no existe.');
    const empty = await write('oficina@demo.mx', { body: '   ', user_ids: [await userId('ventas@demo.mx')] });
    expect(empty.json().message).toBe('Escribe la nota.');
  });

  it('refuses a note about a record the writer may not read, the same whether it exists or not', async () => {
    const office = [await userId('oficina@demo.mx')];
    const refusal = 'No puedes escribir una nota sobre algo que no tienes permiso de ver.';
    const about = (email: string, type: string, id: number) =>
      write(email, { body: 'Ojo con esto.', user_ids: office, record: { type, id } });
    const expectRefused = async (answer: Awaited<ReturnType<typeof about>>) => {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(refusal);
    };

    // The warehouse reads no customers: a real one and a made-up one answer alike.
    const [company] = await rowsOf<{ id: number }>(sql`SELECT id FROM companies WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
    await expectRefused(await about('almacen@demo.mx', 'company', company!.id));
    await expectRefused(await about('almacen@demo.mx', 'company', 999_999));
    // But writes about a sale, which its orders show.
    const [sale] = await rowsOf<{ id: number }>(sql`SELECT id FROM sales WHERE kind = 'sale' AND deleted_at IS NULL ORDER BY id LIMIT 1`);
    expect((await about('almacen@demo.mx', 'sale', sale!.id)).statusCode).toBe(201);

    // A driver reads the routes they drive, and their own tickets, not another's.
    const driver = await userId('chofer@demo.mx');
    const [own] = await rowsOf<{ id: number }>(sql`SELECT id FROM shippings WHERE driver_id = ${driver} AND deleted_at IS NULL LIMIT 1`);
    const [others] = await rowsOf<{ id: number }>(
      sql`SELECT id FROM shippings WHERE driver_id <> ${driver} AND deleted_at IS NULL LIMIT 1`,
    );
    expect((await about('chofer@demo.mx', 'shipping', own!.id)).statusCode).toBe(201);
    await expectRefused(await about('chofer@demo.mx', 'shipping', others!.id));
    await expectRefused(await about('chofer@demo.mx', 'shipping', 999_999));
    const [ticket] = await rowsOf<{ id: number }>(sql`SELECT id FROM support_tickets WHERE user_id <> ${driver} LIMIT 1`);
    await expectRefused(await about('chofer@demo.mx', 'ticket', ticket!.id));
    await expectRefused(await about('chofer@demo.mx', 'ticket', 999_999));
    // Nothing was written by the refused ones.
    const [count] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notes WHERE body = 'Ojo con esto.' AND record_type IN ('company', 'ticket')`,
    );
    expect(count!.n).toBe(0);
  });

  it('tells the bells of those it goes to, live, and no one else', async () => {
    const ticketFor = async (email: string) =>
      eventTicketSchema.parse(
        (await t.app.inject({ method: 'POST', url: '/api/v2/events/ticket', headers: bearer(await loginAs(t.app, email)) })).json(),
      ).ticket;
    const warehouse = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor('almacen@demo.mx')}`);
    const seller = await openEventStream(`${base}/api/v2/events?ticket=${await ticketFor('ventas@demo.mx')}`);
    try {
      await warehouse.waitFor((text) => text.includes(': conectado'));
      await seller.waitFor((text) => text.includes(': conectado'));
      expect((await write('oficina@demo.mx', { body: 'Revisa el pedido, @almacen.' })).statusCode).toBe(201);
      await warehouse.waitFor((text) => text.includes('event: note.created'));
      expect(JSON.parse(warehouse.received.find((e) => e.event === 'note.created')!.data).user_ids).toEqual([
        await userId('almacen@demo.mx'),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seller.received.filter((e) => e.event === 'note.created')).toEqual([]);
    } finally {
      warehouse.close();
      seller.close();
    }
  });

  it('arrives once when the driver’s phone replays its outbox command', async () => {
    const token = await loginAs(t.app, 'chofer@demo.mx');
    const command = {
      method: 'POST',
      path: '/api/v2/notes',
      body: {
        title: null,
        body: 'Se me ponchó una llanta, llego tarde.',
        user_ids: [await userId('oficina@demo.mx')],
        role_ids: [],
        record: null,
        thread_id: null,
      },
    };
    const push = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/sync/push',
        headers: bearer(token),
        payload: { commands: [{ key: 'nota-sin-senal-1', seq: 1, ...command }] },
      });
    const first = await push();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results[0].status).toBe(201);
    const second = await push();
    expect(second.json().results[0]).toMatchObject({ status: 201, replayed: true });
    const [count] = await rowsOf<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notes WHERE body = 'Se me ponchó una llanta, llego tarde.'`,
    );
    expect(count!.n).toBe(1);
  });
});
