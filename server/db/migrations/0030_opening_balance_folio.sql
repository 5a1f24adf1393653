-- 'Saldos iniciales' (Importar): an unpaid invoice of the previous system becomes a delivered sale that
-- keeps its folio, so importing the corrected file again updates it instead of adding it twice.
ALTER TABLE "sales" ADD COLUMN "folio" varchar(40);--> statement-breakpoint
CREATE UNIQUE INDEX "sales_folio" ON "sales" USING btree ("folio") WHERE "sales"."folio" IS NOT NULL AND "sales"."deleted_at" IS NULL;