-- log_api_change() as in 0013, with the business's logo logged by a fingerprint instead of its
-- whole data: URL (docs/decisions/007 indexes where each function's current definition is).
CREATE OR REPLACE FUNCTION log_api_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('app.actor', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  changed_before jsonb;
  changed_after jsonb;
  row_id text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_row := to_jsonb(OLD) - 'change_seq' - 'updated_at' - 'password_hash';
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_row := to_jsonb(NEW) - 'change_seq' - 'updated_at' - 'password_hash';
  END IF;
  -- An image kept as a data: URL (the business's logo, up to 1 MB) is logged by a fingerprint:
  -- the log says it changed without copying it into every entry.
  IF old_row ? 'logo' AND old_row ->> 'logo' IS NOT NULL THEN
    old_row := jsonb_set(old_row, '{logo}', to_jsonb('imagen ' || left(md5(old_row ->> 'logo'), 8)));
  END IF;
  IF new_row ? 'logo' AND new_row ->> 'logo' IS NOT NULL THEN
    new_row := jsonb_set(new_row, '{logo}', to_jsonb('imagen ' || left(md5(new_row ->> 'logo'), 8)));
  END IF;
  row_id := COALESCE(new_row, old_row) ->> 'id';
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(o.key, o.value), jsonb_object_agg(o.key, new_row -> o.key)
      INTO changed_before, changed_after
      FROM jsonb_each(old_row) o
      WHERE o.value IS DISTINCT FROM new_row -> o.key;
    IF changed_before IS NULL THEN
      RETURN NULL;
    END IF;
    old_row := changed_before;
    new_row := changed_after;
  END IF;
  INSERT INTO logs (user_id, action, entity, entity_id, route, device, ip, request_id, before, after)
  VALUES (
    (actor ->> 'user_id')::integer,
    CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END,
    TG_TABLE_NAME,
    CASE WHEN row_id ~ '^[0-9]{1,9}$' THEN row_id::integer END,
    left(actor ->> 'route', 160),
    left(actor ->> 'device', 200),
    left(actor ->> 'ip', 64),
    left(actor ->> 'request_id', 64),
    old_row,
    new_row
  );
  RETURN NULL;
END $$;
