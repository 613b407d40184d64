-- GIN's fast-update pending list makes the planner price the trigram indexes too high right
-- after bulk inserts (it then scans the table instead). People are added a few at a time, so
-- inserting straight into the index costs nothing noticeable and keeps plans steady.
ALTER INDEX users_name_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX users_email_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX users_student_id_trgm_idx SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_name_trgm_idx'::regclass), gin_clean_pending_list('users_email_trgm_idx'::regclass), gin_clean_pending_list('users_student_id_trgm_idx'::regclass);
