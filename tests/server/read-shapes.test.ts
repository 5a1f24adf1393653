import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monterreyDateOffset } from '../../domain/time';
import { ROUTE_DOCS } from '../../server/openapi';
import type { RouteKey } from '../../server/route-access';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

/**
 * Every GET route that documents its answer is called as the administrator, and the
 * answer is parsed with that domain schema: the contract the app relies on.
 */
let t: TestApp;
let admin: string;
/** The event-rental business's own reads answer there only (the produce business answers 404). */
let rentals: TestApp;
let rentalsAdmin: string;
const RENTAL_READS = new Set<RouteKey>(['GET /api/v2/rentals/pieces', 'GET /api/v2/sales/:id/pickup']);
/** Reads of a quotation's own (its e-mails) need a quotation's id; the others take id 1. */
let quotationId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  const quotations = await t.app.inject({ method: 'GET', url: '/api/v2/q?itemsPerPage=1', headers: bearer(admin) });
  quotationId = quotations.json<{ data: { id: number }[] }>().data[0]!.id;
  // The demo issues no CFDI (it has no CSD): one invoice waits in the stamping queue, as a request leaves it.
  await t.database.db.execute(
    sql`INSERT INTO cfdi_documents (id, kind, sale_id, company_id, serie, folio, comprobante, total, status, pending, created_by_user_id)
      SELECT 1, 'factura', s.id, s.company_id, 'A', 1, ${JSON.stringify({ receptor: { rfc: 'XIA190128J61', nombre: 'XENON INDUSTRIAL ARTICLES' }, metodoPago: 'PPD' })}::jsonb,
        s.total, 'pendiente', 'timbrar', 1
      FROM sales s WHERE s.kind = 'sale' ORDER BY s.id LIMIT 1`,
  );
  // A customer's tracking link is read by its token: one pending stop has one, as a route's start gives it.
  await t.database.db.execute(
    sql`UPDATE shipping_details SET tracking_token = ${TRACKING_TOKEN}
      WHERE id = (SELECT id FROM shipping_details WHERE NOT completed AND deleted_at IS NULL ORDER BY id LIMIT 1)`,
  );
  rentals = await createTestApp({ DEPLOYMENT: 'eventos' });
  rentalsAdmin = await loginAs(rentals.app, 'admin@demo.mx');
});
afterAll(async () => {
  await t.close();
  await rentals.close();
});

const TRACKING_TOKEN = 'Lectura-de-prueba_0123456789abcdefghijklmno';
const range = `${monterreyDateOffset(new Date(), -30)},${monterreyDateOffset(new Date(), 7)}`;
/** Query each read needs to answer (a required range, a year, an id). */
const QUERIES: Partial<Record<RouteKey, string>> = {
  'GET /api/v2/company/sales': '?id=1',
  'GET /api/v2/report/sum_total_indicators': `?filter[date_between]=${range}`,
  'GET /api/v2/huecos': `?year=${range.slice(0, 4)}`,
  'GET /api/v2/shopping_report': `?filter[date_between]=${range}`,
  'GET /api/v2/inventory_report': `?type=card&filter[date_between]=${range}&itemsPerPage=15`,
  'GET /api/v2/orders/orders_to_dispatch': `?itemsPerPage=999&filter[date_between]=${range}`,
  'GET /api/v2/rentals/pieces': `?from=${range.slice(0, 10)}&to=${range.slice(11)}`,
};

const reads = (Object.entries(ROUTE_DOCS) as [RouteKey, (typeof ROUTE_DOCS)[RouteKey]][]).filter(
  ([key, doc]) => key.startsWith('GET /api/') && doc.response,
);

describe('the answers of the reads', () => {
  it('covers the reads', () => {
    expect(reads.length).toBeGreaterThan(60);
  });

  it.each(reads)('%s matches its domain schema', async (key, doc) => {
    const id = key.startsWith('GET /api/v2/quotations/') ? String(quotationId) : '1';
    // A catalogue's read is read with the funnels, the one list with more than its fields (business-lists.test.ts reads them all).
    const url =
      key
        .slice(4)
        .replace(':id', id)
        .replace(':list', 'funnels')
        .replace(':thread', 'n1')
        .replace(':type', 'sale')
        .replace(':token', TRACKING_TOKEN) + (QUERIES[key] ?? '');
    const [app, token] = RENTAL_READS.has(key) ? [rentals.app, rentalsAdmin] : [t.app, admin];
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const parsed = doc.response!.safeParse(response.json());
    expect(parsed.success ? [] : parsed.error.issues.slice(0, 3)).toEqual([]);
  });
});
