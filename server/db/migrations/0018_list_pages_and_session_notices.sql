DROP INDEX "shippings_live_driver_date";--> statement-breakpoint
DROP INDEX "shippings_live_date";--> statement-breakpoint
CREATE INDEX "shippings_live_driver_date_id" ON "shippings" USING btree ("driver_id","date","id") WHERE "shippings"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "shippings_live_date_id" ON "shippings" USING btree ("date","id") WHERE "shippings"."deleted_at" IS NULL;--> statement-breakpoint
-- Each server process holds the sessions it checked for a few seconds (server/auth/session-cache.ts).
-- Whatever changes what a session check reads tells every process at once, from any writer:
-- a token changed or removed (sign-out, expiry, the hourly slide) by its hash, anything else as '*'.
CREATE FUNCTION sessions_changed_token() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', OLD.token_hash);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION sessions_changed_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER auth_tokens_sessions_changed AFTER UPDATE OR DELETE ON auth_tokens FOR EACH ROW EXECUTE FUNCTION sessions_changed_token();--> statement-breakpoint
CREATE TRIGGER auth_tokens_truncated_sessions_changed AFTER TRUNCATE ON auth_tokens FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER users_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER role_permissions_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER permissions_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER job_positions_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON job_positions FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER branches_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON branches FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();
