import { sql, type SQL } from 'drizzle-orm';
import { monterreyDate } from '../../domain/time';
import { bearer, loginAs, type TestApp } from './test-app';

/**
 * A route of today, not started, with one stop per customer asked for (delivery tracking's
 * tests, issue 47). Each customer is a demo customer whose contacts are set as the test needs:
 * a WhatsApp phone (on the sale's own contact), only an e-mail, or neither. Each stop's branch
 * is given a place, so the map's ETA has somewhere to aim.
 */

export type Reachable = 'whatsapp' | 'email' | 'nobody';

export interface TrackedStop {
  detailId: number;
  saleId: number;
  companyId: number;
  company: string;
  phone: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
}

export const rowsOf = <T>(t: TestApp, query: SQL) => t.database.db.execute(query).then((r) => (r as unknown as { rows: T[] }).rows);

let keys = 0;
export const send = async (t: TestApp, email: string, method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(await loginAs(t.app, email)), 'idempotency-key': key ?? `seguimiento-${(keys += 1)}-${Date.now()}` },
    payload,
  });

/** Unique numbers per call, so customers of one test file never share a phone or an address. */
let made = 0;
const usedCompanies = new Set<number>();

export async function routeWithStops(t: TestApp, customers: Reachable[]): Promise<{ shippingId: number; stops: TrackedStop[] }> {
  const [driver] = await rowsOf<{ id: number }>(t, sql`SELECT id FROM users WHERE email = 'chofer@demo.mx'`);
  const created = await send(t, 'oficina@demo.mx', 'POST', '/api/v1/shipping/create', {
    date: monterreyDate(new Date()),
    driver_id: driver!.id,
  });
  if (created.statusCode !== 201) throw new Error(`route not created: ${created.body}`);
  const shippingId = (created.json() as { id: number }).id;
  // Sales of distinct customers that no live delivery carries yet.
  const sales = await rowsOf<{ id: number; company_id: number; company: string; company_branch_id: number | null }>(
    t,
    sql`SELECT DISTINCT ON (s.company_id) s.id, s.company_id, c.name AS company, s.company_branch_id
      FROM sales s JOIN companies c ON c.id = s.company_id
      WHERE s.kind = 'sale' AND s.deleted_at IS NULL AND s.canceled_at IS NULL AND c.deleted_at IS NULL
        AND s.company_branch_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM shipping_details d WHERE d.sale_id = s.id AND d.deleted_at IS NULL)
      ORDER BY s.company_id, s.id`,
  );
  const fresh = sales.filter((sale) => !usedCompanies.has(sale.company_id));
  if (fresh.length < customers.length) throw new Error('not enough demo customers left');
  const stops: TrackedStop[] = [];
  for (const [index, reachable] of customers.entries()) {
    const sale = fresh[index]!;
    usedCompanies.add(sale.company_id);
    made += 1;
    const phone = reachable === 'whatsapp' ? `81${String(55_000_000 + made).padStart(8, '0')}` : null;
    const email = reachable === 'email' ? `cliente${made}@seguimiento.ejemplo.mx` : null;
    await t.database.db.execute(sql`UPDATE contacts SET phone = NULL, email = NULL WHERE company_id = ${sale.company_id}`);
    const [contact] = await rowsOf<{ id: number }>(
      t,
      sql`INSERT INTO contacts (company_id, name, last, phone, email) VALUES (${sale.company_id}, ${`Cliente${made}`}, 'Prueba', ${phone}, ${email}) RETURNING id`,
    );
    // The WhatsApp customer's sale names its contact; the e-mail one's is found among the customer's contacts.
    if (reachable === 'whatsapp') await t.database.db.execute(sql`UPDATE sales SET contact_id = ${contact!.id} WHERE id = ${sale.id}`);
    const latitude = 25.67 + index * 0.01;
    const longitude = -100.31 - index * 0.01;
    if (sale.company_branch_id !== null)
      await t.database.db.execute(sql`UPDATE company_branches SET latitude = ${latitude}, longitude = ${longitude} WHERE id = ${sale.company_branch_id}`);
    const detail = await send(t, 'oficina@demo.mx', 'POST', '/api/v1/shipping_detail/create', { shipping_id: shippingId, sale_id: sale.id });
    if (detail.statusCode !== 201) throw new Error(`stop not created: ${detail.body}`);
    stops.push({
      detailId: (detail.json() as { id: number }).id,
      saleId: sale.id,
      companyId: sale.company_id,
      company: sale.company,
      phone,
      email,
      latitude,
      longitude,
    });
  }
  return { shippingId, stops };
}

/** The driver starts the route, as their phone does (PUT /api/v1/shipping/update with the first reading). */
export const startRoute = (t: TestApp, shippingId: number, key?: string) =>
  send(t, 'chofer@demo.mx', 'PUT', '/api/v1/shipping/update', { id: shippingId, initial_km: 10_000 }, key);

/** The driver completes a stop: rejected with a reason (no evidence file needed). */
export const rejectStop = (t: TestApp, detailId: number) =>
  send(t, 'chofer@demo.mx', 'PATCH', `/api/v2/shipping_details/${detailId}`, {
    completed: true,
    is_delivered: false,
    delivery_rejection_comment: 'Cerrado',
  });

export const tokenOf = async (t: TestApp, detailId: number) =>
  (await rowsOf<{ tracking_token: string | null }>(t, sql`SELECT tracking_token FROM shipping_details WHERE id = ${detailId}`))[0]!
    .tracking_token;

export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}
