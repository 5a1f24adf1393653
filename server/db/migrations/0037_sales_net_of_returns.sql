ALTER TABLE "sales" ADD COLUMN "returned" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_returned_in_range" CHECK ("sales"."returned" >= 0 AND "sales"."returned" <= "sales"."total");--> statement-breakpoint
-- What the credit notes already took off each sale.
UPDATE "sales" s SET "returned" = r.total FROM (SELECT sale_id, sum(total) AS total FROM "sale_returns" GROUP BY sale_id) r WHERE r.sale_id = s.id;--> statement-breakpoint
-- A cancelled sale owes nothing (what was paid of it is already the customer's credit).
UPDATE "sales" SET "due_balance" = 0 WHERE "canceled_at" IS NOT NULL AND "due_balance" <> 0;--> statement-breakpoint
-- The payment status follows what payments cover (total − returned − balance), not credit notes.
UPDATE "sales" SET "payment_status" = CASE
    WHEN "canceled_at" IS NOT NULL OR "total" - "returned" - "due_balance" <= 0 THEN 'Pendiente'
    WHEN "due_balance" = 0 THEN 'Pagada'
    ELSE 'Parcial' END
  WHERE "kind" = 'sale';
