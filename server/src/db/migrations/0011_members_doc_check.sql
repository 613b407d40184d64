-- After a statement inserts members, a proposal's doc (0007) is rebuilt unless it already lists
-- them. A submission writes its proposal with the doc built from the members it inserts in the
-- same statement, so for a submission the answer is always "it does". 0007 found that out by
-- building the doc afresh and comparing the two: every submission built its doc twice (a fifth of
-- PostgreSQL's time for a submission). Now the doc is read instead: it lists each new member with
-- their id and position. The rest of a member's entry (name, student ID) is the users row as this
-- statement sees it in both cases, and every later change to it rewrites the doc (0007).
CREATE OR REPLACE FUNCTION thesisdesk_members_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE proposals p SET doc = NULL
   WHERE p.id IN (
     SELECT i.proposal_id
       FROM inserted_members i JOIN proposals q ON q.id = i.proposal_id
      WHERE q.doc IS NULL
         OR NOT (q.doc::jsonb -> 'members') @> jsonb_build_array(
                  jsonb_build_object('id', i.user_id, 'position', i.position)));
  RETURN NULL;
END;
$$;
