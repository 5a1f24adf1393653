-- The change stream devices pull from (sync-engine.md rule 9).
--
-- Every insert or update of a synced row takes the next number of one sequence. The
-- numbers must be handed out in commit order, or a pull could pass over a row whose
-- transaction committed late with a smaller number. So each writing statement first takes
-- one transaction-level advisory lock (before it locks any row: no lock-order deadlock),
-- held until commit: writers of synced rows commit one after another, in number order.
--
-- Shipping details and sale items have no number of their own: a change to them renumbers
-- their route or sale (and a sale's change renumbers the routes it is on), so a device
-- gets the whole route again, with a moved or deleted detail gone from it.
CREATE SEQUENCE "sync_change_seq" AS bigint;
--> statement-breakpoint
CREATE FUNCTION sync_serialize_writers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7251001);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_number_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_seq := nextval('sync_change_seq');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_routes_of_new_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shippings SET change_seq = 0 WHERE id IN (SELECT shipping_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_routes_of_old_details() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shippings SET change_seq = 0 WHERE id IN (SELECT shipping_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_sales_of_new_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales SET change_seq = 0 WHERE id IN (SELECT sale_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_sales_of_old_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sales SET change_seq = 0 WHERE id IN (SELECT sale_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_routes_of_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shippings SET change_seq = 0
  WHERE id IN (SELECT d.shipping_id FROM shipping_details d JOIN new_rows s ON s.id = d.sale_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shippings_serialize BEFORE INSERT OR UPDATE OR DELETE ON shippings FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER sales_serialize BEFORE INSERT OR UPDATE OR DELETE ON sales FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER vehicles_serialize BEFORE INSERT OR UPDATE OR DELETE ON vehicles FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER users_serialize BEFORE INSERT OR UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER items_serialize BEFORE INSERT OR UPDATE OR DELETE ON items FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER shipping_details_serialize BEFORE INSERT OR UPDATE OR DELETE ON shipping_details FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER sale_items_serialize BEFORE INSERT OR UPDATE OR DELETE ON sale_items FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER shippings_number BEFORE INSERT OR UPDATE ON shippings FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE TRIGGER sales_number BEFORE INSERT OR UPDATE ON sales FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE TRIGGER vehicles_number BEFORE INSERT OR UPDATE ON vehicles FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE TRIGGER users_number BEFORE INSERT OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE TRIGGER items_number BEFORE INSERT OR UPDATE ON items FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE TRIGGER shipping_details_touch_insert AFTER INSERT ON shipping_details REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_new_details();
--> statement-breakpoint
CREATE TRIGGER shipping_details_touch_update_new AFTER UPDATE ON shipping_details REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_new_details();
--> statement-breakpoint
CREATE TRIGGER shipping_details_touch_update_old AFTER UPDATE ON shipping_details REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_old_details();
--> statement-breakpoint
CREATE TRIGGER shipping_details_touch_delete AFTER DELETE ON shipping_details REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_old_details();
--> statement-breakpoint
CREATE TRIGGER sale_items_touch_insert AFTER INSERT ON sale_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_sales_of_new_items();
--> statement-breakpoint
CREATE TRIGGER sale_items_touch_update AFTER UPDATE ON sale_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_sales_of_new_items();
--> statement-breakpoint
CREATE TRIGGER sale_items_touch_delete AFTER DELETE ON sale_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_sales_of_old_items();
--> statement-breakpoint
CREATE TRIGGER sales_touch_routes AFTER UPDATE ON sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_routes_of_sales();
--> statement-breakpoint
UPDATE shippings SET change_seq = 0;
--> statement-breakpoint
UPDATE sales SET change_seq = 0;
--> statement-breakpoint
UPDATE vehicles SET change_seq = 0;
--> statement-breakpoint
UPDATE users SET change_seq = 0;
--> statement-breakpoint
UPDATE items SET change_seq = 0;
