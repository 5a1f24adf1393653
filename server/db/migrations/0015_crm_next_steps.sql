ALTER TABLE "activities" ADD COLUMN "next_step" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "next_step" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_lead" ON "activities" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "calls_date" ON "calls" USING btree ("date");--> statement-breakpoint
CREATE INDEX "calls_lead" ON "calls" USING btree ("lead_id");