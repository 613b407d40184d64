-- The committee's people lists (GET /api/users) are kept by each instance, answer by answer,
-- under the version of the people they were read from. A request reads people_version (one
-- primary-key row) and sends the kept answer if nothing changed since; a broad search otherwise
-- costs PostgreSQL ten times that. The database bumps the version itself, in the same
-- transaction as every change that shows in a list (a person's listed fields, a supervisor's
-- cells, a cell's title), so no code path can forget to, and a reader sees a new version exactly
-- when it can see the change. A bump is one row update per statement, not per row.
-- Not declared in schema.ts: nothing in the application writes it.
CREATE TABLE people_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO people_version (id, version) VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION thesisdesk_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE people_version SET version = version + 1 WHERE id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_people_changed
  AFTER INSERT OR DELETE OR UPDATE OF name, email, role, student_id, picture_key, created_at ON users
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_people_changed();
--> statement-breakpoint
CREATE TRIGGER users_people_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_people_changed();
--> statement-breakpoint
CREATE TRIGGER supervisor_cells_people_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supervisor_cells
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_people_changed();
--> statement-breakpoint
CREATE TRIGGER research_cells_people_changed AFTER UPDATE OF title OR DELETE OR TRUNCATE ON research_cells
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_people_changed();
