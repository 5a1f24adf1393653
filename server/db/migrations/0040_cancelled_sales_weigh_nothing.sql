-- shipping_deliveries_changed() as in 0021, with a delivered sale that was cancelled weighing
-- nothing: it stays on its route as a record ('Cancelada'), but no goods of it stay delivered.
-- The server calls it when it cancels a sale (repositories/sale-corrections.ts).
CREATE OR REPLACE FUNCTION shipping_deliveries_changed(route_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  route record;
BEGIN
  FOR route IN
    UPDATE shippings s SET change_seq = 0, updated_at = now(), weight = COALESCE((
        SELECT round(sum(sa.sale_weight), 2) FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id
        WHERE d.shipping_id = s.id AND d.is_delivered AND d.deleted_at IS NULL AND sa.canceled_at IS NULL), 0)
      WHERE s.id = ANY(route_ids)
      RETURNING s.id, s.date
  LOOP
    PERFORM pg_notify('frutas_events', json_build_object('type', 'shipping.changed', 'shipping_id', route.id, 'date', route.date)::text);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT shipping_deliveries_changed(ARRAY(
  SELECT DISTINCT d.shipping_id FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id
  WHERE sa.canceled_at IS NOT NULL AND d.deleted_at IS NULL));
