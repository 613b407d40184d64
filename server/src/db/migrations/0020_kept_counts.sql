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
-- Once per statement, from its transition tables: each key's rows added less its rows taken away,
-- summed first, so a statement that changes 10,000 proposals writes each total once (one row
-- written again per proposal, within one transaction, walks every earlier version of it: 1.5 ms a
-- proposal). Keys are written in their order, so transactions take the totals' rows in one order.
CREATE FUNCTION "thesisdesk_count_proposals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "proposal_counts" AS c ("term_id", "research_cell_id", "status", "n")
    SELECT "term_id", "research_cell_id", "status", count(*)::int FROM "new_rows"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "research_cell_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "supervisor_counts" AS c ("term_id", "supervisor_id", "status", "n")
    SELECT "term_id", "supervisor_id", "status", count(*)::int FROM "new_rows"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "supervisor_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "proposal_counts" AS c ("term_id", "research_cell_id", "status", "n")
    SELECT "term_id", "research_cell_id", "status", -count(*)::int FROM "old_rows"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "research_cell_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "supervisor_counts" AS c ("term_id", "supervisor_id", "status", "n")
    SELECT "term_id", "supervisor_id", "status", -count(*)::int FROM "old_rows"
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "supervisor_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "proposal_counts" AS c ("term_id", "research_cell_id", "status", "n")
    SELECT "term_id", "research_cell_id", "status", sum(d)::int
      FROM (SELECT "term_id", "research_cell_id", "status", 1 AS d FROM "new_rows"
            UNION ALL SELECT "term_id", "research_cell_id", "status", -1 FROM "old_rows") x
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "research_cell_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
    INSERT INTO "supervisor_counts" AS c ("term_id", "supervisor_id", "status", "n")
    SELECT "term_id", "supervisor_id", "status", sum(d)::int
      FROM (SELECT "term_id", "supervisor_id", "status", 1 AS d FROM "new_rows"
            UNION ALL SELECT "term_id", "supervisor_id", "status", -1 FROM "old_rows") x
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("term_id", "supervisor_id", "status") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "proposals_counted_insert" AFTER INSERT ON "proposals"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_proposals"();
--> statement-breakpoint
CREATE TRIGGER "proposals_counted_update" AFTER UPDATE ON "proposals"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_proposals"();
--> statement-breakpoint
CREATE TRIGGER "proposals_counted_delete" AFTER DELETE ON "proposals"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_proposals"();
--> statement-breakpoint
CREATE FUNCTION "thesisdesk_count_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_counts" AS c ("role", "n")
    SELECT "role", count(*)::int FROM "new_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("role") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "user_counts" AS c ("role", "n")
    SELECT "role", -count(*)::int FROM "old_rows" GROUP BY 1 ORDER BY 1
    ON CONFLICT ("role") DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "user_counts" AS c ("role", "n")
    SELECT "role", sum(d)::int
      FROM (SELECT "role", 1 AS d FROM "new_rows" UNION ALL SELECT "role", -1 FROM "old_rows") x
     GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
    ON CONFLICT ("role") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_users"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_update" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_users"();
--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "thesisdesk_count_users"();
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
