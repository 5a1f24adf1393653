ALTER TABLE "sale_items" ADD COLUMN "objeto_imp" varchar(2) DEFAULT '02' NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "iva_rate" numeric(6, 4) DEFAULT 0.16;--> statement-breakpoint
ALTER TABLE "sale_items" ADD COLUMN "ieps_rate" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_iva_rate" CHECK ("sale_items"."iva_rate" IS NULL OR "sale_items"."iva_rate" IN (0, 0.08, 0.16));--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_ieps_rate" CHECK ("sale_items"."ieps_rate" IS NULL OR ("sale_items"."ieps_rate" >= 0 AND "sale_items"."ieps_rate" <= 3));--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_objeto_imp" CHECK ("sale_items"."objeto_imp" IN ('01', '02', '03', '04'));--> statement-breakpoint
-- Lines sold before this keep their product's taxes as they are now (the way their sales were
-- priced: no rates outside ObjetoImp 02/03, as server/repositories/pricing.ts's lineRates).
-- Every product is at the defaults above today, so this touches no line; it updates only lines
-- that differ, so the sync and activity-log triggers do not rewrite every sale for nothing.
UPDATE "sale_items" si SET
    "objeto_imp" = i."objeto_imp",
    "iva_rate" = CASE WHEN i."objeto_imp" IN ('02', '03') THEN i."iva_rate" END,
    "ieps_rate" = CASE WHEN i."objeto_imp" IN ('02', '03') THEN i."ieps_rate" END
  FROM "items" i
  WHERE i."id" = si."item_id"
    AND (si."objeto_imp", si."iva_rate", si."ieps_rate") IS DISTINCT FROM
        (i."objeto_imp", CASE WHEN i."objeto_imp" IN ('02', '03') THEN i."iva_rate" END, CASE WHEN i."objeto_imp" IN ('02', '03') THEN i."ieps_rate" END);
