CREATE TABLE "allocation_certificates" (
	"term_id" uuid PRIMARY KEY NOT NULL,
	"seed" text NOT NULL,
	"inputs" text NOT NULL,
	"inputs_digest" text NOT NULL,
	"moves" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"by_rank" jsonb NOT NULL,
	"unmatched" integer NOT NULL,
	"blocking_pairs" jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
ALTER TABLE "allocation_drafts" ADD COLUMN "moves" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_certificates" ADD CONSTRAINT "allocation_certificates_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_certificates" ADD CONSTRAINT "allocation_certificates_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;