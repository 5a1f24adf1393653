import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteListSchema } from '../../domain/schemas/notes';
import { notes, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
    const mine = await t.database.db.select().from(notes).where(eq(notes.user_id, await userId('ventas@demo.mx')));
    expect(data.map((n) => n.id).sort()).toEqual(mine.map((n) => n.id).sort());
    expect(data.filter((n) => !n.seen).length).toBe(mine.filter((n) => n.seen === 0).length);
    const times = data.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('marks a note seen, which lowers the unseen count', async () => {
    const token = await loginAs(t.app, 'oficina@demo.mx');
    const before = noteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) })).json()).data;
    const unseen = before.find((n) => !n.seen)!;
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v2/notes/${unseen.id}`, headers: bearer(token), payload: { seen: true } });
    expect(patch.statusCode).toBe(200);
    const after = noteListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/v1/note/all', headers: bearer(token) })).json()).data;
    expect(after.filter((n) => !n.seen).length).toBe(before.filter((n) => !n.seen).length - 1);
  });

  it('does not let anyone touch another person’s note', async () => {
    const token = await loginAs(t.app, 'chofer2@demo.mx');
    const [someoneElses] = await t.database.db
      .select()
      .from(notes)
      .where(and(eq(notes.user_id, await userId('admin@demo.mx')), eq(notes.seen, 0)));
    const response = await t.app.inject({ method: 'PATCH', url: `/api/v2/notes/${someoneElses!.id}`, headers: bearer(token), payload: { seen: true } });
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
