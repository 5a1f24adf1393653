ALTER TABLE "items" ADD COLUMN "clave_prod_serv" varchar(8);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "clave_unidad" varchar(3);--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "objeto_imp" varchar(2) DEFAULT '02' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "iva_rate" numeric(6, 4) DEFAULT 0.16;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "ieps_rate" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_iva_rate" CHECK ("items"."iva_rate" IS NULL OR "items"."iva_rate" IN (0, 0.08, 0.16));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_ieps_rate" CHECK ("items"."ieps_rate" IS NULL OR ("items"."ieps_rate" >= 0 AND "items"."ieps_rate" <= 3));--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_objeto_imp" CHECK ("items"."objeto_imp" IN ('01', '02', '03', '04'));--> statement-breakpoint
-- Existing products keep IVA 16 % (the column's default above: no total changes) and get the
-- SAT unit key their unit's name plainly means; any other unit is left for the business to set.
-- The same names as unitKeyForUnitName in domain/cfdi/product-keys.ts.
UPDATE "items" i SET "clave_unidad" = CASE lower(trim(u."name"))
    WHEN 'kg' THEN 'KGM' WHEN 'kgs' THEN 'KGM' WHEN 'kilo' THEN 'KGM' WHEN 'kilos' THEN 'KGM' WHEN 'kilogramo' THEN 'KGM' WHEN 'kilogramos' THEN 'KGM'
    WHEN 'g' THEN 'GRM' WHEN 'gr' THEN 'GRM' WHEN 'gramo' THEN 'GRM' WHEN 'gramos' THEN 'GRM'
    WHEN 'tonelada' THEN 'TNE' WHEN 'toneladas' THEN 'TNE'
    WHEN 'pieza' THEN 'H87' WHEN 'piezas' THEN 'H87' WHEN 'pza' THEN 'H87' WHEN 'pzas' THEN 'H87' WHEN 'pz' THEN 'H87'
    WHEN 'caja' THEN 'XBX' WHEN 'cajas' THEN 'XBX'
    WHEN 'paquete' THEN 'XPK' WHEN 'paquetes' THEN 'XPK' WHEN 'paq' THEN 'XPK'
    WHEN 'bolsa' THEN 'XBG' WHEN 'bolsas' THEN 'XBG'
    WHEN 'litro' THEN 'LTR' WHEN 'litros' THEN 'LTR' WHEN 'l' THEN 'LTR' WHEN 'lt' THEN 'LTR'
    WHEN 'docena' THEN 'DZN' WHEN 'docenas' THEN 'DZN'
    WHEN 'servicio' THEN 'E48' WHEN 'kit' THEN 'KT'
  END
  FROM "units" u WHERE u."id" = i."unit_id";
