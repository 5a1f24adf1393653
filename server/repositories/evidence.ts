import { sql, type SQL } from 'drizzle-orm';
import type { ShellUser } from '../../domain/app-routes';
import { hasPermission, type PermissionHolder } from '../../domain/permissions';
import { readableRoutes } from '../auth/record-rules';
import type { Db } from '../db/client';
import { rows } from '../db/sql-rows';
import type { FileStore } from '../files';

/**
 * Evidence files as records: who stored each, whether a delivery names it (as its evidence or
 * its receiver's signature), and who may open it.
 * An upload nothing names is the uploader's until it is attached: it counts against their quota
 * and is removed a day later (a phone that loses coverage between the upload and the delivery
 * sends both again within the day it is back).
 */

/** Whether a delivery (live or deleted) names the file: as its evidence, or as its receiver's signature (issue 47). */
const namedByDelivery = (name: SQL) =>
  sql`(EXISTS (SELECT 1 FROM shipping_details d WHERE d.pdf = ${name}) OR EXISTS (SELECT 1 FROM shipping_details d WHERE d.signature = ${name}))`;

/** What one person may keep stored without a delivery naming it: three files of the largest size. */
export const MAX_UNATTACHED_EVIDENCE_BYTES = 300 * 1024 * 1024;
/** How long an upload nothing names is kept. */
export const UNATTACHED_EVIDENCE_KEPT_MS = 24 * 60 * 60 * 1000;

type Person = ShellUser & PermissionHolder & { id: number };

/**
 * Who may store evidence: whoever edits deliveries, and the driver of a route (who attaches it
 * when delivering). Reading deliveries alone (the 'Consulta' office role) stores nothing.
 */
export async function mayStoreEvidence(db: Db, user: Person): Promise<boolean> {
  if (hasPermission(user, 'editShippingDetails')) return true;
  if (!hasPermission(user, 'shipping_details')) return false;
  const [drives] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM shippings WHERE driver_id = ${user.id} AND deleted_at IS NULL LIMIT 1`,
  );
  return drives !== undefined;
}

/** Bytes this person stored that no delivery names yet. */
export async function unattachedBytesOf(db: Db, userId: number): Promise<number> {
  const [row] = await rows<{ bytes: number }>(
    db,
    sql`SELECT coalesce(sum(e.bytes), 0)::float8 AS bytes FROM evidence_files e
      WHERE e.user_id = ${userId} AND NOT ${namedByDelivery(sql`e.name`)}`,
  );
  return row?.bytes ?? 0;
}

/** Records a stored file as this person's (again: a completion seen twice records once). */
export async function recordEvidence(db: Db, name: string, userId: number, bytes: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO evidence_files (name, user_id, bytes) VALUES (${name}, ${userId}, ${bytes}) ON CONFLICT (name) DO NOTHING`,
  );
}

/**
 * Removes the uploads no delivery names (live or deleted: a deleted delivery keeps its history)
 * a day after they were stored; a few hundred at a time, from the oldest.
 */
export async function sweepUnattachedEvidence(db: Db, files: FileStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_EVIDENCE_KEPT_MS).toISOString();
  const stale = await rows<{ name: string }>(
    db,
    sql`DELETE FROM evidence_files WHERE name IN (
        SELECT e.name FROM evidence_files e
        WHERE e.created_at < ${before} AND NOT ${namedByDelivery(sql`e.name`)}
        ORDER BY e.created_at LIMIT 200)
      RETURNING name`,
  );
  for (const { name } of stale) await files.remove(name);
  return stale.length;
}

/** Whether a live delivery this person may read names the file (the record rules of routes apply). */
export async function mayOpenEvidence(db: Db, user: Person, name: string): Promise<boolean> {
  const [found] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id
      WHERE (d.pdf = ${name} OR d.signature = ${name}) AND d.deleted_at IS NULL AND ${readableRoutes(user, sql`s.driver_id`)} LIMIT 1`,
  );
  return found !== undefined;
}
