-- Returns of some lines of a filled sale (issue 33's credit notes): what came back and at what price,
-- and how much of it the customer had already paid (which became credit). Both logged in Bitácora.
CREATE TABLE "sale_return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_return_items_quantity_positive" CHECK ("sale_return_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"reason" text NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"credit" numeric(14, 2) NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_amounts" CHECK ("sale_returns"."total" > 0 AND "sale_returns"."credit" >= 0 AND "sale_returns"."credit" <= "sale_returns"."total")
);
--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD CONSTRAINT "sale_return_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_return_items_return" ON "sale_return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "sale_returns_sale" ON "sale_returns" USING btree ("sale_id");--> statement-breakpoint
CREATE TRIGGER sale_returns_activity_log AFTER INSERT OR UPDATE OR DELETE ON sale_returns FOR EACH ROW EXECUTE FUNCTION log_api_change();--> statement-breakpoint
CREATE TRIGGER sale_return_items_activity_log AFTER INSERT OR UPDATE OR DELETE ON sale_return_items FOR EACH ROW EXECUTE FUNCTION log_api_change();
