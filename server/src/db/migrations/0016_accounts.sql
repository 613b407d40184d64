-- Accounts for a whole department (issue 22, DESIGN.md §12): a deactivated account keeps its
-- records and is marked by deactivated_at; a person's own messages are found for "Download my data".
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_author_created_idx" ON "messages" USING btree ("author_id","created_at","id");--> statement-breakpoint
-- hand-written (issue 22)
-- A deactivated account gets no new session, whatever the code path (password, reset, single
-- sign-on). FOR SHARE holds the user's row until the session's insert commits: a deactivation
-- that is updating the row makes the insert wait and then see deactivated_at (the session is
-- refused), and one that comes after finds the new session and deletes it.
CREATE FUNCTION "thesisdesk_refuse_deactivated_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" = NEW."user_id" AND "deactivated_at" IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'account deactivated' USING ERRCODE = 'TD001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_refuse_deactivated" BEFORE INSERT ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "thesisdesk_refuse_deactivated_session"();
