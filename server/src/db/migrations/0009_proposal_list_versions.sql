-- A student's and a supervisor's proposal lists (GET /api/proposals) are kept by each instance,
-- answer by answer, under the version of that person's lists. A request reads their row here
-- (one primary-key read) and sends the kept answer if it holds the same version; building a page
-- of twenty proposals costs PostgreSQL several times that. As with people_version (0008), the
-- database changes the version itself, in the same transaction as every change that shows in
-- the person's lists, so no code path can forget to and a reader sees a new version exactly when
-- it can see the change.
--
-- What a list shows is the proposals' rows (their doc, 0007, holds everything else: any change
-- to members, names or cell titles rewrites the doc of each proposal it shows in) and, for a
-- student, which proposals they belong to. So a change to a proposal gives new versions to its
-- supervisor (old and new) and its members; a change to a membership to the student in it.
--
-- A new Pending proposal (a submission) gives new versions to its students but not to its
-- supervisor: every submission to one supervisor would otherwise wait for the one before it to
-- commit, on their row. A supervisor's version is their row's value with the number of Pending
-- proposals addressed to them (counted in proposals_supervisor_status_created_idx); only such an
-- insert adds to that number without bumping the row (a review, a delete and any other insert
-- bump it), so the number cannot come back to a value it had under the same row value.
--
-- Each new value is from a sequence, never used before, so an answer kept under an old one
-- cannot match again, whatever happens to the rows. A person with no row here has no version:
-- their answers are not kept. The committee's lists (every proposal) are not kept: one version
-- for them would make every submission in the department wait on one row.
--
-- Locks: a statement takes the rows it bumps in user-id order. A submission bumps its students
-- (members trigger), then the same students (proposals trigger); the application never deletes
-- or moves a membership, the only other path that bumps in two steps.
-- Not declared in schema.ts: nothing in the application writes it.
CREATE SEQUENCE proposal_list_version_seq;
--> statement-breakpoint
CREATE TABLE proposal_list_versions (
  user_id uuid PRIMARY KEY,
  version bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION thesisdesk_bump_proposal_lists(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO proposal_list_versions (user_id, version)
  SELECT id, nextval('proposal_list_version_seq')
    FROM (SELECT DISTINCT id FROM unnest(ids) AS t(id) WHERE id IS NOT NULL) people
   ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- Proposals: their supervisors (before and after) and the members they have now. New ones: their
-- members, and the supervisors of any that are not Pending; a supervisor without a row gets one
-- (taking no lock on a row that exists).
CREATE FUNCTION thesisdesk_proposals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proposal_list_versions (user_id, version)
  SELECT supervisor_id, nextval('proposal_list_version_seq')
    FROM (SELECT DISTINCT supervisor_id FROM new_proposals) s
   ORDER BY supervisor_id
  ON CONFLICT (user_id) DO NOTHING;
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(
    SELECT supervisor_id FROM new_proposals WHERE status <> 'Pending'
    UNION SELECT m.user_id FROM proposal_members m WHERE m.proposal_id IN (SELECT id FROM new_proposals)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION thesisdesk_proposals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(
    SELECT supervisor_id FROM old_proposals
    UNION SELECT supervisor_id FROM new_proposals
    UNION SELECT m.user_id FROM proposal_members m
           WHERE m.proposal_id IN (SELECT id FROM old_proposals UNION SELECT id FROM new_proposals)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION thesisdesk_proposals_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(
    SELECT supervisor_id FROM old_proposals
    UNION SELECT m.user_id FROM proposal_members m WHERE m.proposal_id IN (SELECT id FROM old_proposals)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposals_listed_insert AFTER INSERT ON proposals
  REFERENCING NEW TABLE AS new_proposals
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_proposals_inserted();
--> statement-breakpoint
CREATE TRIGGER proposals_listed_update AFTER UPDATE ON proposals
  REFERENCING OLD TABLE AS old_proposals NEW TABLE AS new_proposals
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_proposals_updated();
--> statement-breakpoint
CREATE TRIGGER proposals_listed_delete AFTER DELETE ON proposals
  REFERENCING OLD TABLE AS old_proposals
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_proposals_deleted();
--> statement-breakpoint
-- Memberships: the students who joined, left or moved. Releasing one (active) shows in no list.
CREATE FUNCTION thesisdesk_members_joined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(SELECT user_id FROM new_members));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION thesisdesk_members_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(
    SELECT user_id FROM (SELECT proposal_id, user_id FROM old_members
                         EXCEPT SELECT proposal_id, user_id FROM new_members) gone
    UNION SELECT user_id FROM (SELECT proposal_id, user_id FROM new_members
                               EXCEPT SELECT proposal_id, user_id FROM old_members) came));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION thesisdesk_members_left() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(SELECT user_id FROM old_members));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_members_listed_insert AFTER INSERT ON proposal_members
  REFERENCING NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_members_joined();
--> statement-breakpoint
CREATE TRIGGER proposal_members_listed_update AFTER UPDATE ON proposal_members
  REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_members_moved();
--> statement-breakpoint
CREATE TRIGGER proposal_members_listed_delete AFTER DELETE ON proposal_members
  REFERENCING OLD TABLE AS old_members
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_members_left();
--> statement-breakpoint
-- Emptied: everyone who has a version gets a new one. Proposals cannot be emptied without their
-- members (the foreign key makes TRUNCATE take both), so this one trigger covers both tables.
CREATE FUNCTION thesisdesk_proposal_lists_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposal_list_versions SET version = nextval('proposal_list_version_seq');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER proposal_members_listed_truncate AFTER TRUNCATE ON proposal_members
  FOR EACH STATEMENT EXECUTE FUNCTION thesisdesk_proposal_lists_emptied();
--> statement-breakpoint
-- Everyone with a list today starts with a version, so their answers are kept from the start.
SELECT thesisdesk_bump_proposal_lists(ARRAY(
  SELECT supervisor_id FROM proposals UNION SELECT user_id FROM proposal_members));
