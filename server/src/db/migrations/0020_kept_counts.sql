-- Kept totals (issue 30 item 17, decision 0060): the committee's dashboard, the terms' load and
-- the research cells counted every proposal and person on each read; they read these instead.
CREATE TABLE "proposal_counts" (
	"term_id" uuid NOT NULL,
	"research_cell_id" uuid,
	"status" "proposal_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "proposal_counts_uq" UNIQUE NULLS NOT DISTINCT("term_id","research_cell_id","status")
);
--> statement-breakpoint
CREATE TABLE "supervisor_counts" (
	"term_id" uuid NOT NULL,
	"supervisor_id" uuid,
	"status" "proposal_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "supervisor_counts_uq" UNIQUE NULLS NOT DISTINCT("term_id","supervisor_id","status")
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"role" "role" PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "proposal_counts" ADD CONSTRAINT "proposal_counts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_counts" ADD CONSTRAINT "proposal_counts_research_cell_id_research_cells_id_fk" FOREIGN KEY ("research_cell_id") REFERENCES "public"."research_cells"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_counts" ADD CONSTRAINT "supervisor_counts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_counts" ADD CONSTRAINT "supervisor_counts_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_pending_since_idx" ON "proposals" USING btree ("term_id","pending_since","supervisor_id") WHERE "proposals"."status" = 'Pending';--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_pending_since_ck" CHECK ("proposals"."status" <> 'Pending' or "proposals"."pending_since" is not null);--> statement-breakpoint
-- hand-written (issue 30): the triggers that keep the totals, then the totals of what is there.
-- Each change adds its row's new key and takes away its old one, once, when its transaction
-- commits (deferred), so a count row is held only for the commit's moment and each transaction's
-- own changes are summed before they are written. Keys are written in their order, so two
-- transactions moving proposals between the same two counts take their rows in the same order.
CREATE FUNCTION "thesisdesk_count_proposals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "proposal_counts" AS c ("term_id", "research_cell_id", "status", "n")
  SELECT d.term_id, d.research_cell_id, d.status, sum(d.n)::int
    FROM (SELECT OLD."term_id", OLD."research_cell_id", OLD."status", -1 WHERE TG_OP <> 'INSERT'
          UNION ALL
          SELECT NEW."term_id", NEW."research_cell_id", NEW."status", 1 WHERE TG_OP <> 'DELETE')
         AS d (term_id, research_cell_id, status, n)
   GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("term_id", "research_cell_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "supervisor_counts" AS c ("term_id", "supervisor_id", "status", "n")
  SELECT d.term_id, d.supervisor_id, d.status, sum(d.n)::int
    FROM (SELECT OLD."term_id", OLD."supervisor_id", OLD."status", -1 WHERE TG_OP <> 'INSERT'
          UNION ALL
          SELECT NEW."term_id", NEW."supervisor_id", NEW."status", 1 WHERE TG_OP <> 'DELETE')
         AS d (term_id, supervisor_id, status, n)
   GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("term_id", "supervisor_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "proposals_counted"
  AFTER INSERT OR DELETE OR UPDATE OF "term_id", "research_cell_id", "supervisor_id", "status" ON "proposals"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "thesisdesk_count_proposals"();
--> statement-breakpoint
CREATE FUNCTION "thesisdesk_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_counts" AS c ("role", "n")
  SELECT d.role, sum(d.n)::int
    FROM (SELECT OLD."role", -1 WHERE TG_OP <> 'INSERT' UNION ALL SELECT NEW."role", 1 WHERE TG_OP <> 'DELETE')
         AS d (role, n)
   GROUP BY 1 HAVING sum(d.n) <> 0 ORDER BY 1
  ON CONFLICT ("role") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_counted"
  AFTER INSERT OR DELETE OR UPDATE OF "role" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "thesisdesk_count_users"();
--> statement-breakpoint
-- No change slips between the totals below and the triggers above: writers wait for this migration.
LOCK TABLE "proposals", "users" IN SHARE MODE;
--> statement-breakpoint
INSERT INTO "proposal_counts" ("term_id", "research_cell_id", "status", "n")
SELECT "term_id", "research_cell_id", "status", count(*)::int FROM "proposals" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "supervisor_counts" ("term_id", "supervisor_id", "status", "n")
SELECT "term_id", "supervisor_id", "status", count(*)::int FROM "proposals" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "user_counts" ("role", "n") SELECT "role", count(*)::int FROM "users" GROUP BY 1;
