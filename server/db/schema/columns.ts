import { boolean, bigint, integer, numeric, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Columns every table carries. */
export const id = () => serial('id').primaryKey();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
/** Soft delete, so deletions reach devices that pull while offline. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'string' });
export const name = () => varchar('name', { length: 200 }).notNull();
export const userRef = (column: string) => integer(column);
/** Pesos with centavos. */
export const money = (column: string) => numeric(column, { precision: 14, scale: 2, mode: 'number' });
/** Kilograms with two decimals. */
export const kilograms = (column: string) => numeric(column, { precision: 12, scale: 2, mode: 'number' });
/**
 * Position in the change stream devices pull from (docs/sync-engine.md rule 9). Set by a
 * database trigger on every insert and update, in commit order (see migration 0005).
 */
export const changeSeq = () => bigint('change_seq', { mode: 'number' }).notNull().default(0);
/**
 * A catalogue row no longer offered ('Catálogos'): it leaves the pickers and stays on the
 * records that name it.
 */
export const active = () => boolean('active').notNull().default(true);
