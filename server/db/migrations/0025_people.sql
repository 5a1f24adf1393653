CREATE TABLE "user_permissions" (
	"user_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "user_permissions_user_id_permission_id_pk" PRIMARY KEY("user_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "user_sign_ins" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sign_ins" ADD CONSTRAINT "user_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- 'Usuarios' is opened by its own permission; user 1 holds it as every other.
INSERT INTO "permissions" ("name") VALUES ('users') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- The starting role 'Administración' holds every permission, those added since it was made included.
INSERT INTO "role_permissions" ("role_id", "permission_id")
  SELECT r.id, p.id FROM "roles" r CROSS JOIN "permissions" p WHERE r.name = 'Administración'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A person's own permissions are part of what a held session carries (migration 0018): a change forgets them all.
CREATE TRIGGER user_permissions_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_permissions FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_all();--> statement-breakpoint
CREATE TRIGGER user_permissions_activity_log AFTER INSERT OR UPDATE OR DELETE ON user_permissions FOR EACH ROW EXECUTE FUNCTION log_api_change();
