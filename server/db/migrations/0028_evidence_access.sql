-- Evidence opens only for those who may read its delivery (file passes tied to the session),
-- uploads are recorded per person, event tickets die with their session, sign-in waits per
-- account and address.
CREATE TABLE "file_passes" (
	"pass_hash" varchar(64) PRIMARY KEY NOT NULL,
	"token_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evidence_files" (
	"name" varchar(120) PRIMARY KEY NOT NULL,
	"user_id" integer,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Tickets live a minute and were tied to no session: the ones outstanding are dropped.
DELETE FROM "event_tickets";--> statement-breakpoint
ALTER TABLE "event_tickets" ADD COLUMN "token_id" integer NOT NULL;--> statement-breakpoint
-- Sign-in failures are counted per account and address now: the per-account locks end.
DELETE FROM "login_failures" WHERE "key" LIKE 'account:%';--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "last_failed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "file_passes" ADD CONSTRAINT "file_passes_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_files" ADD CONSTRAINT "evidence_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_passes_token" ON "file_passes" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "evidence_files_user" ON "evidence_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "evidence_files_created" ON "evidence_files" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "event_tickets" ADD CONSTRAINT "event_tickets_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_details_pdf" ON "shipping_details" USING btree ("pdf");