import { eq } from 'drizzle-orm';
import { readableOnWhite } from '../../domain/brand';
import type { BusinessIdentity, Deployment } from '../../domain/deployment';
import { quotationTermsOf } from '../../domain/schemas/setup';
import type { Db } from '../db/client';
import { businessIdentity } from '../db/schema';

/** The logo shown until the business gives its own: a neutral mark, never another business's. */
export const NEUTRAL_LOGO = '/brand/negocio.svg';
/** Several server processes share one database: another's change is seen within this time. */
const KEPT_FOR_MS = 5_000;

export type BusinessRow = typeof businessIdentity.$inferSelect;

/** The deployment as documents, e-mails, the page and the login show it now. */
export interface BusinessProfile {
  current(): Promise<Deployment>;
  /** The stored logo, for GET /brand/logo; null when the business has none. */
  logo(): Promise<{ type: string; bytes: Buffer } | null>;
  /** When the business's identity last changed; null while it has not set itself up (the demo). */
  version(): Promise<number | null>;
  /** After a change here: the next read goes to the database. */
  forget(): void;
}

/** The identity a stored row gives: the deployment keeps its behaviour flags and its defaults. */
export function identityOf(row: BusinessRow): BusinessIdentity {
  return {
    brand: row.brand,
    tagline: row.legal_name,
    legalName: row.legal_name,
    taxId: row.tax_id,
    bankAccount: `${row.bank} ${row.bank_account}`,
    clabe: row.clabe,
    address: row.address,
    phone: row.phone,
    whatsapp: row.whatsapp,
    website: row.website,
    // The version in the address: a new logo is a new file to every cache.
    logo: row.logo ? `/brand/logo?v=${Date.parse(row.updated_at)}` : NEUTRAL_LOGO,
    themeColor: row.theme_color,
    primaryColor: readableOnWhite(row.theme_color),
    freeDeliveryMinimum: row.free_delivery_minimum,
    // Null: the product's wording, which follows the product until the business writes its own.
    ...(row.quotation_terms !== null && { quotationTerms: quotationTermsOf(row.quotation_terms) }),
  };
}

/**
 * The business's identity from the database, over the deployment's defaults: an installation
 * set up through 'Configuración inicial' shows its own; the demo, which has no row, the deployment's.
 */
export function businessProfile(db: Db, deployment: Deployment): BusinessProfile {
  let kept: { at: number; read: Promise<{ row: BusinessRow | null; deployment: Deployment }> } | null = null;
  const read = () => {
    if (!kept || Date.now() - kept.at > KEPT_FOR_MS) {
      const reading = db
        .select()
        .from(businessIdentity)
        .where(eq(businessIdentity.id, 1))
        .then(([row]) => ({ row: row ?? null, deployment: row ? { ...deployment, identity: identityOf(row) } : deployment }));
      // A failed read is not kept: the next request tries again.
      reading.catch(() => (kept = null));
      kept = { at: Date.now(), read: reading };
    }
    return kept.read;
  };
  return {
    // One object while nothing changed: what is built from it (the page) is built once.
    current: async () => (await read()).deployment,
    async logo() {
      const dataUrl = (await read()).row?.logo;
      if (!dataUrl) return null;
      const comma = dataUrl.indexOf(',');
      return { type: dataUrl.slice('data:'.length, dataUrl.indexOf(';')), bytes: Buffer.from(dataUrl.slice(comma + 1), 'base64') };
    },
    async version() {
      const { row } = await read();
      return row ? Date.parse(row.updated_at) : null;
    },
    forget() {
      kept = null;
    },
  };
}
