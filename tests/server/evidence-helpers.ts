import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app';

/**
 * Names a stored file as the evidence of one live delivery on a route the person drives, as
 * delivering does: only evidence a delivery names opens (the record rules of /files).
 */
export async function nameInADeliveryOf(t: TestApp, driverEmail: string, file: string): Promise<number> {
  const result = await t.database.db.execute(sql`
    UPDATE shipping_details SET pdf = ${file} WHERE id = (
      SELECT d.id FROM shipping_details d JOIN shippings s ON s.id = d.shipping_id JOIN users u ON u.id = s.driver_id
      WHERE u.email = ${driverEmail} AND d.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY d.id LIMIT 1)
    RETURNING id`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  if (!row) throw new Error(`${driverEmail} drives no route with a delivery`);
  return row.id;
}
