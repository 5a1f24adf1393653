import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { active, createdAt, id, name } from './columns';

/**
 * The reference lists of spec §3 that the app loads at start. The spec shows none of
 * their fields beyond an identity and a name.
 */
const referenceList = (table: string) => pgTable(table, { id: id(), name: name(), active: active(), created_at: createdAt() });

export const funnels = referenceList('funnels');
export const types = referenceList('types');
/**
 * Usos de CFDI: `clave` is the SAT's c_UsoCFDI key an invoice carries ('G03'); null on an entry
 * of the old catalogue or one the business named without a key (spec §5 keeps ids above 100).
 */
export const cfdis = pgTable('cfdis', {
  id: id(),
  name: name(),
  clave: varchar('clave', { length: 4 }),
  active: active(),
  created_at: createdAt(),
});
export const frequencies = referenceList('frequencies');
export const contactModes = referenceList('contact_modes');
export const specialConditions = referenceList('special_conditions');
export const activityTypes = referenceList('activity_types');
export const origins = referenceList('origins');
export const statuses = referenceList('statuses');
export const phases = referenceList('phases');
export const priceLists = referenceList('price_lists');
export const paymentMethods = referenceList('payment_methods');
export const units = referenceList('units');
export const categories = referenceList('categories');
export const rejections = referenceList('rejections');
export const adjustments = referenceList('adjustments');
export const zones = referenceList('zones');
export const expenseTypes = referenceList('expense_types');
