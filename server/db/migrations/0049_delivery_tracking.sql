CREATE TABLE "route_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shipping_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"accuracy" real,
	"speed" real,
	"heading" real,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_branches" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "company_branches" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "sale_return_items" ADD COLUMN "reason" varchar(30);--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "stop_order" integer;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "received_by" varchar(120);--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "signature" varchar(120);--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "return_id" integer;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "tracking_token" varchar(43);--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "told_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipping_details" ADD COLUMN "told_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "route_positions" ADD CONSTRAINT "route_positions_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_positions" ADD CONSTRAINT "route_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "route_positions_once" ON "route_positions" USING btree ("shipping_id","user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "route_positions_received" ON "route_positions" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "shipping_details" ADD CONSTRAINT "shipping_details_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_details_tracking_token" ON "shipping_details" USING btree ("tracking_token");