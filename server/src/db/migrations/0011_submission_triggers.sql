-- What a submission costs in the database's triggers (0007, 0009), about 0.5 → 0.12 ms of
-- PostgreSQL's time. 0009 has landed, so its functions are replaced here rather than edited there
-- (a database that has run 0009 would never see the edit).
--
-- Locks (0009): a statement takes the rows it bumps in user-id order. A submission now bumps only
-- its students (members trigger). Deleting or moving a membership bumps in two steps (the
-- proposal's people when its doc is rebuilt, then the members who left or came), so two of them at
-- once on the same people could deadlock; the application never deletes or moves a membership.

-- In PL/pgSQL so that each session plans the statement once (an SQL function called from a
-- trigger is planned again on every call).
CREATE OR REPLACE FUNCTION thesisdesk_bump_proposal_lists(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO proposal_list_versions (user_id, version)
  SELECT id, nextval('proposal_list_version_seq')
    FROM (SELECT DISTINCT id FROM unnest(ids) AS t(id) WHERE id IS NOT NULL) people
   ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;
END;
$$;
--> statement-breakpoint
-- New proposals: the supervisors of any that are not Pending; a supervisor without a row gets one
-- (taking no lock on a row that exists). A new proposal's members are inserted after it (they
-- refer to it), in the same statement or a later one, and the members trigger gives them their
-- new versions, so this one no longer bumps them too.
CREATE OR REPLACE FUNCTION thesisdesk_proposals_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A submission (Pending, to a supervisor who has a row) only reads here and writes nothing.
  INSERT INTO proposal_list_versions (user_id, version)
  SELECT supervisor_id, nextval('proposal_list_version_seq')
    FROM (SELECT DISTINCT supervisor_id FROM new_proposals) s
   WHERE NOT EXISTS (SELECT 1 FROM proposal_list_versions v WHERE v.user_id = s.supervisor_id)
   ORDER BY supervisor_id
  ON CONFLICT (user_id) DO NOTHING;
  IF EXISTS (SELECT 1 FROM new_proposals WHERE status <> 'Pending') THEN
    PERFORM thesisdesk_bump_proposal_lists(ARRAY(
      SELECT supervisor_id FROM new_proposals WHERE status <> 'Pending'));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A statement trigger fires even when its UPDATE changed no row (the members trigger of 0007 runs
-- one for every submission), so an empty one returns at once.
CREATE OR REPLACE FUNCTION thesisdesk_proposals_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_proposals) THEN
    RETURN NULL;
  END IF;
  PERFORM thesisdesk_bump_proposal_lists(ARRAY(
    SELECT supervisor_id FROM old_proposals
    UNION SELECT supervisor_id FROM new_proposals
    UNION SELECT m.user_id FROM proposal_members m
           WHERE m.proposal_id IN (SELECT id FROM old_proposals UNION SELECT id FROM new_proposals)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- After a statement inserts members, a proposal's doc (0007) is rebuilt unless it already lists
-- them. A submission writes its proposal with the doc built from the members it inserts in the
-- same statement, so for a submission the answer is always "it does". 0007 found that out by
-- building the doc afresh and comparing the two: every submission built its doc twice (a fifth of
-- PostgreSQL's time for a submission). Now the doc is read instead: it lists each new member with
-- their id and position. The rest of a member's entry (name, student ID) is the users row as this
-- statement sees it in both cases, and every later change to it rewrites the doc (0007). Each
-- proposal's doc is read once, with all its new members.
CREATE OR REPLACE FUNCTION thesisdesk_members_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals p SET doc = NULL
   WHERE p.id IN (
     SELECT q.id
       FROM inserted_members i JOIN proposals q ON q.id = i.proposal_id
      GROUP BY q.id
     HAVING q.doc IS NULL
         OR NOT (q.doc::jsonb -> 'members') @> jsonb_agg(
                  jsonb_build_object('id', i.user_id, 'position', i.position)));
  RETURN NULL;
END;
$$;
