-- An allocation draft is out of date when its inputs changed (issue 28, DESIGN.md §11, §21,
-- decision 0042): the draft keeps the SHA-256 of the inputs it was made from, instead of a version
-- number that each change had to remember to bump. A draft made before has none (null) and is out
-- of date: the committee runs the allocation again.
ALTER TABLE "allocation_drafts" ADD COLUMN "inputs_digest" text;--> statement-breakpoint
ALTER TABLE "allocation_drafts" DROP COLUMN "version";--> statement-breakpoint
ALTER TABLE "terms" DROP COLUMN "allocation_version";