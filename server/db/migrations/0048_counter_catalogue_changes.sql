-- The counter's devices keep customers (with their balances) and the stock of their branch
-- (issue 46, sync-engine.md rule 9; the change stream of migration 0006).
--
-- Customers (companies) are numbered like the other synced tables. A customer is renumbered
-- when one of its branches is written, and when a sale of it is written in a way that can
-- move what it owes (its customer, kind, cancellation, deletion, balance or due date): the
-- device gets the customer again with its balance. An item is renumbered when a movement of
-- it is written: the device gets it again with its stock.
--
-- Lock order (0006): each writing statement on these tables first takes the writers'
-- advisory lock, before it locks any row, so the renumbering that follows never waits for
-- the lock while holding rows another writer needs.
CREATE TRIGGER companies_serialize BEFORE INSERT OR UPDATE OR DELETE ON companies FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER company_branches_serialize BEFORE INSERT OR UPDATE OR DELETE ON company_branches FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER inventory_movements_serialize BEFORE INSERT OR UPDATE OR DELETE ON inventory_movements FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER companies_number BEFORE INSERT OR UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION sync_number_row();
--> statement-breakpoint
CREATE FUNCTION sync_touch_companies_of_new_branches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET change_seq = 0 WHERE id IN (SELECT company_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_companies_of_old_branches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET change_seq = 0 WHERE id IN (SELECT company_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_companies_of_changed_branches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET change_seq = 0 WHERE id IN (SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER company_branches_touch_insert AFTER INSERT ON company_branches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_companies_of_new_branches();
--> statement-breakpoint
CREATE TRIGGER company_branches_touch_update AFTER UPDATE ON company_branches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_companies_of_changed_branches();
--> statement-breakpoint
CREATE TRIGGER company_branches_touch_delete AFTER DELETE ON company_branches REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_companies_of_old_branches();
--> statement-breakpoint
-- A new sale renumbers its customer; a sale's update only when it can move what the customer
-- owes (a sale renumbered for the devices — its lines or routes changed — does not).
CREATE FUNCTION sync_touch_companies_of_new_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET change_seq = 0 WHERE id IN (SELECT company_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_companies_of_changed_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies SET change_seq = 0 WHERE id IN (
    SELECT c.company_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (n.company_id), (o.company_id)) AS c(company_id)
    WHERE (n.company_id, n.kind, n.canceled_at, n.deleted_at, n.due_balance, n.due_date)
      IS DISTINCT FROM (o.company_id, o.kind, o.canceled_at, o.deleted_at, o.due_balance, o.due_date));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_touch_companies_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_companies_of_new_sales();
--> statement-breakpoint
CREATE TRIGGER sales_touch_companies_update AFTER UPDATE ON sales REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_companies_of_changed_sales();
--> statement-breakpoint
CREATE FUNCTION sync_touch_items_of_new_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET change_seq = 0 WHERE id IN (SELECT item_id FROM new_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_items_of_old_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET change_seq = 0 WHERE id IN (SELECT item_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION sync_touch_items_of_changed_movements() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET change_seq = 0 WHERE id IN (SELECT item_id FROM new_rows UNION SELECT item_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventory_movements_touch_insert AFTER INSERT ON inventory_movements REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_items_of_new_movements();
--> statement-breakpoint
CREATE TRIGGER inventory_movements_touch_update AFTER UPDATE ON inventory_movements REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_items_of_changed_movements();
--> statement-breakpoint
CREATE TRIGGER inventory_movements_touch_delete AFTER DELETE ON inventory_movements REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sync_touch_items_of_old_movements();
--> statement-breakpoint
-- Customers and items are written by triggers only to renumber them for the devices, which
-- the activity log never shows (as 0020 did for routes and sales): their log trigger skips
-- those writes before turning both row versions into JSON to find that nothing else changed.
DROP TRIGGER companies_activity_log ON companies;
--> statement-breakpoint
CREATE TRIGGER companies_activity_log AFTER INSERT OR UPDATE OR DELETE ON companies FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
DROP TRIGGER items_activity_log ON items;
--> statement-breakpoint
CREATE TRIGGER items_activity_log AFTER INSERT OR UPDATE OR DELETE ON items FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
-- Every customer takes a number, so a device's first pull brings them all.
UPDATE companies SET change_seq = 0;
