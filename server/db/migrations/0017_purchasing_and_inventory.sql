CREATE TABLE "inventory_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_branch_id" integer NOT NULL,
	"to_branch_id" integer NOT NULL,
	"note" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_transfers_two_branches" CHECK ("inventory_transfers"."from_branch_id" <> "inventory_transfers"."to_branch_id")
);
--> statement-breakpoint
CREATE TABLE "physical_inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'Abierto' NOT NULL,
	"note" text,
	"zero_uncounted" boolean DEFAULT false NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" integer,
	"applied_at" timestamp with time zone,
	"applied_by_user_id" integer,
	"deleted_at" timestamp with time zone,
	"change_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "physical_inventories_status" CHECK ("physical_inventories"."status" IN ('Abierto', 'Cerrado', 'Aplicado'))
);
--> statement-breakpoint
CREATE TABLE "physical_inventory_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"physical_inventory_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"shelf" varchar(40) NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"counted_by_user_id" integer,
	"counted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "physical_inventory_counts_quantity" CHECK ("physical_inventory_counts"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "source" varchar(20);--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "reason" varchar(300);--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "unit_cost" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "purchase_order_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "production_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "sale_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "transfer_id" integer;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD COLUMN "physical_inventory_id" integer;--> statement-breakpoint
-- Movements made before branches and sources: the first branch, and the flow their type names.
UPDATE "inventory_movements" SET "branch_id" = (SELECT min("id") FROM "branches"), "source" = CASE "type"
  WHEN 'Entrada Compra' THEN 'compra' WHEN 'Entrada Producción' THEN 'produccion' WHEN 'Salida Producción' THEN 'produccion'
  WHEN 'Salida Venta' THEN 'venta' WHEN 'Devolución' THEN 'venta' WHEN 'Creación de Producto' THEN 'alta'
  WHEN 'Ajuste Inventario Físico' THEN 'fisico' WHEN 'Corte Ceros' THEN 'fisico' ELSE 'ajuste' END;--> statement-breakpoint
ALTER TABLE "inventory_movements" ALTER COLUMN "branch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_movements" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "productions" ADD COLUMN "planned_date" varchar(10);--> statement-breakpoint
ALTER TABLE "productions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "productions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "productions" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "productions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "address" varchar(300);--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "contact_name" varchar(200);--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "credit_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD COLUMN "received_quantity" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "status" varchar(20) DEFAULT 'Pendiente' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "note" text;--> statement-breakpoint
-- Orders made before receiving existed had their stock entered when the goods came: they count as received.
UPDATE "purchase_order_items" SET "received_quantity" = "quantity";--> statement-breakpoint
UPDATE "purchase_orders" SET "status" = 'Recibida';--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_transfers" ADD CONSTRAINT "inventory_transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventories" ADD CONSTRAINT "physical_inventories_applied_by_user_id_users_id_fk" FOREIGN KEY ("applied_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventory_counts" ADD CONSTRAINT "physical_inventory_counts_physical_inventory_id_physical_inventories_id_fk" FOREIGN KEY ("physical_inventory_id") REFERENCES "public"."physical_inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventory_counts" ADD CONSTRAINT "physical_inventory_counts_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_inventory_counts" ADD CONSTRAINT "physical_inventory_counts_counted_by_user_id_users_id_fk" FOREIGN KEY ("counted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "physical_inventories_change_seq" ON "physical_inventories" USING btree ("change_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "physical_inventory_counts_shelf_item" ON "physical_inventory_counts" USING btree ("physical_inventory_id","shelf","item_id");--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_production_id_productions_id_fk" FOREIGN KEY ("production_id") REFERENCES "public"."productions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_transfer_id_inventory_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."inventory_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_physical_inventory_id_physical_inventories_id_fk" FOREIGN KEY ("physical_inventory_id") REFERENCES "public"."physical_inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_movements_branch_item" ON "inventory_movements" USING btree ("branch_id","item_id");--> statement-breakpoint
CREATE INDEX "inventory_movements_source_created" ON "inventory_movements" USING btree ("source","created_at");--> statement-breakpoint
CREATE INDEX "inventory_movements_purchase_order" ON "inventory_movements" USING btree ("purchase_order_id") WHERE "inventory_movements"."purchase_order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "inventory_movements_production" ON "inventory_movements" USING btree ("production_id") WHERE "inventory_movements"."production_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_movements_physical_item" ON "inventory_movements" USING btree ("physical_inventory_id","item_id") WHERE "inventory_movements"."physical_inventory_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "purchase_order_items_order" ON "purchase_order_items" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_provider" ON "purchase_orders" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "productions" ADD CONSTRAINT "productions_status" CHECK ("productions"."status" IN ('Planeada', 'En proceso', 'Terminada'));--> statement-breakpoint
ALTER TABLE "purchase_order_items" ADD CONSTRAINT "purchase_order_items_received_in_range" CHECK ("purchase_order_items"."received_quantity" >= 0 AND "purchase_order_items"."received_quantity" <= "purchase_order_items"."quantity");--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_status" CHECK ("purchase_orders"."status" IN ('Pendiente', 'Parcial', 'Recibida'));--> statement-breakpoint
-- Logged like every other change made through the API (migration 0013).
CREATE TRIGGER inventory_transfers_activity_log AFTER INSERT OR UPDATE OR DELETE ON inventory_transfers FOR EACH ROW EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
CREATE TRIGGER physical_inventories_activity_log AFTER INSERT OR UPDATE OR DELETE ON physical_inventories FOR EACH ROW EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
CREATE TRIGGER physical_inventory_counts_activity_log AFTER INSERT OR UPDATE OR DELETE ON physical_inventory_counts FOR EACH ROW EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
-- The warehouse tablet pulls the counts in progress (sync-engine.md rule 9, migration 0006).
CREATE TRIGGER physical_inventories_serialize BEFORE INSERT OR UPDATE OR DELETE ON physical_inventories FOR EACH STATEMENT EXECUTE FUNCTION sync_serialize_writers();
--> statement-breakpoint
CREATE TRIGGER physical_inventories_number BEFORE INSERT OR UPDATE ON physical_inventories FOR EACH ROW EXECUTE FUNCTION sync_number_row();
