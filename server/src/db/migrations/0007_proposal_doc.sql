-- Every proposal keeps its JSON as every role reads it (the shared proposalSchema: cell,
-- supervisor, creator, members, reviewer) in proposals.doc, kept current by the database itself.
-- The lists send a page of these as they are: building 20 proposals from six tables on every
-- request cost PostgreSQL most of the pending list's time. Nothing in the application writes
-- doc: a trigger rebuilds it whenever the proposal changes, and the changes that show in it from
-- elsewhere (its members, the names and emails of the people in it, its cell's title) touch the
-- proposals they show in. To change the JSON, replace thesisdesk_proposal_doc in a new migration
-- and rebuild every doc there (UPDATE proposals SET doc = NULL).
ALTER TABLE proposals ADD COLUMN doc text;
--> statement-breakpoint
-- In PL/pgSQL so that each session plans these queries once; an SQL function with subqueries is
-- planned again on every call from a trigger.
-- One member as the doc lists them.
CREATE FUNCTION thesisdesk_member_json(u users, "position" smallint) RETURNS json LANGUAGE sql IMMUTABLE AS $$
  SELECT json_build_object('id', u.id, 'name', u.name, 'studentId', u.student_id, 'position', "position")
$$;
--> statement-breakpoint
-- The doc of p with its members given (a submission has them at hand before they are stored).
CREATE FUNCTION thesisdesk_proposal_doc(p proposals, members json) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'id', p.id, 'title', p.title, 'abstract', p.abstract, 'type', p.type, 'status', p.status,
    'researchCell', (SELECT json_build_object('id', c.id, 'title', c.title)
                       FROM research_cells c WHERE c.id = p.research_cell_id),
    'supervisor', (SELECT json_build_object('id', s.id, 'name', s.name, 'email', s.email)
                     FROM users s WHERE s.id = p.supervisor_id),
    'createdBy', (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = p.created_by),
    'members', members,
    'createdAt', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'feedback', p.feedback,
    'reviewedAt', to_char(p.reviewed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reviewedBy', (SELECT json_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = p.reviewed_by)
  )::text;
END;
$$;
--> statement-breakpoint
-- The doc of p with its stored members.
CREATE FUNCTION thesisdesk_proposal_doc(p proposals) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN thesisdesk_proposal_doc(p, (
    SELECT coalesce(json_agg(thesisdesk_member_json(u, m.position) ORDER BY m.position), '[]'::json)
      FROM proposal_members m JOIN users u ON u.id = m.user_id WHERE m.proposal_id = p.id));
END;
$$;
--> statement-breakpoint
-- Any update of a proposal rebuilds its doc; the triggers below touch a proposal (UPDATE … SET
-- doc = NULL) to have it rebuilt. A new proposal's doc is built once its members are in (below).
CREATE FUNCTION thesisdesk_proposal_doc_build() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.doc := thesisdesk_proposal_doc(NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposals_doc BEFORE UPDATE ON proposals
  FOR EACH ROW EXECUTE FUNCTION thesisdesk_proposal_doc_build();
--> statement-breakpoint
-- Members: after a statement inserts members, each proposal they joined is rebuilt unless its doc
-- already says so. A submission writes its proposal's doc with the members it is inserting in
-- the same statement (proposals.repository.ts), so it is checked here and not written twice.
CREATE FUNCTION thesisdesk_members_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals p SET doc = NULL
   WHERE p.id IN (SELECT DISTINCT proposal_id FROM inserted_members)
     AND p.doc IS DISTINCT FROM thesisdesk_proposal_doc(p);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_members_doc_insert AFTER INSERT ON proposal_members
  REFERENCING NEW TABLE AS inserted_members
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_members_inserted();
--> statement-breakpoint
CREATE FUNCTION thesisdesk_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE proposals SET doc = NULL WHERE id = OLD.proposal_id;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.proposal_id <> OLD.proposal_id THEN
    UPDATE proposals SET doc = NULL WHERE id = NEW.proposal_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Releasing members (active) does not show in the doc; moving or removing one does.
CREATE TRIGGER proposal_members_doc_change AFTER UPDATE OF proposal_id, user_id, position ON proposal_members
  FOR EACH ROW EXECUTE FUNCTION thesisdesk_member_changed();
--> statement-breakpoint
CREATE TRIGGER proposal_members_doc_delete AFTER DELETE ON proposal_members
  FOR EACH ROW EXECUTE FUNCTION thesisdesk_member_changed();
--> statement-breakpoint
-- People: a new name, email or student ID shows in every proposal they supervise, created,
-- reviewed or belong to.
CREATE FUNCTION thesisdesk_user_doc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals SET doc = NULL
   WHERE id IN (SELECT id FROM proposals WHERE supervisor_id = NEW.id
                UNION SELECT id FROM proposals WHERE created_by = NEW.id
                UNION SELECT id FROM proposals WHERE reviewed_by = NEW.id
                UNION SELECT proposal_id FROM proposal_members WHERE user_id = NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_proposal_doc AFTER UPDATE OF name, email, student_id ON users
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.student_id IS DISTINCT FROM NEW.student_id)
  EXECUTE FUNCTION thesisdesk_user_doc_changed();
--> statement-breakpoint
CREATE FUNCTION thesisdesk_cell_doc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals SET doc = NULL WHERE research_cell_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER research_cells_proposal_doc AFTER UPDATE OF title ON research_cells
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION thesisdesk_cell_doc_changed();
--> statement-breakpoint
-- The people trigger finds proposals by creator and reviewer too.
CREATE INDEX proposals_created_by_idx ON proposals (created_by);
--> statement-breakpoint
CREATE INDEX proposals_reviewed_by_idx ON proposals (reviewed_by) WHERE reviewed_by IS NOT NULL;
--> statement-breakpoint
UPDATE proposals SET doc = NULL;
