import { sql } from 'drizzle-orm';
import { invoicingMessages as text } from '../../domain/messages/invoicing';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import { HttpError } from '../http-errors';
import { openCsd, type Csd } from './csd';
import type { IssuerContext } from './documents';
import type { SecretBox } from './secrets';

/** The fiscal setup as stored (secrets sealed). */
export interface FiscalRow {
  regimen_fiscal: string | null;
  lugar_expedicion: string | null;
  csd_certificate: string | null;
  csd_key_sealed: string | null;
  csd_password_sealed: string | null;
  csd_no_certificado: string | null;
  csd_valid_to: string | null;
  pac_user: string | null;
  pac_password_sealed: string | null;
  invoice_on_sale: boolean;
}

const EMPTY: FiscalRow = {
  regimen_fiscal: null,
  lugar_expedicion: null,
  csd_certificate: null,
  csd_key_sealed: null,
  csd_password_sealed: null,
  csd_no_certificado: null,
  csd_valid_to: null,
  pac_user: null,
  pac_password_sealed: null,
  invoice_on_sale: false,
};

export async function loadFiscalRow(db: Db): Promise<FiscalRow> {
  const [row] = await rows<FiscalRow>(
    db,
    sql`SELECT regimen_fiscal, lugar_expedicion, csd_certificate, csd_key_sealed, csd_password_sealed, csd_no_certificado,
        to_char(csd_valid_to AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS csd_valid_to, pac_user, pac_password_sealed, invoice_on_sale
      FROM fiscal_settings WHERE id = 1`,
  );
  return row ?? EMPTY;
}

export interface PacSetting {
  provider: 'sw' | null;
  url: string | null;
}

/** What still keeps the business from invoicing, in Spanish, in the order to fix it (empty: ready). */
export function missingForInvoicing(row: FiscalRow, pac: PacSetting, now: Date = new Date()): string[] {
  const missing: string[] = [];
  if (!pac.provider) missing.push(text.pacMissing);
  if (!row.regimen_fiscal) missing.push(text.regimenMissing);
  if (!row.lugar_expedicion) missing.push(text.lugarMissing);
  if (!row.csd_certificate || !row.csd_key_sealed || !row.csd_password_sealed) missing.push(text.csdMissing);
  else if (row.csd_valid_to && new Date(row.csd_valid_to) <= now) missing.push(text.csdExpired(row.csd_valid_to.slice(0, 10)));
  if (pac.provider && (!row.pac_user || !row.pac_password_sealed)) missing.push(text.pacAccountMissing);
  return missing;
}

/** The identity invoices carry, before the business set its own: the deployment's defaults. */
export interface IdentityDefaults {
  taxId: string;
  legalName: string;
  brand: string;
}

/**
 * The business's RFC, legal name and brand, read with `db` (a request's transaction may pass
 * its own: on the embedded database a read outside an open transaction would wait for it).
 */
export async function issuingIdentity(db: Db, defaults: IdentityDefaults): Promise<IdentityDefaults> {
  const [row] = await rows<{ tax_id: string; legal_name: string; brand: string }>(
    db,
    sql`SELECT tax_id, legal_name, brand FROM business_identity WHERE id = 1`,
  );
  return row ? { taxId: row.tax_id, legalName: row.legal_name, brand: row.brand } : defaults;
}

/** Who issues: the business's RFC and legal name (Datos del negocio) with its régimen and place of issue. */
export async function issuerContext(db: Db, defaults: IdentityDefaults, pac: PacSetting): Promise<IssuerContext> {
  const row = await loadFiscalRow(db);
  const missing = missingForInvoicing(row, pac);
  if (missing.length > 0) throw new HttpError(409, missing[0]!);
  const identity = await issuingIdentity(db, defaults);
  return {
    emisor: { rfc: identity.taxId.trim().toUpperCase(), nombre: identity.legalName.trim().toUpperCase(), regimenFiscal: row.regimen_fiscal! },
    lugarExpedicion: row.lugar_expedicion!,
  };
}

/** The CSD opened with its password (for sealing and cancelling). */
export function openStoredCsd(row: FiscalRow, box: SecretBox): { csd: Csd; cerDer: Buffer; keyDer: Buffer; password: string } {
  const cerDer = Buffer.from(row.csd_certificate!, 'base64');
  const keyDer = box.open(row.csd_key_sealed!);
  const password = box.open(row.csd_password_sealed!).toString('utf8');
  return { csd: openCsd(cerDer, keyDer, password), cerDer, keyDer, password };
}

/** Days until the CSD expires (negative once expired); null without one. */
export function csdDaysLeft(row: FiscalRow, now: Date = new Date()): number | null {
  if (!row.csd_valid_to) return null;
  return Math.floor((new Date(row.csd_valid_to).getTime() - now.getTime()) / 86_400_000);
}
