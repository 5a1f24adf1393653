// `npm run seed:bench`: grows the database to 100k sales (300k lines, their payments and
// 20k expenses, for the report benchmark) and 100k shippings with 500k shipping details
// (for the API benchmark), on the embedded database in BENCH_DATA_DIR (default
// .tmp/bench-data) or on PostgreSQL when DATABASE_URL is set. Demo data is loaded first
// when the database is empty; the generated rows reuse its people, customers, items,
// vehicles and reference lists. Each part only adds what is missing, so it can run again.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/prepare-database';

const SHIPPINGS = Number(process.env.BENCH_SHIPPINGS ?? 100_000);
const SALES = Number(process.env.BENCH_SALES ?? 100_000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 20_000);
const LINES_PER_SALE = 3;
const DETAILS_PER_SHIPPING = 5;
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? '.tmp/bench-data');
const url = process.env.DATABASE_URL;

const started = Date.now();
const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
// The bench opens no evidence: the demo's sample file is not kept.
await prepareDatabase(database, { demoSeed: true, keepSampleEvidence: null });
const count = async (table: string) =>
  Number(
    ((await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n,
  );

let added = false;

// Sales over 2020-01-01 + 2,500 days (about 40 a day), three lines each at the items' list
// prices; a fortieth cancelled; older ones mostly paid: 70 % paid, 20 % half paid, 10 % owed.
// Each paid or half-paid sale has its payment (a collection and its detail).
const existingSales = Number(
  ((await database.db.execute(sql`SELECT count(*)::int AS n FROM sales WHERE kind = 'sale'`)) as unknown as { rows: { n: number }[] })
    .rows[0]!.n,
);
if (existingSales < SALES) {
  const missing = SALES - existingSales;
  for (let done = 0; done < missing; done += 20_000) {
    const batch = Math.min(20_000, missing - done);
    const before = Number(
      ((await database.db.execute(sql`SELECT coalesce(max(id), 0)::int AS n FROM sales`)) as unknown as { rows: { n: number }[] }).rows[0]!
        .n,
    );
    await database.db.execute(sql`
      WITH sellers AS (SELECT array_agg(u.id ORDER BY u.id) AS ids FROM users u JOIN job_positions j ON j.id = u.job_position_id WHERE j.name = 'Ventas'),
           buyers AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE deleted_at IS NULL),
           goods AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(price ORDER BY id) AS prices FROM items WHERE deleted_at IS NULL AND NOT is_raw_material),
           new_sales AS (
             INSERT INTO sales (kind, company_id, user_id, created_by_user_id, date, due_date, type, subtotal, iva, total, due_balance, payment_status,
                                sale_total_weight, sale_weight, note, canceled_at, created_at, updated_at)
             SELECT 'sale', buyers.ids[1 + g % array_length(buyers.ids, 1)], sellers.ids[1 + g % array_length(sellers.ids, 1)], 1,
                    to_char(date '2020-01-01' + (g % 2500), 'YYYY-MM-DD'), to_char(date '2020-01-01' + (g % 2500) + 15, 'YYYY-MM-DD'),
                    CASE WHEN g % 4 = 0 THEN 'Serie B' ELSE 'Serie A' END, 0, 0, 0, 0, 'Pendiente', 0, 0, 'Venta generada',
                    CASE WHEN g % 40 = 0 THEN (date '2020-01-01' + (g % 2500)) + time '18:00' END,
                    (date '2020-01-01' + (g % 2500)) + time '09:00', (date '2020-01-01' + (g % 2500)) + time '09:00'
             FROM generate_series(${done + 1}::int, ${done + batch}::int) AS g, sellers, buyers
             RETURNING id)
      INSERT INTO sale_items (sale_id, item_id, quantity, price)
      SELECT s.id, goods.ids[pick.i], 1 + (s.id + k) % 25, goods.prices[pick.i]
      FROM new_sales s CROSS JOIN generate_series(1, ${LINES_PER_SALE}::int) AS k CROSS JOIN goods
      CROSS JOIN LATERAL (SELECT 1 + (s.id * 7 + k * 13) % array_length(goods.ids, 1) AS i) AS pick`);
    await database.db.execute(sql`
      UPDATE sales s SET subtotal = x.subtotal, iva = x.iva, total = x.subtotal + x.iva,
        due_balance = CASE WHEN s.id % 10 < 7 THEN 0 WHEN s.id % 10 < 9 THEN round((x.subtotal + x.iva) / 2, 2) ELSE x.subtotal + x.iva END,
        payment_status = CASE WHEN s.id % 10 < 7 THEN 'Pagada' WHEN s.id % 10 < 9 THEN 'Parcial' ELSE 'Pendiente' END
      FROM (SELECT d.sale_id, d.subtotal, CASE WHEN t.type = 'Serie A' THEN round(d.subtotal * 0.16, 2) ELSE 0 END AS iva
            FROM (SELECT sale_id, sum(round(quantity * price, 2)) AS subtotal FROM sale_items WHERE sale_id > ${before} GROUP BY sale_id) d
            JOIN sales t ON t.id = d.sale_id) x
      WHERE s.id = x.sale_id`);
    await database.db.execute(sql`
      WITH paid AS (
             SELECT id, company_id, user_id, date, total - due_balance AS amount FROM sales
             WHERE id > ${before} AND kind = 'sale' AND canceled_at IS NULL AND due_balance < total),
           methods AS (SELECT array_agg(id ORDER BY id) AS ids FROM payment_methods),
           created AS (
             INSERT INTO collections (company_id, user_id, date, amount, payment_method_id, reference)
             SELECT company_id, user_id, to_char(date::date + (id % 20), 'YYYY-MM-DD'), amount, methods.ids[1 + id % array_length(methods.ids, 1)], 'BENCH-' || id
             FROM paid, methods
             RETURNING id, reference)
      INSERT INTO collection_details (collection_id, sale_id, amount)
      SELECT c.id, p.id, p.amount FROM created c JOIN paid p ON c.reference = 'BENCH-' || p.id`);
    process.stdout.write(`\r${done + batch} / ${missing} ventas`);
  }
  console.log('');
  added = true;
}

const existingExpenses = await count('expenses');
if (existingExpenses < EXPENSES) {
  await database.db.execute(sql`
    WITH kinds AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names FROM expense_types)
    INSERT INTO expenses (expense_type_id, user_id, date, amount, description, created_at)
    SELECT kinds.ids[1 + g % array_length(kinds.ids, 1)], 1, to_char(date '2020-01-01' + (g % 2500), 'YYYY-MM-DD'), 200 + (g * 37) % 8800,
           kinds.names[1 + g % array_length(kinds.ids, 1)] || ' generado', (date '2020-01-01' + (g % 2500)) + time '12:00'
    FROM generate_series(1, ${EXPENSES - existingExpenses}::int) AS g, kinds`);
  added = true;
}

// Stock movements for the inventory report: each live generated sale's lines leave
// stock ('Salida Venta'), and every item is bought weekly ('Entrada Compra') and adjusted
// monthly ('Ajuste Manual', a fifth of them waste), about 340k movements over the 2,500 days.
const existingMovements = await count('inventory_movements');
if (existingMovements < 100_000) {
  await database.db.execute(sql`
    INSERT INTO inventory_movements (item_id, branch_id, type, quantity, source, sale_id, created_by_user_id, created_at)
    SELECT d.item_id, (SELECT min(id) FROM branches), 'Salida Venta', d.quantity, 'venta', s.id, 1, s.created_at + interval '2 hours'
    FROM sales s JOIN sale_items d ON d.sale_id = s.id
    WHERE s.kind = 'sale' AND s.canceled_at IS NULL AND s.note = 'Venta generada'`);
  await database.db.execute(sql`
    INSERT INTO inventory_movements (item_id, branch_id, type, quantity, source, unit_cost, reason, created_by_user_id, created_at)
    SELECT i.id, (SELECT min(id) FROM branches),
           CASE WHEN w % 4 = 0 THEN 'Ajuste Manual' ELSE 'Entrada Compra' END,
           CASE WHEN w % 4 = 0 THEN -(1 + (i.id + w) % 5) ELSE 180 + (i.id * 7 + w) % 60 END,
           CASE WHEN w % 4 = 0 THEN (CASE WHEN w % 20 = 0 THEN 'merma' ELSE 'ajuste' END) ELSE 'compra' END,
           CASE WHEN w % 4 = 0 THEN NULL ELSE i.cost END,
           CASE WHEN w % 4 = 0 THEN 'Ajuste generado' END,
           1, (date '2020-01-01' + w * 7) + time '08:00'
    FROM items i CROSS JOIN generate_series(0, 2500 / 7) AS w
    WHERE i.deleted_at IS NULL`);
  added = true;
}

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
  await database.db.execute(
    sql`UPDATE shipping_details d SET company_id = s.company_id FROM sales s WHERE s.id = d.sale_id AND d.company_id IS NULL`,
  );
  console.log('');
  added = true;
}
if (added) await database.db.execute(sql`VACUUM ANALYZE`);
console.log(
  `sales: ${await count('sales')}, sale_items: ${await count('sale_items')}, inventory_movements: ${await count('inventory_movements')}, collections: ${await count('collections')}, expenses: ${await count('expenses')}, ` +
    `shippings: ${await count('shippings')}, shipping_details: ${await count('shipping_details')} (${((Date.now() - started) / 1000).toFixed(1)} s, ${database.kind})`,
);
await database.close();
