CREATE TABLE "cfdi_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(12) NOT NULL,
	"sale_id" integer,
	"return_id" integer,
	"collection_id" integer,
	"company_id" integer,
	"serie" varchar(25) NOT NULL,
	"folio" integer NOT NULL,
	"comprobante" jsonb NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"status" varchar(12) DEFAULT 'pendiente' NOT NULL,
	"pending" varchar(10),
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"uuid" varchar(36),
	"xml" text,
	"stamped_at" timestamp with time zone,
	"related_id" integer,
	"cancel_motive" varchar(2),
	"cancel_requested_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"email_to" jsonb,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cfdi_documents_kind" CHECK ("cfdi_documents"."kind" IN ('factura', 'nota_credito', 'pago', 'global')),
	CONSTRAINT "cfdi_documents_status" CHECK ("cfdi_documents"."status" IN ('pendiente', 'timbrado', 'error', 'cancelando', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "cfdi_global_sales" (
	"document_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	CONSTRAINT "cfdi_global_sales_document_id_sale_id_pk" PRIMARY KEY("document_id","sale_id")
);
--> statement-breakpoint
CREATE TABLE "cfdi_payment_lines" (
	"document_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"parcialidad" integer NOT NULL,
	"saldo_anterior" numeric(14, 2) NOT NULL,
	"pagado" numeric(14, 2) NOT NULL,
	"saldo_insoluto" numeric(14, 2) NOT NULL,
	CONSTRAINT "cfdi_payment_lines_document_id_invoice_id_pk" PRIMARY KEY("document_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "cfdi_series" (
	"kind" varchar(12) PRIMARY KEY NOT NULL,
	"serie" varchar(25) NOT NULL,
	"next_folio" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"regimen_fiscal" varchar(3),
	"lugar_expedicion" varchar(5),
	"csd_certificate" text,
	"csd_key_sealed" text,
	"csd_password_sealed" text,
	"csd_no_certificado" varchar(20),
	"csd_valid_to" timestamp with time zone,
	"pac_user" varchar(200),
	"pac_password_sealed" text,
	"invoice_on_sale" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_settings_one_row" CHECK ("fiscal_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "cfdi_document_id" integer;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_return_id_sale_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."sale_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_documents" ADD CONSTRAINT "cfdi_documents_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_global_sales" ADD CONSTRAINT "cfdi_global_sales_document_id_cfdi_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."cfdi_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_global_sales" ADD CONSTRAINT "cfdi_global_sales_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_payment_lines" ADD CONSTRAINT "cfdi_payment_lines_document_id_cfdi_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."cfdi_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_payment_lines" ADD CONSTRAINT "cfdi_payment_lines_invoice_id_cfdi_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."cfdi_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cfdi_payment_lines" ADD CONSTRAINT "cfdi_payment_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_folio" ON "cfdi_documents" USING btree ("serie","folio");--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_uuid" ON "cfdi_documents" USING btree ("uuid") WHERE "cfdi_documents"."uuid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_live_invoice" ON "cfdi_documents" USING btree ("sale_id",coalesce("related_id", 0)) WHERE "cfdi_documents"."kind" = 'factura' AND "cfdi_documents"."status" <> 'cancelado';--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_documents_live_credit_note" ON "cfdi_documents" USING btree ("return_id") WHERE "cfdi_documents"."kind" = 'nota_credito' AND "cfdi_documents"."status" <> 'cancelado';--> statement-breakpoint
CREATE INDEX "cfdi_documents_sale" ON "cfdi_documents" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "cfdi_documents_collection" ON "cfdi_documents" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "cfdi_documents_due" ON "cfdi_documents" USING btree ("next_attempt_at") WHERE "cfdi_documents"."pending" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "cfdi_documents_created" ON "cfdi_documents" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cfdi_global_sales_sale" ON "cfdi_global_sales" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "cfdi_payment_lines_invoice" ON "cfdi_payment_lines" USING btree ("invoice_id");--> statement-breakpoint
-- The fiscal setup (CSD, PAC account) is opened by its own permission. User 1 holds it as every other;
-- a role that held every permission (the administrator's) still holds every one.
INSERT INTO "permissions" ("name") VALUES ('fiscal') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, f.id FROM "roles" r CROSS JOIN "permissions" f
WHERE f.name = 'fiscal'
  AND (SELECT count(*) FROM "role_permissions" rp WHERE rp.role_id = r.id) = (SELECT count(*) FROM "permissions" WHERE name <> 'fiscal')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The series each kind of document starts with; the business changes them in 'Facturación'.
INSERT INTO "cfdi_series" ("kind", "serie", "next_folio") VALUES ('factura', 'A', 1), ('nota_credito', 'NC', 1), ('pago', 'P', 1), ('global', 'G', 1) ON CONFLICT DO NOTHING;
