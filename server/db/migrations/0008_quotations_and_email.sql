CREATE TABLE "email_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"to" jsonb NOT NULL,
	"reply_to" varchar(254),
	"subject" varchar(300) NOT NULL,
	"html" text NOT NULL,
	"status" varchar(20) DEFAULT 'pendiente' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "canceled_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "quotation_id" integer;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_messages_sale" ON "email_messages" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "email_messages_due" ON "email_messages" USING btree ("next_attempt_at") WHERE "email_messages"."status" = 'pendiente';--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_canceled_by_user_id_users_id_fk" FOREIGN KEY ("canceled_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quotation" ON "sales" USING btree ("quotation_id");