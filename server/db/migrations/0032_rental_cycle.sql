-- The rental's cycle (issue 33, event rental): a route delivers or picks rented goods up ('recoleccion'), and a
-- rental's pick-up is recorded once, with what came back and the missing or damaged pieces charged against the
-- deposit. Pick-ups are logged in Bitácora.
CREATE TABLE "rental_pickup_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickup_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"rented" numeric(12, 2) NOT NULL,
	"missing" numeric(12, 2) NOT NULL,
	"damaged" numeric(12, 2) NOT NULL,
	"charge" numeric(14, 2) NOT NULL,
	CONSTRAINT "rental_pickup_items_pieces" CHECK ("rental_pickup_items"."missing" >= 0 AND "rental_pickup_items"."damaged" >= 0 AND "rental_pickup_items"."missing" + "rental_pickup_items"."damaged" <= "rental_pickup_items"."rented" AND "rental_pickup_items"."charge" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rental_pickups" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"shipping_detail_id" integer NOT NULL,
	"note" text,
	"deposit" numeric(14, 2) NOT NULL,
	"charges" numeric(14, 2) NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_pickups_amounts" CHECK ("rental_pickups"."deposit" >= 0 AND "rental_pickups"."charges" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shippings" ADD COLUMN "kind" varchar(12) DEFAULT 'entrega' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_pickup_items" ADD CONSTRAINT "rental_pickup_items_pickup_id_rental_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."rental_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_pickup_items" ADD CONSTRAINT "rental_pickup_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_pickups" ADD CONSTRAINT "rental_pickups_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_pickups" ADD CONSTRAINT "rental_pickups_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_pickup_items_pickup" ON "rental_pickup_items" USING btree ("pickup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_pickups_sale" ON "rental_pickups" USING btree ("sale_id");--> statement-breakpoint
ALTER TABLE "shippings" ADD CONSTRAINT "shippings_kind" CHECK ("shippings"."kind" IN ('entrega', 'recoleccion'));--> statement-breakpoint
CREATE TRIGGER rental_pickups_activity_log AFTER INSERT OR UPDATE OR DELETE ON rental_pickups FOR EACH ROW EXECUTE FUNCTION log_api_change();