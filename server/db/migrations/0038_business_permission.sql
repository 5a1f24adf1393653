-- 'Datos del negocio' (its RFC, and its CLABE: where customers pay) is opened by its own permission,
-- apart from the catalogues' settings. User 1 holds it as every other.
INSERT INTO "permissions" ("name") VALUES ('business') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
-- A role that held every permission (the administrator's) still holds every one; no other role gets it.
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT r.id, b.id FROM "roles" r CROSS JOIN "permissions" b
WHERE b.name = 'business'
  AND (SELECT count(*) FROM "role_permissions" rp WHERE rp.role_id = r.id) = (SELECT count(*) FROM "permissions" WHERE name <> 'business')
ON CONFLICT DO NOTHING;
