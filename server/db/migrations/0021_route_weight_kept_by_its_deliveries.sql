-- A delivery added, changed or removed: its route is renumbered for the devices (migration
-- 0006), weighed again (spec §9: the delivered sales' weight, 2 decimals), stamped as edited
-- and announced to the office ('shipping.changed' on the channel of server/routes/events.ts),
-- all in one write of the route by the statement that changed the delivery. Before, the
-- server weighed the route in a statement of its own after every delivery, a second row
-- version of the route and a round trip more while the writers' lock is held. Every writer
-- of deliveries now keeps the weight right, not only the routes that remembered to.
CREATE FUNCTION shipping_deliveries_changed(route_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  route record;
BEGIN
  FOR route IN
    UPDATE shippings s SET change_seq = 0, updated_at = now(), weight = COALESCE((
        SELECT round(sum(sa.sale_weight), 2) FROM shipping_details d JOIN sales sa ON sa.id = d.sale_id
        WHERE d.shipping_id = s.id AND d.is_delivered AND d.deleted_at IS NULL), 0)
      WHERE s.id = ANY(route_ids)
      RETURNING s.id, s.date
  LOOP
    PERFORM pg_notify('frutas_events', json_build_object('type', 'shipping.changed', 'shipping_id', route.id, 'date', route.date)::text);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_touch_routes_of_new_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shipping_deliveries_changed(ARRAY(SELECT DISTINCT shipping_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_touch_routes_of_old_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shipping_deliveries_changed(ARRAY(SELECT DISTINCT shipping_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_touch_routes_of_changed_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shipping_deliveries_changed(ARRAY(SELECT shipping_id FROM new_rows UNION SELECT shipping_id FROM old_rows));
  RETURN NULL;
END $$;
