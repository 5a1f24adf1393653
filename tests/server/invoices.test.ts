import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePageSchema } from '../../domain/schemas/invoices';
import { bearer, createTestApp, loginAs, type TestApp } from './test-app';

let t: TestApp;
let admin: string;
let office: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.mx');
  office = await loginAs(t.app, 'oficina@demo.mx');
});
afterAll(() => t.close());

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v2/invoices?itemsPerPage=500&${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return invoicePageSchema.parse(response.json());
};

describe('invoices', () => {
  it('lists the sales whose delivery carries an invoice number, with the customer’s tax data', async () => {
    const page = await list();
    expect(page.meta.total).toBeGreaterThan(0);
    expect(page.data.every((row) => row.invoice.trim() !== '')).toBe(true);
    const [counted] = (
      (await t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM shipping_details WHERE deleted_at IS NULL AND invoice IS NOT NULL AND invoice <> ''`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(page.meta.total).toBe(counted!.n);
  });

  it('shows only CFDI uses above 100: a customer on the old catalogue has none (spec §5)', async () => {
    const [first] = (await list()).data;
    await t.database.db.execute(sql`UPDATE companies SET cfdi_id = 3 WHERE id = ${first!.company_id}`);
    const rows = (await list()).data.filter((row) => row.company_id === first!.company_id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.cfdi_id === null && row.cfdi === null)).toBe(true);
    const others = await list('filter[cfdi_id]=101');
    expect(others.data.every((row) => row.cfdi_id === 101 && row.cfdi === 'G01 Adquisición de mercancías')).toBe(true);
    expect((await list('filter[cfdi_id]=3')).meta.total).toBe(0);
  });

  it('filters by invoice number, customer and payment status, and refuses an unknown status', async () => {
    const [first] = (await list()).data;
    const byNumber = await list(`filter[invoice]=${encodeURIComponent(first!.invoice)}`);
    expect(byNumber.data.map((row) => row.invoice)).toContain(first!.invoice);
    const byCompany = await list(`filter[company]=${encodeURIComponent(first!.company_name.slice(0, 6))}`);
    expect(
      byCompany.data.every(
        (row) => row.company_name.includes(first!.company_name.slice(0, 6)) || row.razon_social.includes(first!.company_name.slice(0, 6)),
      ),
    ).toBe(true);
    const pending = await list('filter[payment_status]=Pendiente');
    expect(pending.data.every((row) => row.payment_status === 'Pendiente')).toBe(true);
    const refused = await t.app.inject({ method: 'GET', url: '/api/v2/invoices?filter[payment_status]=Cobrada', headers: bearer(admin) });
    expect(refused.statusCode).toBe(400);
  });

  it('is kept to people with the invoices permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/invoices', headers: bearer(office) })).statusCode).toBe(403);
  });
});
