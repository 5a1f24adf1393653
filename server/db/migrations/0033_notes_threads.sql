-- Notes people write (issue 35): one note to several people is a row each sharing sent_id, replies share the
-- thread's thread_id, a note may be about a record (a sale, a customer, a route), its reader archives it.
-- Notes written before are each their own thread.
ALTER TABLE "notes" ADD COLUMN "sent_id" varchar(40);--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "thread_id" varchar(40);--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "record_type" varchar(20);--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "record_id" integer;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notes" ADD COLUMN "mentioned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notes_thread" ON "notes" USING btree ("thread_id");--> statement-breakpoint
CREATE INDEX "notes_record" ON "notes" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "notes_author" ON "notes" USING btree ("author_id");--> statement-breakpoint
UPDATE "notes" SET "sent_id" = 'n' || "id", "thread_id" = 'n' || "id" WHERE "sent_id" IS NULL;