CREATE INDEX "sales_company_branch" ON "sales" USING btree ("company_branch_id") WHERE "sales"."company_branch_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "sales_contact" ON "sales" USING btree ("contact_id") WHERE "sales"."contact_id" IS NOT NULL;--> statement-breakpoint
-- Payments recorded before 0009 kept nothing as credit: what they did not apply to a sale is.
UPDATE "collections" k SET "unapplied" = greatest(k."amount" - coalesce((SELECT sum(d."amount") FROM "collection_details" d WHERE d."collection_id" = k."id"), 0), 0);
