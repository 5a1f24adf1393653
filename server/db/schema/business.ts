import { check, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, money, updatedAt } from './columns';

/**
 * The business's own identity (spec §1: from configuration, not from the code), one row, set by
 * 'Configuración inicial'. Until it exists the deployment's defaults are shown (the demo).
 */
export const businessIdentity = pgTable(
  'business_identity',
  {
    id: integer('id').primaryKey().default(1),
    brand: varchar('brand', { length: 120 }).notNull(),
    legal_name: varchar('legal_name', { length: 200 }).notNull(),
    tax_id: varchar('tax_id', { length: 13 }).notNull(),
    address: varchar('address', { length: 300 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    whatsapp: varchar('whatsapp', { length: 40 }).notNull(),
    website: varchar('website', { length: 200 }).notNull(),
    bank: varchar('bank', { length: 80 }).notNull(),
    bank_account: varchar('bank_account', { length: 40 }).notNull(),
    clabe: varchar('clabe', { length: 18 }).notNull(),
    theme_color: varchar('theme_color', { length: 7 }).notNull(),
    /** The logo as a data: URL (PNG, JPEG or SVG, up to 1 MB), served at /brand/logo; null: none yet. */
    logo: text('logo'),
    /**
     * The quotation's terms (spec §9), the business's own: free delivery in the metropolitan area
     * above this amount plus tax (null: the business offers none), and its conditions, one a line
     * (null: the product's wording, domain/messages/quotation-print.ts, until the business writes its own).
     */
    free_delivery_minimum: money('free_delivery_minimum').default(2000),
    quotation_terms: text('quotation_terms'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [check('business_identity_one_row', sql`${t.id} = 1`)],
);

/**
 * One-time codes that guard 'Configuración inicial': each server process that starts on a
 * database without users writes one and prints it in its log; setting up deletes them all.
 */
export const setupCodes = pgTable('setup_codes', {
  code_hash: varchar('code_hash', { length: 64 }).primaryKey(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
