-- The people lists sort by name, email, student ID or date joined, ties broken by id: one index per
-- sort lets a page walk in order instead of sorting every person of the role (and lets a broad,
-- capped search find its page by walking, see users.repository.ts).
DROP INDEX "users_role_created_idx";--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id");--> statement-breakpoint
CREATE INDEX "users_role_student_id_idx" ON "users" USING btree ("role","student_id","id");--> statement-breakpoint
CREATE INDEX "users_role_created_id_idx" ON "users" USING btree ("role","created_at","id");