-- 'Datos del negocio' is opened by its own permission; user 1 holds it as every other.
INSERT INTO "permissions" ("name") VALUES ('settings') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- A change of the business's identity is in Bitácora like every change made through the API.
CREATE TRIGGER business_identity_activity_log AFTER INSERT OR UPDATE OR DELETE ON business_identity FOR EACH ROW EXECUTE FUNCTION log_api_change();
