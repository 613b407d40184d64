-- Every instance caches signed-in sessions briefly. The database itself tells all of them when a
-- session ends (logout, password change, expiry clean-up) or a user changes (name, picture, role),
-- so no code path can forget to, and a cached session never outlives its row.
CREATE OR REPLACE FUNCTION thesisdesk_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('thesisdesk_auth', 's:' || OLD.token);
  ELSE
    PERFORM pg_notify('thesisdesk_auth', 'u:' || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION thesisdesk_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION thesisdesk_auth_changed();
