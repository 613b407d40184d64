CREATE TABLE "allocation_scenarios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"name" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"made_by" uuid,
	"seed" text NOT NULL,
	"base_draft" text NOT NULL,
	"base" jsonb NOT NULL,
	"capacities" jsonb NOT NULL,
	"result" jsonb,
	"result_digest" text,
	"ran_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "allocation_scenarios" ADD CONSTRAINT "allocation_scenarios_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_scenarios" ADD CONSTRAINT "allocation_scenarios_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_scenarios_term_idx" ON "allocation_scenarios" USING btree ("term_id","made_at");