// `npm run seed:bench`: grows the database to 100k shippings and 500k shipping details
// for the API benchmark, on the embedded database in BENCH_DATA_DIR (default
// .tmp/bench-data) or on PostgreSQL when DATABASE_URL is set. Demo data is loaded first
// when the database is empty; the generated rows reuse its drivers, vehicles and sales.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare';

const SHIPPINGS = Number(process.env.BENCH_SHIPPINGS ?? 100_000);
const DETAILS_PER_SHIPPING = 5;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.tmp/bench-data');
const url = process.env.DATABASE_URL;

const started = Date.now();
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
await prepareDatabase(database, { demoSeed: true, dataDir: url ? null : dataDir });
const count = async (table: string) =>
  Number(((await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n);

const existing = await count('shippings');
if (existing >= SHIPPINGS) {
  console.log(`Ya hay ${existing} envíos; no se agrega nada.`);
} else {
  const missing = SHIPPINGS - existing;
  // Set-based inserts: the database generates the rows itself, in batches of 20k routes.
  for (let done = 0; done < missing; done += 20_000) {
    const batch = Math.min(20_000, missing - done);
    await database.db.execute(sql`
      WITH drivers AS (SELECT array_agg(u.id ORDER BY u.id) AS ids FROM users u JOIN job_positions j ON j.id = u.job_position_id WHERE j.name IN ('Chofer Repartidor', 'Chofer Ejecutivo')),
           cars AS (SELECT array_agg(id ORDER BY id) AS ids FROM vehicles),
           new_routes AS (
             INSERT INTO shippings (date, driver_id, vehicle_id, initial_km, final_km, route, weight, note, km_capture_time_start, km_capture_time, created_by_user_id, last_updated_by_user_id, user_id)
             SELECT to_char(date '2020-01-01' + (g % 2500), 'YYYY-MM-DD'),
                    drivers.ids[1 + g % array_length(drivers.ids, 1)],
                    cars.ids[1 + g % array_length(cars.ids, 1)],
                    40000 + g % 50000, 40000 + g % 50000 + 20 + g % 120, 20 + g % 120, 0,
                    CASE WHEN g % 7 = 0 THEN 'Ruta generada ' || g END,
                    (date '2020-01-01' + (g % 2500)) + time '07:30', (date '2020-01-01' + (g % 2500)) + time '16:10', 1, 1, 1
             FROM generate_series(${done + 1}::int, ${done + batch}::int) AS g, drivers, cars
             RETURNING id)
      INSERT INTO shipping_details (shipping_id, sale_id, company_id, completed, is_delivered, delivered_at, created_by_user_id, last_updated_by_user_id)
      SELECT r.id, s.ids[1 + (r.id * ${DETAILS_PER_SHIPPING}::int + k) % array_length(s.ids, 1)], NULL, true, k % 9 <> 0, now()::timestamp(0), 1, 1
      FROM new_routes r, generate_series(1, ${DETAILS_PER_SHIPPING}::int) AS k, (SELECT array_agg(id ORDER BY id) AS ids FROM sales WHERE kind = 'sale') s`);
    process.stdout.write(`\r${done + batch} / ${missing} envíos`);
  }
  await database.db.execute(sql`UPDATE shipping_details d SET company_id = s.company_id FROM sales s WHERE s.id = d.sale_id AND d.company_id IS NULL`);
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log('');
}
console.log(`shippings: ${await count('shippings')}, shipping_details: ${await count('shipping_details')} (${((Date.now() - started) / 1000).toFixed(1)} s, ${database.kind})`);
await database.close();
