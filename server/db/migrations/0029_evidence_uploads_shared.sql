-- Resumable uploads in the database (their parts in the evidence storage: a directory, or the
-- bucket with S3_URL), so a driver's next part may reach any server machine. Uploads in progress
-- under DATA_DIR/uploads/<id>/ are not carried over: their phones find them gone and start again.
CREATE TABLE "evidence_upload_parts" (
	"upload_id" varchar(32) NOT NULL,
	"start" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"object" varchar(120) NOT NULL,
	CONSTRAINT "evidence_upload_parts_upload_id_start_pk" PRIMARY KEY("upload_id","start")
);
--> statement-breakpoint
CREATE TABLE "evidence_uploads" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"length" bigint NOT NULL,
	"metadata" text,
	"stored_name" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evidence_upload_parts" ADD CONSTRAINT "evidence_upload_parts_upload_id_evidence_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."evidence_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evidence_uploads" ADD CONSTRAINT "evidence_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evidence_uploads_user" ON "evidence_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "evidence_uploads_touched" ON "evidence_uploads" USING btree ("touched_at");