ALTER TABLE "business_identity" ADD COLUMN "free_delivery_minimum" numeric(14, 2) DEFAULT 2000;--> statement-breakpoint
ALTER TABLE "business_identity" ADD COLUMN "quotation_terms" text;