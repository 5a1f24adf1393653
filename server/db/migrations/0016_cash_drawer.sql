CREATE TABLE "cash_cuts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"expected" numeric(14, 2) NOT NULL,
	"counted" numeric(14, 2) NOT NULL,
	"difference" numeric(14, 2) NOT NULL,
	"note" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_cuts_counted_not_negative" CHECK ("cash_cuts"."counted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_movements_kind" CHECK ("cash_movements"."kind" IN ('entrada', 'salida')),
	CONSTRAINT "cash_movements_amount_positive" CHECK ("cash_movements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "cash_cuts" ADD CONSTRAINT "cash_cuts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_movements" ADD CONSTRAINT "cash_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_cuts_user_date" ON "cash_cuts" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "cash_movements_user_date" ON "cash_movements" USING btree ("user_id","date");--> statement-breakpoint
-- The drawer's movements and cuts are logged like every other change made through the API (migration 0013).
CREATE TRIGGER cash_movements_activity_log AFTER INSERT OR UPDATE OR DELETE ON cash_movements FOR EACH ROW EXECUTE FUNCTION log_api_change();
--> statement-breakpoint
CREATE TRIGGER cash_cuts_activity_log AFTER INSERT OR UPDATE OR DELETE ON cash_cuts FOR EACH ROW EXECUTE FUNCTION log_api_change();
