-- A driver's routes newest first with each one's day, from the index alone: a page of a period
-- is looked for among the driver's newest routes before every route of the period
-- (server/repositories/shippings.ts, amongRecentRoutesFirst).
DROP INDEX "shippings_live_driver_id";--> statement-breakpoint
CREATE INDEX "shippings_live_driver_id_date" ON "shippings" USING btree ("driver_id","id","date") WHERE "shippings"."deleted_at" IS NULL;