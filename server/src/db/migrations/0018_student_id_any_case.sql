-- Student IDs unique in any case (issue 28, DESIGN.md §13): the index moves to lower(student_id).
-- The hand-written check comes first, because it must run before the generated index: a database
-- holding IDs that differ only in case stops start-up here with a message naming them and saying
-- how to fix them, instead of at the index's bare "could not create unique index".
-- hand-written (issue 28)
DO $$
DECLARE
  total int;
  listed text;
  example text;
BEGIN
  SELECT count(*) INTO total FROM (
    SELECT 1 FROM "users" WHERE "student_id" IS NOT NULL
     GROUP BY lower("student_id") HAVING count(*) > 1) d;
  IF total = 0 THEN
    RETURN;
  END IF;
  SELECT string_agg(line, E'\n' ORDER BY k), (array_agg(last_email ORDER BY k))[1] INTO listed, example
    FROM (
      SELECT lower("student_id") AS k,
             '  ' || string_agg(format('%s (%s)', "student_id", "email"), ', ' ORDER BY "created_at", "id") AS line,
             (array_agg("email" ORDER BY "created_at" DESC, "id" DESC))[1] AS last_email
        FROM "users" WHERE "student_id" IS NOT NULL
       GROUP BY lower("student_id") HAVING count(*) > 1
       ORDER BY lower("student_id") LIMIT 50) d;
  RAISE EXCEPTION USING ERRCODE = 'TD002', MESSAGE =
    'ThesisDesk cannot start: student IDs must be unique in any case, and '
    || CASE WHEN total = 1 THEN 'these accounts share one' ELSE total || ' student IDs are shared' END
    || ' (the same ID written in another case):' || E'\n' || listed
    || CASE WHEN total > 50 THEN E'\n  … and ' || (total - 50) || ' more' ELSE '' END
    || E'\nGive each account its own student ID, then start ThesisDesk again. For example:\n'
    || '  npm run cli -- set-student-id --email ' || example || ' --student-id <that student''s own ID>';
END;
$$;
--> statement-breakpoint
DROP INDEX "users_student_id_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "users_student_id_uq" ON "users" USING btree (lower("student_id")) WHERE "users"."student_id" is not null;
