CREATE TABLE "shipping_day_counts" (
	"driver_id" integer NOT NULL,
	"date" varchar(10) NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "shipping_day_counts_driver_id_date_pk" PRIMARY KEY("driver_id","date")
);
--> statement-breakpoint
CREATE INDEX "shipping_day_counts_driver_date_live" ON "shipping_day_counts" USING btree ("driver_id","date","live");--> statement-breakpoint
CREATE INDEX "shipping_day_counts_date_live" ON "shipping_day_counts" USING btree ("date","driver_id","live");--> statement-breakpoint
-- Kept in the writing transaction by every writer: a route counts on its driver's day while it is live.
CREATE FUNCTION shipping_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE shipping_day_counts SET live = live - 1 WHERE driver_id = coalesce(OLD.driver_id, 0) AND date = OLD.date;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO shipping_day_counts AS c (driver_id, date, live) VALUES (coalesce(NEW.driver_id, 0), NEW.date, 1)
      ON CONFLICT (driver_id, date) DO UPDATE SET live = c.live + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION shipping_day_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shipping_day_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shippings_day_counts AFTER INSERT OR UPDATE OF driver_id, date, deleted_at OR DELETE ON shippings FOR EACH ROW EXECUTE FUNCTION shipping_day_counts_apply();--> statement-breakpoint
CREATE TRIGGER shippings_truncated_day_counts AFTER TRUNCATE ON shippings FOR EACH STATEMENT EXECUTE FUNCTION shipping_day_counts_clear();--> statement-breakpoint
INSERT INTO shipping_day_counts (driver_id, date, live)
  SELECT coalesce(driver_id, 0), date, count(*)::int FROM shippings WHERE deleted_at IS NULL GROUP BY 1, 2;
