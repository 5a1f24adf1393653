ALTER TABLE "companies" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "verified_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "unapplied" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "canceled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_canceled_by_user_id_users_id_fk" FOREIGN KEY ("canceled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_unverified" ON "companies" USING btree ("id") WHERE "companies"."verified_at" IS NULL AND "companies"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sale_items_item" ON "sale_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "sales_open_balance" ON "sales" USING btree ("company_id","due_date") WHERE "sales"."kind" = 'sale' AND "sales"."due_balance" > 0 AND "sales"."canceled_at" IS NULL AND "sales"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "collection_details_collection" ON "collection_details" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "collection_details_sale" ON "collection_details" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "collections_company" ON "collections" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_due_balance_in_range" CHECK ("sales"."due_balance" >= 0 AND "sales"."due_balance" <= "sales"."total");--> statement-breakpoint
ALTER TABLE "collection_details" ADD CONSTRAINT "collection_details_amount_positive" CHECK ("collection_details"."amount" > 0);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_amount_positive" CHECK ("collections"."amount" > 0);--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_unapplied_in_range" CHECK ("collections"."unapplied" >= 0 AND "collections"."unapplied" <= "collections"."amount");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_amount_positive" CHECK ("expenses"."amount" > 0);--> statement-breakpoint
-- Customers that already exist were entered by the office: they count as checked.
UPDATE "companies" SET "verified_at" = "created_at" WHERE "verified_at" IS NULL;