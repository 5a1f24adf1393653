ALTER TABLE "logs" ADD COLUMN "route" varchar(160);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "device" varchar(200);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "after" jsonb;--> statement-breakpoint
CREATE INDEX "logs_created_at" ON "logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "logs_entity" ON "logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "logs_user" ON "logs" USING btree ("user_id");--> statement-breakpoint
-- Every change made through the API is logged in its own transaction (issue 15): the server
-- sets app.actor (who, the route, the device, the address, the request id) for the
-- transaction of each write (server/plugins/idempotency.ts), and this trigger turns each row
-- it changes into a log row. A change that fails rolls its log back with it. Without an
-- actor (migrations, the demo seed, the server's own jobs such as the e-mail queue) nothing
-- is logged: those are not a person's doing. Bookkeeping columns are left out, and an
-- update that changed nothing else (a route renumbered for the devices) is not logged.
CREATE FUNCTION log_api_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  changed_before jsonb;
  changed_after jsonb;
  row_id text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - 'change_seq' - 'updated_at' - 'password_hash';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - 'change_seq' - 'updated_at' - 'password_hash';
  END IF;
  row_id := COALESCE(new_row, old_row) ->> 'id';
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO changed_before, changed_after
      FROM jsonb_each(old_row) o
      WHERE o.value IS DISTINCT FROM new_row -> o.key;
    IF changed_before IS NULL THEN
      RETURN NULL;
    END IF;
    old_row := changed_before;
    new_row := changed_after;
  END IF;
  INSERT INTO logs (user_id, action, entity, entity_id, route, device, ip, request_id, before, after)
  VALUES (
    (actor ->> 'user_id')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    CASE WHEN row_id ~ '^[0-9]{1,9}$' THEN row_id::integer END,
    left(actor ->> 'route', 160),
    left(actor ->> 'device', 200),
    left(actor ->> 'ip', 64),
    left(actor ->> 'request_id', 64),
    old_row,
    new_row
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What the log shows cannot be edited, through the API or any other way short of dropping the trigger.
CREATE FUNCTION logs_are_read_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'la bitácora no se puede modificar';
END $$;
--> statement-breakpoint
CREATE TRIGGER logs_read_only BEFORE UPDATE OR DELETE ON logs FOR EACH ROW EXECUTE FUNCTION logs_are_read_only();
--> statement-breakpoint
DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY ARRAY[
    'activities', 'branches', 'calls', 'collection_details', 'collections', 'companies', 'company_branches', 'contacts',
    'conversations', 'email_messages', 'expenses', 'funnel_phases', 'inventory_movements', 'item_components', 'items',
    'leads', 'messages', 'notes', 'payrolls', 'production_details', 'productions', 'provider_payments', 'providers',
    'purchase_order_items', 'purchase_orders', 'role_permissions', 'roles', 'sale_items', 'sales', 'shipping_details',
    'shippings', 'supplies', 'support_tickets', 'users', 'vehicles'
  ] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION log_api_change()', audited || '_activity_log', audited);
  END LOOP;
END $$;
