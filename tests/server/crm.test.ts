import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityRowSchema, callRowSchema, emailPageSchema, leadDetailSchema, leadRowSchema } from '../../domain/schemas/crm';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let seller: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  seller = await loginAs(t.app, 'ventas@demo.mx');
  office = await loginAs(t.app, 'oficina@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = seller, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });
const query = async <T>(text: string) => ((await t.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;

async function phases() {
  const all = await query<{ id: number; funnel_id: number; name: string; position: number }>(
    'SELECT id, funnel_id, name, position FROM funnel_phases ORDER BY funnel_id, position',
  );
  const funnel = all[0]!.funnel_id;
  return { mine: all.filter((p) => p.funnel_id === funnel), other: all.find((p) => p.funnel_id !== funnel)! };
}

describe('leads', () => {
  it('are created in a phase, moved along their funnel, and their page tells the moves from the log', async () => {
    const { mine, other } = await phases();
    const created = await call(
      'POST',
      '/api/v2/leads',
      { name: 'Cafetería Barrio Antiguo', phone: '81 1234 5678', email: 'compras@barrio.mx', funnel_phase_id: mine[0]!.id },
      seller,
      {
        'idempotency-key': 'prospecto-barrio-0001',
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const lead = leadRowSchema.parse(created.json());
    expect(lead).toMatchObject({ phase: mine[0]!.name, funnel_id: mine[0]!.funnel_id, user_name: 'Laura Villarreal' });

    const moved = await call('POST', `/api/v2/leads/${lead.id}/move`, { funnel_phase_id: mine[2]!.id }, seller, {
      'idempotency-key': 'mover-barrio-0001',
    });
    expect(leadRowSchema.parse(moved.json()).phase).toBe(mine[2]!.name);
    const refused = await call('POST', `/api/v2/leads/${lead.id}/move`, { funnel_phase_id: other.id });
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([422, 'La fase no existe.']);

    const page = leadDetailSchema.parse((await call('GET', `/api/v2/leads/${lead.id}`)).json()).data;
    expect(page.moves.map((m) => [m.from_phase, m.to_phase])).toEqual([
      [null, mine[0]!.name],
      [mine[0]!.name, mine[2]!.name],
    ]);
    expect(page.moves[1]!.user_name).toBe('Laura Villarreal');
  });

  it('says in Spanish what is missing', async () => {
    const message = async (body: object) => (await call('POST', '/api/v2/leads', body)).json<{ message: string }>().message;
    expect(await message({ name: ' ', funnel_phase_id: 1 })).toBe('Captura el nombre del prospecto.');
    expect(await message({ name: 'X' })).toBe('Elige la fase.');
    expect(await message({ name: 'X', funnel_phase_id: 1, email: 'no-es-correo' })).toBe('E-mail inavlido.');
    expect(await message({ name: 'X', funnel_phase_id: 99_999 })).toBe('La fase no existe.');
  });
});

describe('calls and activities', () => {
  it('log a call against a lead with its result and next step, and list it by lead', async () => {
    const [lead] = await query<{ id: number }>('SELECT id FROM leads ORDER BY id LIMIT 1');
    const body = {
      lead_id: lead!.id,
      date: '2031-03-02',
      duration_minutes: 7,
      result_id: 1,
      note: 'Pide muestra de aguacate',
      next_step: 'Llevar muestra el lunes',
    };
    const created = await call('POST', '/api/v2/calls', body, seller, { 'idempotency-key': 'llamada-0001' });
    expect(created.statusCode, created.body).toBe(201);
    expect(callRowSchema.parse(created.json())).toMatchObject({
      lead_id: lead!.id,
      result: 'Interesado',
      next_step: 'Llevar muestra el lunes',
    });
    const listed = (await call('GET', `/api/v2/calls?filter[lead_id]=${lead!.id}`)).json<{ data: { id: number }[] }>();
    expect(listed.data.map((c) => c.id)).toContain(callRowSchema.parse(created.json()).id);
  });

  it('refuse a call against nobody, or with a contact of another customer', async () => {
    const message = async (body: object) => (await call('POST', '/api/v2/calls', body)).json<{ message: string }>().message;
    const base = { date: '2031-03-02', duration_minutes: 5, result_id: 1 };
    expect(await message(base)).toBe('Elige un cliente o un prospecto.');
    const [contact] = await query<{ id: number; company_id: number }>('SELECT id, company_id FROM contacts ORDER BY id LIMIT 1');
    const [otherCompany] = await query<{ id: number }>(`SELECT id FROM companies WHERE id <> ${contact!.company_id} ORDER BY id LIMIT 1`);
    expect(await message({ ...base, company_id: otherCompany!.id, contact_id: contact!.id })).toBe('El contacto no es de este cliente.');
    expect(await message({ ...base, company_id: otherCompany!.id, duration_minutes: 900 })).toBe(
      'La duración debe ser de 0 a 600 minutos.',
    );
  });

  it('plan an activity and mark it done with its result', async () => {
    const [company] = await query<{ id: number }>('SELECT id FROM companies ORDER BY id LIMIT 1');
    const created = await call('POST', '/api/v2/activities', {
      activity_type_id: 1,
      company_id: company!.id,
      title: 'Visita de degustación',
      date: '2031-03-05',
      time: '10:30',
    });
    expect(created.statusCode, created.body).toBe(201);
    const activity = activityRowSchema.parse(created.json());
    expect(activity).toMatchObject({ done: false, time: '10:30', title: 'Visita de degustación' });
    const done = await call('PATCH', `/api/v2/activities/${activity.id}`, { done: true, result_id: 3 });
    expect(activityRowSchema.parse(done.json())).toMatchObject({ done: true, result: 'Pedido levantado' });
    const pending = (await call('GET', '/api/v2/activities?filter[date_between]=2031-03-05,2031-03-05&filter[done]=0')).json<{
      data: unknown[];
    }>();
    expect(pending.data).toEqual([]);
    expect(
      (
        await call('POST', '/api/v2/activities', {
          activity_type_id: 1,
          company_id: company!.id,
          title: 'X',
          date: '2031-03-05',
          time: '25:00',
        })
      ).json(),
    ).toEqual({
      message: 'La hora debe tener el formato HH:MM.',
    });
  });
});

describe('who may use the CRM', () => {
  it('keeps leads, calls and activities to their permissions', async () => {
    expect((await call('GET', '/api/v2/leads', undefined, office)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/v2/calls', { company_id: 1, date: '2031-01-01', duration_minutes: 1, result_id: 1 }, office)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v2/emails', undefined, office)).statusCode).toBe(403);
    expect(
      emailPageSchema.parse((await call('GET', '/api/v2/emails?filter[status]=enviado')).json()).data.every((e) => e.status === 'enviado'),
    ).toBe(true);
  });

  it('answers 404 to the routes of the screens the event-rental deployment hides, and serves the rest', async () => {
    const eventos = await createTestApp({ DEPLOYMENT: 'eventos' });
    try {
      const token = await loginAs(eventos.app, 'ventas@demo.mx');
      const get = (url: string) => eventos.app.inject({ method: 'GET', url, headers: bearer(token) });
      for (const url of ['/api/v2/leads', '/api/v2/funnels', '/api/v2/calls', '/api/v1/call/all', '/api/v1/conversation/all', '/api/v2/productions', '/api/v2/mfproductions']) {
        const response = await get(url);
        expect([url, response.statusCode, response.json<{ message: string }>().message]).toEqual([
          url,
          404,
          'Esta función no está disponible en este negocio.',
        ]);
      }
      expect((await get('/api/v2/activities')).statusCode).toBe(200);
    } finally {
      await eventos.close();
    }
  });
});
