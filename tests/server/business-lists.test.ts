import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_LIST_NAMES, listRowSchema, listRowsSchema } from '../../domain/business-lists';
import { namedListSchema } from '../../domain/schemas/reference';
import { rows } from '../../server/db/sql-rows';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
const listed = async (list: string) => listRowsSchema.parse((await call('GET', `/api/v2/lists/${list}`)).json()).data;
const offered = async (path: string) => namedListSchema.parse((await call('GET', path)).json()).data.map((row) => row.name);

describe("'Catálogos'", () => {
  it('lists every catalogue to holders of settings, and no one else', async () => {
    for (const list of BUSINESS_LIST_NAMES) {
      const answer = await call('GET', `/api/v2/lists/${list}`);
      expect(answer.statusCode, list).toBe(200);
      expect(listRowsSchema.safeParse(answer.json()).success, list).toBe(true);
    }
    const units = await listed('units');
    expect(units.length).toBeGreaterThan(0);
    expect(units.every((row) => row.active)).toBe(true);
    expect((await call('GET', '/api/v2/lists/planets')).statusCode).toBe(404);
    const seller = await loginAs(t.app, 'ventas@demo.mx');
    expect((await call('GET', '/api/v2/lists/zones', undefined, seller)).statusCode).toBe(403);
  });

  it('adds, renames, deactivates and reactivates a zone: deactivated, it leaves the picker and stays in the catalogue; names are unique', async () => {
    const created = await call('POST', '/api/v2/lists/zones', { name: 'Zona Poniente' });
    expect(created.statusCode, created.body).toBe(201);
    const zone = listRowSchema.parse(created.json());
    expect((await call('POST', '/api/v2/lists/zones', { name: 'zona poniente' })).json().message).toBe('Ya existe uno con ese nombre.');
    expect((await call('PUT', `/api/v2/lists/zones/${zone.id}`, { name: 'Zona Poniente y Centro' })).statusCode).toBe(200);
    expect(await offered('/api/v1/zone/all')).toContain('Zona Poniente y Centro');

    const off = await call('POST', `/api/v2/lists/zones/${zone.id}/deactivate`);
    expect(listRowSchema.parse(off.json()).active).toBe(false);
    expect(await offered('/api/v1/zone/all')).not.toContain('Zona Poniente y Centro');
    expect((await listed('zones')).find((row) => row.id === zone.id)?.active).toBe(false);
    await call('POST', `/api/v2/lists/zones/${zone.id}/reactivate`);
    expect(await offered('/api/v1/zone/all')).toContain('Zona Poniente y Centro');

    const [logged] = await rows<{ count: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS count FROM logs WHERE entity = 'zones' AND entity_id = ${zone.id}`,
    );
    expect(logged?.count).toBe(4);
  });

  it('deletes only what nothing names: a unit of the products is refused, a new one goes', async () => {
    const [used] = await rows<{ id: number }>(t.database.db, sql`SELECT unit_id AS id FROM items LIMIT 1`);
    const refused = await call('DELETE', `/api/v2/lists/units/${used!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Está en uso en otros registros: desactívalo en su lugar.');
    const fresh = listRowSchema.parse((await call('POST', '/api/v2/lists/units', { name: 'Rejilla' })).json());
    expect((await call('DELETE', `/api/v2/lists/units/${fresh.id}`)).statusCode).toBe(204);
    expect((await listed('units')).map((row) => row.name)).not.toContain('Rejilla');
  });

  it('keeps a truck on its routes while it leaves the dispatch pickers', async () => {
    const truck = listRowSchema.parse((await call('POST', '/api/v2/lists/vehicles', { name: 'Camioneta 9', plates: 'NL-123-A' })).json());
    expect(truck).toMatchObject({ plates: 'NL-123-A', active: true });
    const pickable = async () => namedListSchema.parse((await call('GET', '/api/v2/vehicles')).json()).data.map((row) => row.id);
    expect(await pickable()).toContain(truck.id);
    await call('POST', `/api/v2/lists/vehicles/${truck.id}/deactivate`);
    expect(await pickable()).not.toContain(truck.id);
  });

  it('checks a branch with the Spanish messages, and keeps the job positions the app gives behaviour to', async () => {
    const bad = await call('POST', '/api/v2/lists/branches', {
      name: 'Bodega Norte',
      address: 'Av. Uno 1',
      phone: '81',
      rfc: 'XAXX010101000',
      razon_social: 'X',
      email: 'no',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('E-mail inavlido.');
    const driver = (await listed('job_positions')).find((row) => row.name === 'Chofer Repartidor')!;
    expect((await call('PUT', `/api/v2/lists/job_positions/${driver.id}`, { name: 'Repartidor' })).statusCode).toBe(409);
    const off = await call('POST', `/api/v2/lists/job_positions/${driver.id}/deactivate`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Este puesto da su comportamiento a la app (chofer, almacén): no se cambia su nombre ni se desactiva.');
  });

  it("keeps a funnel's phases in order; one taken out leaves the board unless a lead is in it", async () => {
    const created = await call('POST', '/api/v2/lists/funnels', {
      name: 'Cocinas económicas',
      phases: [{ name: 'Contacto' }, { name: 'Degustación' }, { name: 'Cierre' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const funnel = listRowSchema.parse(created.json());
    expect(funnel.phases?.map((phase) => phase.name)).toEqual(['Contacto', 'Degustación', 'Cierre']);
    const [contact, tasting, close] = funnel.phases!;
    const edited = await call('PUT', `/api/v2/lists/funnels/${funnel.id}`, {
      name: 'Cocinas económicas',
      phases: [
        { id: close!.id, name: 'Cierre' },
        { id: contact!.id, name: 'Primer contacto' },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const phases = listRowSchema.parse(edited.json()).phases!;
    expect(phases.filter((phase) => phase.active).map((phase) => phase.name)).toEqual(['Cierre', 'Primer contacto']);
    expect(phases.find((phase) => phase.id === tasting!.id)?.active).toBe(false);
    const board = await call('GET', `/api/v2/funnel_phases?filter[funnel_id]=${funnel.id}`);
    expect(board.json().data.map((phase: { name: string }) => phase.name)).toEqual(['Cierre', 'Primer contacto']);
    expect((await call('PUT', `/api/v2/lists/funnels/${funnel.id}`, { name: 'Cocinas económicas', phases: [] })).json().message).toBe(
      'Un embudo tiene al menos una fase.',
    );
  });
});
