import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullShippingPageSchema, shippingPageSchema, shippingSchema } from '../../domain/schemas/shipping';
import { loadShippings } from '../../server/repositories/shippings';
import { shippings, users } from '../../server/db/schema';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let office: string;
let driver: string;
let driverId: number;
let otherDriverId: number;
beforeAll(async () => {
  t = await createTestApp();
  [office, driver] = await Promise.all([loginAs(t.app, 'oficina@demo.mx'), loginAs(t.app, 'chofer@demo.mx')]);
  const people = await t.database.db.select({ id: users.id, email: users.email }).from(users);
  driverId = people.find((p) => p.email === 'chofer@demo.mx')!.id;
  otherDriverId = people.find((p) => p.email === 'chofer2@demo.mx')!.id;
});
afterAll(() => t.close());

const getAsItIs = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
/** The list as the app asks for it (its deliveries' summary) unless the test names an include. */
const get = (token: string, url: string) =>
  getAsItIs(token, url.startsWith('/api/v2/shippings?') && !url.includes('include=') ? `${url}&include=shipping_details.summary` : url);
const send = (
  token: string,
  method: 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload && { payload }) });

describe('GET /api/v2/shippings', () => {
  it('pages the live shippings with meta.total, newest first, each with driver, vehicle and its deliveries summarized', async () => {
    const response = await get(office, '/api/v2/shippings?page=1&itemsPerPage=15');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = shippingPageSchema.parse(response.json());
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shippings)
      .where(isNull(shippings.deleted_at));
    expect(page.meta.total).toBe(count!.n);
    expect(page.data).toHaveLength(15);
    const ids = page.data.map((s) => s.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const withDetails = page.data.find((s) => s.shipping_details.length > 0)!;
    expect(withDetails.driver?.name).toEqual(expect.any(String));
    // The list carries what the office rows show, not each sale's lines, contact and seller.
    expect(Object.keys(withDetails.shipping_details[0]!.sale).sort()).toEqual(
      ['canceled', 'company_name', 'id', 'internal_note', 'note', 'sale_due_balance', 'sale_weight'].sort(),
    );
  });

  it("sends spec §7's shape by default: each delivery with its whole sale, as include=shipping_details.sale does", async () => {
    const byDefault = await getAsItIs(office, '/api/v2/shippings?itemsPerPage=20');
    expect(byDefault.statusCode).toBe(200);
    const spec = fullShippingPageSchema.parse(byDefault.json());
    const withDetails = spec.data.find((s) => s.shipping_details.length > 0)!;
    expect(withDetails.shipping_details[0]!.sale).toMatchObject({
      sale_weight: expect.any(Number),
      company: expect.any(Object),
      sale_items: expect.any(Array),
    });
    expect(spec).toEqual(
      fullShippingPageSchema.parse((await getAsItIs(office, '/api/v2/shippings?itemsPerPage=20&include=shipping_details.sale')).json()),
    );
  });

  it("sends each delivery's whole sale with include=shipping_details.sale, as the route read does", async () => {
    const light = shippingPageSchema.parse((await get(office, '/api/v2/shippings?itemsPerPage=40')).json());
    const response = await get(office, '/api/v2/shippings?itemsPerPage=40&include=shipping_details.sale');
    const full = fullShippingPageSchema.parse(response.json());
    expect(full.data.map((s) => s.id)).toEqual(light.data.map((s) => s.id));
    const withDetails = full.data.find((s) => s.shipping_details.length > 0)!;
    expect(withDetails.shipping_details[0]!.sale.sale_items.length).toBeGreaterThan(0);
    expect(withDetails.shipping_details[0]!.sale.user.name).toEqual(expect.any(String));
    expect(full.data).toEqual(
      await loadShippings(
        t.database.db,
        light.data.map((s) => s.id),
      ),
    );
    // The summary is the whole route with each sale cut to what the list shows.
    const summaryOf = ({
      id,
      company_name,
      sale_weight,
      sale_due_balance,
      canceled,
      note,
      internal_note,
    }: (typeof full.data)[number]['shipping_details'][number]['sale']) => ({
      id,
      company_name,
      sale_weight,
      sale_due_balance,
      canceled,
      note,
      internal_note,
    });
    expect(light.data).toEqual(
      full.data.map((s) => ({ ...s, shipping_details: s.shipping_details.map((d) => ({ ...d, sale: summaryOf(d.sale) })) })),
    );
    const unknown = await get(office, '/api/v2/shippings?include=sale.user');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No se puede incluir sale.user.');
  });

  it('filters by date range, driver list and vehicle list, and sorts by a chosen column', async () => {
    const response = await get(
      office,
      `/api/v2/shippings?filter[date_between]=2000-01-01,2100-12-31&filter[driver_id]=${driverId},${otherDriverId}&sort=date&itemsPerPage=50`,
    );
    const page = shippingPageSchema.parse(response.json());
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((s) => s.driver_id === driverId || s.driver_id === otherDriverId)).toBe(true);
    const dates = page.data.map((s) => s.date);
    expect([...dates].sort()).toEqual(dates);
    const vehicleId = page.data[0]!.vehicle_id!;
    const byVehicle = shippingPageSchema.parse(
      (await get(office, `/api/v2/shippings?filter[vehicle_id]=${vehicleId}&itemsPerPage=50`)).json(),
    );
    expect(byVehicle.data.every((s) => s.vehicle_id === vehicleId)).toBe(true);
  });

  it('filters by a sale or a company on the route, and by id', async () => {
    const some = shippingPageSchema
      .parse((await get(office, '/api/v2/shippings?itemsPerPage=5')).json())
      .data.find((s) => s.shipping_details.length > 0)!;
    const detail = some.shipping_details[0]!;
    const bySale = shippingPageSchema.parse(
      (await get(office, `/api/v2/shippings?filter[shippingDetail.sale_id]=${detail.sale_id}`)).json(),
    );
    expect(bySale.data.map((s) => s.id)).toContain(some.id);
    expect(bySale.data.every((s) => s.shipping_details.some((d) => d.sale_id === detail.sale_id))).toBe(true);
    const byCompany = shippingPageSchema.parse(
      (await get(office, `/api/v2/shippings?filter[shippingDetail.company_id]=${detail.company_id}&itemsPerPage=100`)).json(),
    );
    expect(byCompany.data.every((s) => s.shipping_details.some((d) => d.company_id === detail.company_id))).toBe(true);
    const byId = shippingPageSchema.parse((await get(office, `/api/v2/shippings?filter[id]=${some.id}`)).json());
    expect(byId.data.map((s) => s.id)).toEqual([some.id]);
  });

  it('cuts pages in one order: two pages of 7 are a page of 14, ties of the sorted column newest first, past the end only the total', async () => {
    for (const sort of ['date', '-weight', 'note']) {
      const pageOf = async (page: number, size: number, include = '') =>
        (include ? fullShippingPageSchema : shippingPageSchema).parse(
          (await get(office, `/api/v2/shippings?sort=${sort}&page=${page}&itemsPerPage=${size}${include}`)).json(),
        );
      const [first, second, both] = await Promise.all([pageOf(1, 7), pageOf(2, 7), pageOf(1, 14)]);
      expect([...first.data, ...second.data].map((s) => s.id)).toEqual(both.data.map((s) => s.id));
      const column = sort.replace('-', '') as 'date' | 'weight' | 'note';
      both.data.slice(1).forEach((s, i) => {
        const before = both.data[i]!;
        if (before[column] === s[column]) expect(before.id).toBeGreaterThan(s.id);
      });
      for (const include of ['', '&include=shipping_details.sale']) {
        const past = await pageOf(10_000, 15, include);
        expect(past).toEqual({ data: [], meta: { total: both.meta.total } });
      }
    }
  });

  it('shows a delivery driver only their own routes, whatever filter they send', async () => {
    const page = shippingPageSchema.parse(
      (await get(driver, `/api/v2/shippings?filter[driver_id]=${otherDriverId}&itemsPerPage=100`)).json(),
    );
    expect(page.data).toEqual([]);
    const own = shippingPageSchema.parse((await get(driver, '/api/v2/shippings?itemsPerPage=100')).json());
    expect(own.data.length).toBeGreaterThan(0);
    expect(own.data.every((s) => s.driver_id === driverId)).toBe(true);
  });

  it.each([
    ['?filter[password]=x', 'Filtro desconocido: password.'],
    ['?sort=-secret', 'No se puede ordenar por secret.'],
    ['?filter[date_between]=ayer,hoy', 'Indica las fechas desde y hasta (AAAA-MM-DD).'],
    ['?filter[driver_id]=1,dos', 'Filtro desconocido: driver_id=1,dos.'],
  ])('refuses %s with a Spanish 400', async (query, message) => {
    const response = await get(office, `/api/v2/shippings${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('creating, editing and deleting shippings', () => {
  it('creates a route for the signed-in author and computes the kilometres travelled', async () => {
    const response = await send(office, 'POST', '/api/v1/shipping/create', {
      driver_id: driverId,
      date: '2026-12-01',
      vehicle_id: 1,
      initial_km: '1000',
      final_km: 1085,
      note: 'Ruta de prueba',
      created_by_user_id: 999,
    });
    expect(response.statusCode).toBe(201);
    const shipping = shippingSchema.parse(response.json());
    expect(shipping).toMatchObject({
      date: '2026-12-01',
      driver_id: driverId,
      initial_km: 1000,
      final_km: 1085,
      route: 85,
      weight: 0,
      note: 'Ruta de prueba',
    });
    const [officeUser] = await t.database.db.select().from(users).where(eq(users.email, 'oficina@demo.mx'));
    expect(shipping.created_by_user_id).toBe(officeUser!.id);
  });

  it("requires the date with 'Campo requerido' and numeric kilometres", async () => {
    const missing = await send(office, 'POST', '/api/v1/shipping/create', { driver_id: driverId });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'Fecha (date): Campo requerido' });
    const badKm = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-01', initial_km: 'mil' });
    expect(badKm.statusCode).toBe(422);
    expect(badKm.json().message).toBe('El kilometraje debe ser un número entero entre 0 y 9,999,999.');
  });

  it('refuses a driver who is not a driver', async () => {
    const [seller] = await t.database.db.select().from(users).where(eq(users.email, 'ventas@demo.mx'));
    const response = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-01', driver_id: seller!.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('El chofer no existe o no es chofer.');
  });

  it('lets the route’s driver start and finish it with the times they acted, and nothing else', async () => {
    const created = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-02', driver_id: driverId })).json(),
    );
    const start = await send(driver, 'PUT', '/api/v1/shipping/update', {
      id: created.id,
      initial_km: 5000,
      km_capture_time_start: '2026-12-02 07:15',
    });
    expect(start.statusCode).toBe(200);
    expect(shippingSchema.parse(start.json())).toMatchObject({
      initial_km: 5000,
      km_capture_time_start: '2026-12-02 07:15',
      final_km: null,
      route: null,
    });
    const tooLow = await send(driver, 'PUT', '/api/v1/shipping/update', { id: created.id, final_km: 4999 });
    expect(tooLow.statusCode).toBe(422);
    expect(tooLow.json().message).toBe('El kilometraje final no puede ser menor que el inicial.');
    const finish = await send(driver, 'PUT', '/api/v1/shipping/update', {
      id: created.id,
      final_km: 5123,
      km_capture_time: '2026-12-02 16:40',
    });
    expect(shippingSchema.parse(finish.json())).toMatchObject({ final_km: 5123, km_capture_time: '2026-12-02 16:40', route: 123 });
    const note = await send(driver, 'PUT', '/api/v1/shipping/update', { id: created.id, note: 'cambio' });
    expect(note.statusCode).toBe(403);
  });

  it('records a route’s start and finish once: the same reading again answers as before, another is refused with the one recorded; the office corrects it', async () => {
    const created = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-04', driver_id: driverId })).json(),
    );
    const update = (token: string, body: object) => send(token, 'PUT', '/api/v1/shipping/update', { id: created.id, ...body });
    const started = await update(driver, { initial_km: 12_400, km_capture_time_start: '2026-12-04 07:10' });
    expect(started.statusCode).toBe(200);
    // The same start from a second phone, minutes later: nothing changes, not even the time.
    const again = await update(driver, { initial_km: 12_400, km_capture_time_start: '2026-12-04 07:25' });
    expect(again.statusCode).toBe(200);
    expect(shippingSchema.parse(again.json())).toMatchObject({ initial_km: 12_400, km_capture_time_start: '2026-12-04 07:10' });
    // A stale device with another reading: refused, with what was recorded.
    const other = await update(driver, { initial_km: 12_480, km_capture_time_start: '2026-12-04 08:00' });
    expect(other.statusCode).toBe(409);
    expect(other.headers['retry-after']).toBeUndefined();
    expect(other.json().message).toBe(
      'Este envío ya fue iniciado con 12,400 km (04/12/2026 07:10). Si hay un error, la oficina lo corrige.',
    );

    expect((await update(driver, { final_km: 12_530, km_capture_time: '2026-12-04 17:00' })).statusCode).toBe(200);
    expect((await update(driver, { final_km: 12_530, km_capture_time: '2026-12-04 17:30' })).json()).toMatchObject({
      final_km: 12_530,
      km_capture_time: '2026-12-04 17:00',
      route: 130,
    });
    const finishedAgain = await update(driver, { final_km: 12_600 });
    expect(finishedAgain.statusCode).toBe(409);
    expect(finishedAgain.json().message).toBe(
      'Este envío ya fue terminado con 12,530 km (04/12/2026 17:00). Si hay un error, la oficina lo corrige.',
    );
    const [kept] = await t.database.db.select().from(shippings).where(eq(shippings.id, created.id));
    expect(kept).toMatchObject({ initial_km: 12_400, final_km: 12_530, route: 130 });

    // The office (editShippings) corrects a reading, and Bitácora keeps the change.
    const corrected = await update(office, { initial_km: 12_410 });
    expect(corrected.statusCode).toBe(200);
    expect(shippingSchema.parse(corrected.json())).toMatchObject({ initial_km: 12_410, route: 120 });
    const logged = await t.database.db.execute(
      sql`SELECT before ->> 'initial_km' AS before, after ->> 'initial_km' AS after FROM logs
        WHERE entity = 'shippings' AND entity_id = ${created.id} AND action = 'update' ORDER BY id DESC LIMIT 1`,
    );
    expect((logged as unknown as { rows: unknown[] }).rows[0]).toEqual({ before: '12400', after: '12410' });
  });

  it('does not let a driver rewrite when a route started or finished: a time travels only with its reading; the office corrects it, logged', async () => {
    const created = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-05', driver_id: driverId })).json(),
    );
    const update = (token: string, body: object) => send(token, 'PUT', '/api/v1/shipping/update', { id: created.id, ...body });
    const refused = 'La hora de inicio y la de término quedan registradas al capturar su kilometraje; solo la oficina las corrige.';
    // Not started yet: a time alone starts nothing.
    const bare = await update(driver, { km_capture_time_start: '2026-12-05 06:00' });
    expect([bare.statusCode, bare.json().message]).toEqual([409, refused]);
    expect((await update(driver, { initial_km: 300, km_capture_time_start: '2026-12-05 07:10' })).statusCode).toBe(200);
    expect((await update(driver, { final_km: 350, km_capture_time: '2026-12-05 15:00' })).statusCode).toBe(200);
    for (const rewrite of [{ km_capture_time_start: '2026-12-05 05:00' }, { km_capture_time: '2026-12-05 19:00' }]) {
      const answer = await update(driver, rewrite);
      expect([answer.statusCode, answer.json().message]).toEqual([409, refused]);
    }
    // The same time again (a device resending what it recorded) is harmless.
    expect((await update(driver, { km_capture_time_start: '2026-12-05 07:10' })).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(shippings).where(eq(shippings.id, created.id));
    expect([kept!.km_capture_time_start?.slice(0, 16), kept!.km_capture_time?.slice(0, 16)]).toEqual([
      '2026-12-05 07:10',
      '2026-12-05 15:00',
    ]);

    const corrected = await update(office, { km_capture_time_start: '2026-12-05 06:55' });
    expect(shippingSchema.parse(corrected.json())).toMatchObject({ km_capture_time_start: '2026-12-05 06:55' });
    const logged = await t.database.db.execute(
      sql`SELECT after ->> 'km_capture_time_start' AS after FROM logs
        WHERE entity = 'shippings' AND entity_id = ${created.id} AND action = 'update' ORDER BY id DESC LIMIT 1`,
    );
    expect((logged as unknown as { rows: { after: string }[] }).rows[0]!.after).toMatch(/^2026-12-05T06:55/);
  });

  it('does not let a driver start someone else’s route', async () => {
    const created = shippingSchema.parse(
      (await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-03', driver_id: otherDriverId })).json(),
    );
    const response = await send(driver, 'PUT', '/api/v1/shipping/update', { id: created.id, initial_km: 10 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Solo el chofer asignado puede iniciar, terminar o entregar este envío.');
    const [row] = await t.database.db.select().from(shippings).where(eq(shippings.id, created.id));
    expect(row!.initial_km).toBeNull();
  });

  it('deletes a route and its deliveries so no list shows them', async () => {
    const created = shippingSchema.parse((await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-04' })).json());
    const admin = await loginAs(t.app, 'admin@demo.mx');
    expect((await send(admin, 'DELETE', `/api/v2/shippings/${created.id}`)).statusCode).toBe(200);
    const page = shippingPageSchema.parse((await get(office, `/api/v2/shippings?filter[id]=${created.id}`)).json());
    expect(page.data).toEqual([]);
    expect((await send(admin, 'DELETE', `/api/v2/shippings/${created.id}`)).statusCode).toBe(404);
  });
});

describe("the pages of one driver's period, newest first", () => {
  it("are the period's routes by folio whether they are among the driver's newest 500 routes or older", async () => {
    // An old period of 40 routes, then 520 newer routes on other days: the old period lies
    // beyond the driver's newest 500, and a period of the newer days within them.
    const insert = (count: number, day: (i: number) => string) =>
      t.database.db.execute(sql`INSERT INTO shippings (date, driver_id, created_by_user_id)
        SELECT d, ${otherDriverId}, 1 FROM unnest(${`{${Array.from({ length: count }, (_, i) => day(i)).join(',')}}`}::text[]) AS d`);
    await insert(40, (i) => `2033-01-${String((i % 28) + 1).padStart(2, '0')}`);
    await insert(520, (i) => `2033-${String(2 + (i % 10)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`);
    await t.database.db.execute(sql`UPDATE shippings SET deleted_at = now() WHERE id IN (
      SELECT id FROM shippings WHERE driver_id = ${otherDriverId} AND date LIKE '2033-%' ORDER BY id DESC LIMIT 3)`);
    const expected = async (from: string, to: string) => {
      const result = await t.database.db.execute(sql`SELECT id FROM shippings
        WHERE driver_id = ${otherDriverId} AND deleted_at IS NULL AND date BETWEEN ${from} AND ${to} ORDER BY id DESC`);
      return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
    };
    const pageOf = async (from: string, to: string, page: number, size: number, token = office) => {
      const driverFilter = token === office ? `&filter[driver_id]=${otherDriverId}` : '';
      const response = await get(
        token,
        `/api/v2/shippings?page=${page}&itemsPerPage=${size}&filter[date_between]=${from},${to}${driverFilter}`,
      );
      expect(response.statusCode).toBe(200);
      const body = shippingPageSchema.parse(response.json());
      return { ids: body.data.map((s) => s.id), total: body.meta.total };
    };
    for (const [from, to] of [
      ['2033-01-01', '2033-01-31'],
      ['2033-06-01', '2033-06-30'],
      ['2033-01-01', '2033-12-31'],
      ['2033-03-05', '2033-03-05'],
    ]) {
      const all = await expected(from!, to!);
      for (const [page, size] of [
        [1, 15],
        [2, 15],
        [3, 7],
        [1, 50],
        [40, 15],
      ] as const) {
        expect(await pageOf(from!, to!, page, size)).toEqual({ ids: all.slice((page - 1) * size, page * size), total: all.length });
      }
    }
    // The driver themself gets the same pages of their own routes.
    const otherDriver = await loginAs(t.app, 'chofer2@demo.mx');
    const all = await expected('2033-01-01', '2033-12-31');
    expect(await pageOf('2033-01-01', '2033-12-31', 2, 15, otherDriver)).toEqual({ ids: all.slice(15, 30), total: all.length });
  });
});

describe('the total of a list filtered by driver and dates', () => {
  const totalOf = async (query: string) =>
    shippingPageSchema.parse((await get(office, `/api/v2/shippings?itemsPerPage=1&${query}`)).json()).meta.total;
  const countedOf = async (driver: number | null, from: string, to: string) => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(shippings)
      .where(
        and(
          isNull(shippings.deleted_at),
          sql`${shippings.date} BETWEEN ${from} AND ${to}`,
          driver === null ? undefined : eq(shippings.driver_id, driver),
        ),
      );
    return row!.n;
  };
  const expectTotals = async () => {
    for (const [driver, from, to] of [
      [driverId, '2027-03-01', '2027-03-31'],
      [otherDriverId, '2027-03-01', '2027-03-31'],
      [null, '2027-03-01', '2027-03-02'],
      [null, '2000-01-01', '2100-12-31'],
    ] as const) {
      const filter = `filter[date_between]=${from},${to}${driver === null ? '' : `&filter[driver_id]=${driver}`}`;
      expect(await totalOf(filter)).toBe(await countedOf(driver, from, to));
    }
    expect(await totalOf('')).toBe(await countedOf(null, '0000-01-01', '9999-12-31'));
    // What the list sums stays what the routes are, day by day and driver by driver.
    const drift = await t.database.db.execute(sql`
      SELECT coalesce(driver_id, 0) AS driver_id, date, count(*)::int AS live FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2
      EXCEPT SELECT driver_id, date, live FROM shipping_day_counts WHERE live <> 0
      UNION ALL
      (SELECT driver_id, date, live FROM shipping_day_counts WHERE live <> 0
       EXCEPT SELECT coalesce(driver_id, 0), date, count(*)::int FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2)`);
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
  };

  it('follows routes created, moved to another day or driver, left without a driver and deleted, by any writer', async () => {
    await expectTotals();
    const created = await Promise.all(
      ['2027-03-01', '2027-03-01', '2027-03-02'].map(async (date) => {
        const response = await send(office, 'POST', '/api/v1/shipping/create', { driver_id: driverId, date });
        expect(response.statusCode).toBe(201);
        return shippingSchema.parse(response.json()).id;
      }),
    );
    await expectTotals();
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: created[0], date: '2027-03-15' })).statusCode).toBe(200);
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: created[1], driver_id: otherDriverId })).statusCode).toBe(200);
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: created[2], driver_id: null })).statusCode).toBe(200);
    await expectTotals();
    expect((await send(office, 'DELETE', `/api/v2/shippings/${created[0]}`)).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE shippings SET deleted_at = NULL WHERE id = ${created[0]}`);
    await t.database.db.execute(sql`UPDATE shippings SET date = '2027-03-31', driver_id = ${driverId} WHERE id = ${created[2]}`);
    await expectTotals();
    await t.database.db.execute(sql`DELETE FROM shipping_details WHERE shipping_id IN (${created[1]}, ${created[2]})`);
    await t.database.db.execute(sql`DELETE FROM shippings WHERE id IN (${created[1]}, ${created[2]})`);
    await expectTotals();
  });
});

describe('Idempotency-Key', () => {
  it('applies a repeated create once and returns the stored answer', async () => {
    const headers = { 'idempotency-key': 'prueba-crear-envio-0001' };
    const body = { date: '2026-12-05', note: 'una sola vez' };
    const first = await send(office, 'POST', '/api/v1/shipping/create', body, headers);
    const second = await send(office, 'POST', '/api/v1/shipping/create', body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await t.database.db
      .select()
      .from(shippings)
      .where(and(eq(shippings.note, 'una sola vez')));
    expect(rows).toHaveLength(1);
  });

  it('applies concurrent repeats once', async () => {
    const headers = { 'idempotency-key': 'prueba-concurrente-0002' };
    const body = { date: '2026-12-06', note: 'concurrente' };
    const answers = await Promise.all([1, 2, 3].map(() => send(office, 'POST', '/api/v1/shipping/create', body, headers)));
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    expect(await t.database.db.select().from(shippings).where(eq(shippings.note, 'concurrente'))).toHaveLength(1);
  });

  it('refuses the same key with a different body', async () => {
    const headers = { 'idempotency-key': 'prueba-otro-cuerpo-0003' };
    await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-07', note: 'A' }, headers);
    const other = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-07', note: 'B' }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('La clave Idempotency-Key ya se usó con otra solicitud.');
    expect(await t.database.db.select().from(shippings).where(eq(shippings.note, 'B'))).toHaveLength(0);
  });

  it('records nothing when the mutation is refused, so a corrected retry with the key works', async () => {
    const headers = { 'idempotency-key': 'prueba-rechazo-0004' };
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: 99999999, note: 'x' }, headers)).statusCode).toBe(404);
    expect((await send(office, 'PUT', '/api/v1/shipping/update', { id: 99999999, note: 'x' }, headers)).statusCode).toBe(404);
  });

  it('refuses a malformed key', async () => {
    const response = await send(office, 'POST', '/api/v1/shipping/create', { date: '2026-12-08' }, { 'idempotency-key': 'no válida' });
    expect(response.statusCode).toBe(400);
  });
});
