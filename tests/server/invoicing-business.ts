import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { fiscalSettingsSchema } from '../../domain/schemas/invoicing';
import type { Db } from '../../server/db/client';
import type { FakePac } from './fake-pac';
import { bearer } from './test-app';

/**
 * A business that invoices, for the server tests of invoicing: the SAT's test taxpayer
 * EKU9003173C9 with its published test CSD, the fake PAC's account, and customers who are the
 * SAT's test receiver (complete fiscal data).
 */
const CSD_DIR = path.resolve(__dirname, '../fixtures/csd');
export const TEST_RECEIVER = { rfc: 'XIA190128J61', razonSocial: 'XENON INDUSTRIAL ARTICLES', regimen: '601', cp: '76343' };

/** The server's environment with invoicing on against `fake`, its queue quick for tests. */
export const invoicingEnv = (fake: FakePac, extra: Record<string, string> = {}): Record<string, string> => ({
  PAC_PROVIDER: 'sw',
  PAC_URL: fake.url,
  CFDI_POLL_MS: '50',
  CFDI_RETRY_FIRST_MS: '100',
  FISCAL_KEY: 'ab'.repeat(32),
  ...extra,
});

/** Sets the business up as its administrator would: identity, 'Facturación' and the CSD; ready to invoice. */
export async function setUpInvoicing(app: FastifyInstance, adminToken: string, fake: FakePac): Promise<void> {
  let keys = 0;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(adminToken), ...(method === 'GET' ? {} : { 'idempotency-key': `facturacion-${(keys += 1)}-${Date.now()}` }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const { logo_url: _logo, ...identity } = (await call('GET', '/api/v2/business')).json();
  const saved = await call('PUT', '/api/v2/business', {
    ...identity,
    clabe: '002010077777777771',
    tax_id: 'EKU9003173C9',
    legal_name: 'ESCUELA KEMPER URGATE',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const fiscal = await call('PUT', '/api/v2/fiscal', {
    regimen_fiscal: '601',
    lugar_expedicion: '42501',
    pac_user: fake.user,
    pac_password: fake.password,
  });
  expect(fiscal.statusCode, fiscal.body).toBe(200);
  const csd = await call('POST', '/api/v2/fiscal/csd', {
    cer: (await readFile(path.join(CSD_DIR, 'EKU9003173C9.cer'))).toString('base64'),
    key: (await readFile(path.join(CSD_DIR, 'EKU9003173C9.key'))).toString('base64'),
    password: '12345678a',
  });
  expect(csd.statusCode, csd.body).toBe(200);
  expect(fiscalSettingsSchema.parse(csd.json()).missing).toEqual([]);
}

/** A customer with complete fiscal data (the SAT's test receiver, uso G01, 15 days of credit). */
export async function fiscalCustomer(db: Db, name: string): Promise<number> {
  const result = await db.execute(
    sql`INSERT INTO companies (name, razon_social, rfc, regimen_fiscal, cp_fiscal, cfdi_id, credit_days)
      VALUES (${name}, ${TEST_RECEIVER.razonSocial}, ${TEST_RECEIVER.rfc}, ${TEST_RECEIVER.regimen}, ${TEST_RECEIVER.cp},
        (SELECT id FROM cfdis WHERE clave = 'G01' AND id > 100 ORDER BY id LIMIT 1), 15) RETURNING id`,
  );
  return (result as unknown as { rows: { id: number }[] }).rows[0]!.id;
}
