CREATE TABLE "business_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"brand" varchar(120) NOT NULL,
	"legal_name" varchar(200) NOT NULL,
	"tax_id" varchar(13) NOT NULL,
	"address" varchar(300) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"whatsapp" varchar(40) NOT NULL,
	"website" varchar(200) NOT NULL,
	"bank" varchar(80) NOT NULL,
	"bank_account" varchar(40) NOT NULL,
	"clabe" varchar(18) NOT NULL,
	"theme_color" varchar(7) NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_identity_one_row" CHECK ("business_identity"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "setup_codes" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
