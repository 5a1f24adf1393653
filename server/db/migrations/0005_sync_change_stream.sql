CREATE TABLE "sync_devices" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shippings" ADD COLUMN "change_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "device_seq" bigint;--> statement-breakpoint
ALTER TABLE "sync_devices" ADD CONSTRAINT "sync_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_change_seq" ON "users" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "items_change_seq" ON "items" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "sales_change_seq" ON "sales" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "vehicles_change_seq" ON "vehicles" USING btree ("change_seq");--> statement-breakpoint
CREATE INDEX "shippings_change_seq" ON "shippings" USING btree ("change_seq");