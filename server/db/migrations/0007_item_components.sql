CREATE TABLE "item_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	CONSTRAINT "item_components_quantity_positive" CHECK ("item_components"."quantity" > 0),
	CONSTRAINT "item_components_not_itself" CHECK ("item_components"."component_id" <> "item_components"."item_id")
);
--> statement-breakpoint
ALTER TABLE "item_components" ADD CONSTRAINT "item_components_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_components" ADD CONSTRAINT "item_components_component_id_items_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_components_item_component" ON "item_components" USING btree ("item_id","component_id");