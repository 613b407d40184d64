-- People search (committee lists, the group-member picker) matches any part of a name, email or
-- student ID with ILIKE '%…%'. Trigram indexes answer that without reading the whole table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_student_id_trgm_idx ON users USING gin (student_id gin_trgm_ops);
