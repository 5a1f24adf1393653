-- A delivery changed renumbers its route once (migration 0006 did it twice: once for the
-- route it is on now, once for the route it was on, the same route unless it moved), so
-- every outbox delivery or rejection writes one row version of its route fewer while it
-- holds the writers' lock.
DROP TRIGGER shipping_details_touch_update_new ON shipping_details;--> statement-breakpoint
DROP TRIGGER shipping_details_touch_update_old ON shipping_details;--> statement-breakpoint
CREATE FUNCTION sync_touch_routes_of_changed_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shippings SET change_seq = 0 WHERE id IN (SELECT shipping_id FROM new_rows UNION SELECT shipping_id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shipping_details_touch_update AFTER UPDATE ON shipping_details REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_changed_details();--> statement-breakpoint
-- Routes and sales are written by triggers only to renumber them for the devices, which the
-- activity log never shows (migration 0013): their log trigger now skips those writes before
-- turning both row versions into JSON to find that nothing else changed.
DROP TRIGGER shippings_activity_log ON shippings;--> statement-breakpoint
CREATE TRIGGER shippings_activity_log AFTER INSERT OR UPDATE OR DELETE ON shippings FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION log_api_change();--> statement-breakpoint
DROP TRIGGER sales_activity_log ON sales;--> statement-breakpoint
CREATE TRIGGER sales_activity_log AFTER INSERT OR UPDATE OR DELETE ON sales FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION log_api_change();
