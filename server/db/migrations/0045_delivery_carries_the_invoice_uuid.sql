-- A delivery's invoice number is its sale's CFDI UUID once the invoice is stamped (issue 45): the
-- queue writes it on the deliveries that exist then; a delivery made later (a route built after
-- invoicing, a sale moved to another route) starts with it, whichever route or screen creates it.
CREATE OR REPLACE FUNCTION shipping_details_invoice_uuid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.invoice IS NULL OR btrim(NEW.invoice) = '' THEN
    SELECT d.uuid INTO NEW.invoice FROM cfdi_documents d
      WHERE d.kind = 'factura' AND d.sale_id = NEW.sale_id AND d.status IN ('timbrado', 'cancelando') AND d.uuid IS NOT NULL
      ORDER BY d.id DESC LIMIT 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER shipping_details_invoice_uuid BEFORE INSERT ON shipping_details
  FOR EACH ROW EXECUTE FUNCTION shipping_details_invoice_uuid();
