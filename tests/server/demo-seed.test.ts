import { sql } from 'drizzle-orm';
import { rentalPieces } from '../../server/repositories/rentals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MOVEMENT_TYPES } from '../../domain/inventory';
import { monterreyDate } from '../../domain/time';
import { distanceMetres } from '../../domain/rules/eta';
import { DEMO_CENTRE, ean13 } from '../../server/demo/demo-seed';
import { DEMO_USERS } from '../../server/demo/demo-users';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/prepare-database';
import { createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('the demo data', () => {
  it('lets every demo user sign in with demo1234, the administrator being user 1', async () => {
    for (const user of DEMO_USERS) await loginAs(t.app, user.email);
    const [admin] = await rows<{ email: string }>(sql`SELECT email FROM users WHERE id = 1`);
    expect(admin!.email).toBe('admin@demo.mx');
  });

  it('has deliveries in every status: pending, delivered with evidence and rejected with a reason', async () => {
    const statuses = await rows<{ status: string; n: number }>(sql`
      SELECT CASE WHEN NOT completed THEN 'Pendiente' WHEN is_delivered THEN 'Entregado' ELSE 'No Entregado' END AS status,
             count(*)::int AS n,
             bool_and(CASE WHEN completed AND is_delivered THEN pdf IS NOT NULL AND delivered_at IS NOT NULL ELSE true END) AS evidence,
             bool_and(CASE WHEN completed AND NOT is_delivered THEN delivery_rejection_comment IS NOT NULL ELSE true END) AS reason
      FROM shipping_details GROUP BY 1`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['Entregado', 'No Entregado', 'Pendiente']);
    expect(statuses.every((s) => (s as unknown as { evidence: boolean; reason: boolean }).evidence)).toBe(true);
    expect(statuses.every((s) => (s as unknown as { evidence: boolean; reason: boolean }).reason)).toBe(true);
  });

  it('has routes not started, started and finished, with today’s routes for both delivery drivers', async () => {
    const progress = await rows<{ progress: string }>(sql`
      SELECT DISTINCT CASE WHEN initial_km IS NULL THEN 'sin iniciar' WHEN final_km IS NULL THEN 'en ruta' ELSE 'terminada' END AS progress
      FROM shippings`);
    expect(progress.map((p) => p.progress).sort()).toEqual(['en ruta', 'sin iniciar', 'terminada']);
    const today = monterreyDate(new Date());
    const drivers = await rows<{ email: string }>(sql`
      SELECT DISTINCT u.email FROM shippings s JOIN users u ON u.id = s.driver_id WHERE s.date = ${today}`);
    expect(drivers.map((d) => d.email)).toEqual(expect.arrayContaining(['chofer@demo.mx', 'chofer2@demo.mx']));
  });

  it('keeps each finished route’s weight as the sum of its delivered sales and its route as km travelled', async () => {
    const mismatches = await rows<{ id: number }>(sql`
      SELECT s.id FROM shippings s
      LEFT JOIN shipping_details d ON d.shipping_id = s.id AND d.is_delivered
      LEFT JOIN sales v ON v.id = d.sale_id
      GROUP BY s.id
      HAVING s.weight <> round(coalesce(sum(v.sale_weight), 0), 2)
          OR (s.final_km IS NOT NULL AND s.route <> s.final_km - s.initial_km)`);
    expect(mismatches).toEqual([]);
  });

  it('has orders to fill ahead, some in production and some over the counter, and past orders dispatched', async () => {
    const [orders] = await rows<{ ahead: number; in_production: number; bar: number; dispatched: number }>(sql`
      SELECT count(*) FILTER (WHERE date >= ${monterreyDate(new Date())} AND dispatched_at IS NULL)::int AS ahead,
             count(*) FILTER (WHERE is_in_production AND production_id IS NOT NULL)::int AS in_production,
             count(*) FILTER (WHERE bar)::int AS bar,
             count(*) FILTER (WHERE dispatched_at IS NOT NULL)::int AS dispatched
      FROM sales WHERE kind = 'sale'`);
    expect(orders!.ahead).toBeGreaterThan(10);
    expect(orders!.in_production).toBeGreaterThan(0);
    expect(orders!.bar).toBeGreaterThan(0);
    expect(orders!.dispatched).toBeGreaterThan(100);
  });

  it('has inventory movements of every type, quotations, payroll and purchase orders', async () => {
    const types = await rows<{ type: string }>(sql`SELECT DISTINCT type FROM inventory_movements`);
    expect(types.map((r) => r.type).sort()).toEqual([...INVENTORY_MOVEMENT_TYPES].sort());
    const [counts] = await rows<{ quotations: number; payroll: number; purchases: number; items: number; companies: number }>(sql`
      SELECT (SELECT count(*) FROM sales WHERE kind = 'quotation')::int AS quotations,
             (SELECT count(*) FROM payrolls)::int AS payroll,
             (SELECT count(*) FROM purchase_orders)::int AS purchases,
             (SELECT count(*) FROM items)::int AS items,
             (SELECT count(*) FROM companies)::int AS companies`);
    expect(counts!.quotations).toBeGreaterThan(0);
    expect(counts!.payroll).toBe(DEMO_USERS.length * 4);
    expect(counts!.purchases).toBe(20);
    expect(counts!.items).toBe(60);
    expect(counts!.companies).toBe(40);
  });

  it('gives every item a valid EAN-13 code', async () => {
    const codes = await rows<{ ean13: string }>(sql`SELECT ean13 FROM items`);
    for (const { ean13: code } of codes) {
      expect(code).toMatch(/^\d{13}$/);
      expect(ean13(code.slice(0, 12))).toBe(code);
    }
  });

  it('places every customer branch around Monterrey (the map and Optimizar), each at a place of its own', async () => {
    const branches = await rows<{ latitude: number | null; longitude: number | null }>(
      sql`SELECT latitude, longitude FROM company_branches ORDER BY id`,
    );
    expect(branches.length).toBeGreaterThan(10);
    for (const branch of branches) {
      expect(branch.latitude).not.toBeNull();
      expect(distanceMetres(DEMO_CENTRE, { latitude: branch.latitude!, longitude: branch.longitude! })).toBeLessThanOrEqual(15_000);
    }
    expect(new Set(branches.map((b) => `${b.latitude},${b.longitude}`)).size).toBe(branches.length);
    // Spread over the city, not heaped on its centre.
    const far = branches.filter((b) => distanceMetres(DEMO_CENTRE, { latitude: b.latitude!, longitude: b.longitude! }) > 6_000);
    expect(far.length).toBeGreaterThan(branches.length / 4);
  });

  it('holds legacy CFDI entries (id ≤ 100) beside current ones', async () => {
    const ids = (await rows<{ id: number }>(sql`SELECT id FROM cfdis`)).map((r) => r.id);
    expect(ids.some((id) => id <= 100)).toBe(true);
    expect(ids.some((id) => id > 100)).toBe(true);
  });
});

describe('the demo seed', () => {
  it('is deterministic: two databases seeded for the same day hold the same rows', async () => {
    const now = new Date('2026-03-10T15:00:00Z');
    const digests: string[] = [];
    for (let n = 0; n < 2; n++) {
      const database = await openDatabase({ kind: 'pglite', dataDir: null });
      await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: null, now });
      const result = await database.db.execute(sql`
        SELECT md5(string_agg(row_text, '|' ORDER BY row_text)) AS digest FROM (
          SELECT concat_ws(',', id, date, driver_id, vehicle_id, initial_km, final_km, km_capture_time_start, km_capture_time, route, weight, note) AS row_text FROM shippings
          UNION ALL SELECT concat_ws(',', id, shipping_id, sale_id, completed, is_delivered, delivery_rejection_comment, delivered_at, invoice, pdf) FROM shipping_details
          UNION ALL SELECT concat_ws(',', id, company_id, date, type, total, due_balance, payment_status, sale_weight, bar, is_in_production) FROM sales
          UNION ALL SELECT concat_ws(',', sale_id, item_id, quantity, price) FROM sale_items
          UNION ALL SELECT concat_ws(',', id, name, delivery_address, credit_days) FROM companies
          UNION ALL SELECT concat_ws(',', id, company_id, name, latitude, longitude) FROM company_branches
          UNION ALL SELECT concat_ws(',', item_id, type, quantity) FROM inventory_movements
        ) rows`);
      digests.push(String((result as unknown as { rows: { digest: string }[] }).rows[0]?.digest));
      await database.close();
    }
    expect(digests[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(digests[1]).toBe(digests[0]);
  }, 90_000); // Two whole demo databases seeded one after the other.
});

describe('the event-rental demo seed (DEPLOYMENT=eventos)', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  let database: Awaited<ReturnType<typeof openDatabase>>;
  const query = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: null, now, deployment: 'eventos' });
  });
  afterAll(() => database.close());

  it('rents furniture and equipment by the piece, nothing of the produce business', async () => {
    const units = (await query<{ name: string }>(sql`SELECT name FROM units ORDER BY id`)).map((u) => u.name);
    expect(units).toEqual(['pieza', 'juego', 'servicio']);
    const items = (await query<{ name: string }>(sql`SELECT name FROM items`)).map((i) => i.name);
    for (const kind of ['Silla', 'Mesa', 'Mantel', 'Carpa', 'Plato', 'Guirnalda'])
      expect(
        items.some((name) => name.startsWith(kind)),
        kind,
      ).toBe(true);
    const produce = await query(
      sql`SELECT 1 FROM items WHERE name ~* 'aguacate|tomate|kg' UNION ALL SELECT 1 FROM companies WHERE name ~* 'frutería|taquería'`,
    );
    expect(produce).toEqual([]);
    // The CRM too: its prospects, activities and calls are about events, not produce.
    const produceInCrm = await query(sql`
      SELECT 1 FROM leads WHERE company_name ~* 'frutería|jugos|súper'
      UNION ALL SELECT 1 FROM activities WHERE note ~* 'aguacate|pedido de la semana'
      UNION ALL SELECT 1 FROM calls WHERE note ~* 'precios de la semana|golpeado'`);
    expect(produceInCrm).toEqual([]);
    expect((await query(sql`SELECT 1 FROM activities WHERE note ~* 'invitados|mantelería'`)).length).toBeGreaterThan(0);
    const [branch] = await query<{ razon_social: string }>(sql`SELECT razon_social FROM branches`);
    expect(branch!.razon_social).toBe('Eventos del Norte Renta de Mobiliario, S.A. de C.V.');
  });

  it('has customers planning events, with quotations and sales for events in the weeks ahead', async () => {
    const [ahead] = await query<{ quotations: number; sales: number; weekends: number; total: number }>(sql`
      SELECT count(*) FILTER (WHERE kind = 'quotation')::int AS quotations, count(*) FILTER (WHERE kind = 'sale')::int AS sales,
             count(*) FILTER (WHERE extract(isodow FROM date::date) IN (5, 6))::int AS weekends, count(*)::int AS total
      FROM sales WHERE date > '2026-03-17'`);
    expect(ahead!.sales).toBeGreaterThan(5);
    // Most events fall on a Friday or Saturday.
    expect(ahead!.weekends / ahead!.total).toBeGreaterThan(0.6);
    const past = await query(sql`SELECT 1 FROM sales WHERE kind = 'quotation' AND date < '2026-03-10'`);
    expect(past.length).toBeGreaterThan(0);
  });

  it('delivers each event and picks the rented goods up the day after, on routes', async () => {
    const pickUps = await query<{ sale_id: number; delivered_on: string; picked_up_on: string }>(sql`
      SELECT d.sale_id, delivery.date AS delivered_on, pickup.date AS picked_up_on
      FROM shipping_details d JOIN shippings pickup ON pickup.id = d.shipping_id
      JOIN shipping_details dd ON dd.sale_id = d.sale_id AND dd.id <> d.id JOIN shippings delivery ON delivery.id = dd.shipping_id
      WHERE pickup.note = 'Recolección del mobiliario de los eventos de ayer'`);
    expect(pickUps.length).toBeGreaterThan(3);
    for (const row of pickUps) {
      expect(new Date(`${row.picked_up_on}T12:00:00Z`).getTime() - new Date(`${row.delivered_on}T12:00:00Z`).getTime()).toBe(
        24 * 3600 * 1000,
      );
    }
    const today = await query(sql`SELECT 1 FROM shippings WHERE date = '2026-03-10'`);
    expect(today.length).toBeGreaterThan(0);
  });

  it('owns enough of each product for its busiest day: no demo day is overbooked', async () => {
    const pieces = await rentalPieces(database.db, '2026-01-01', '2026-06-30');
    const owned = new Map(pieces.owned.map((row) => [row.item_id, row.owned]));
    const overbooked = pieces.days.filter((day) => day.rented > (owned.get(day.item_id) ?? 0));
    expect(pieces.days.length).toBeGreaterThan(10);
    expect(overbooked).toEqual([]);
  });
});
