-- Messages to customers really sent (issue 35): a conversation is with a customer or a lead at one address; an
-- outgoing WhatsApp message waits in its row until the channel takes it, matched afterwards by its wamid; an
-- e-mail of the queue carries a quotation or a conversation's message.
ALTER TABLE "email_messages" ALTER COLUMN "sale_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "address" varchar(254);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "external_id" varchar(200);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_address" ON "conversations" USING btree ("channel","address");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_external_id" ON "messages" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "messages_pending" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."pending";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_carries_something" CHECK ("sale_id" IS NOT NULL OR "message_id" IS NOT NULL);