DROP INDEX "payrolls_user_date";--> statement-breakpoint
CREATE UNIQUE INDEX "payrolls_user_date_unique" ON "payrolls" USING btree ("user_id","date");