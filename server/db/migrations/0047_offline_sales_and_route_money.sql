CREATE TABLE "driver_cuts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipping_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"counted" jsonb NOT NULL,
	"note" varchar(300),
	"submitted_at" varchar(16) NOT NULL,
	"received_at" timestamp with time zone,
	"received_by_user_id" integer,
	"received_cash" numeric(14, 2),
	"difference" numeric(14, 2),
	"received_note" varchar(300),
	"cash_movement_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_provisional" varchar(20);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_device_total" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "offline_warnings" jsonb;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "shipping_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "shipping_detail_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "provisional" varchar(20);--> statement-breakpoint
ALTER TABLE "driver_cuts" ADD CONSTRAINT "driver_cuts_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_cuts" ADD CONSTRAINT "driver_cuts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_cuts" ADD CONSTRAINT "driver_cuts_received_by_user_id_users_id_fk" FOREIGN KEY ("received_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_cuts" ADD CONSTRAINT "driver_cuts_cash_movement_id_cash_movements_id_fk" FOREIGN KEY ("cash_movement_id") REFERENCES "public"."cash_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "driver_cuts_shipping" ON "driver_cuts" USING btree ("shipping_id");--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_shipping_detail_id_shipping_details_id_fk" FOREIGN KEY ("shipping_detail_id") REFERENCES "public"."shipping_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_change_seq" ON "companies" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "collections_shipping" ON "collections" USING btree ("shipping_id") WHERE "collections"."shipping_id" IS NOT NULL;