CREATE TABLE "allocation_assignments" (
	"term_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"topic_id" uuid,
	"rank" smallint,
	CONSTRAINT "allocation_assignments_term_id_proposal_id_pk" PRIMARY KEY("term_id","proposal_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_drafts" (
	"term_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"seed" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"made_by" uuid,
	"moved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_preferences" (
	"proposal_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"rank" smallint NOT NULL,
	CONSTRAINT "proposal_preferences_proposal_id_rank_pk" PRIMARY KEY("proposal_id","rank")
);
--> statement-breakpoint
CREATE TABLE "supervisor_rankings" (
	"supervisor_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "supervisor_rankings_supervisor_id_proposal_id_pk" PRIMARY KEY("supervisor_id","proposal_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term_id" uuid NOT NULL,
	"supervisor_id" uuid NOT NULL,
	"research_cell_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"type" "proposal_type" NOT NULL,
	"capacity" integer NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('thesisdesk_search'::regconfig, regexp_replace(title || ' ' || description, '[[:punct:]]+', ' ', 'g'))) STORED,
	CONSTRAINT "topics_capacity_ck" CHECK ("topics"."capacity" >= 1)
);
--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "research_cell_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "supervisor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "topic_id" uuid;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "allocation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "terms" ADD COLUMN "allocation_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "allocation_assignments" ADD CONSTRAINT "allocation_assignments_term_id_allocation_drafts_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."allocation_drafts"("term_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_assignments" ADD CONSTRAINT "allocation_assignments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_assignments" ADD CONSTRAINT "allocation_assignments_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_drafts" ADD CONSTRAINT "allocation_drafts_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_drafts" ADD CONSTRAINT "allocation_drafts_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_preferences" ADD CONSTRAINT "proposal_preferences_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_preferences" ADD CONSTRAINT "proposal_preferences_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_rankings" ADD CONSTRAINT "supervisor_rankings_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_rankings" ADD CONSTRAINT "supervisor_rankings_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_term_id_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."terms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_research_cell_id_research_cells_id_fk" FOREIGN KEY ("research_cell_id") REFERENCES "public"."research_cells"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_preferences_topic_uq" ON "proposal_preferences" USING btree ("proposal_id","topic_id");--> statement-breakpoint
CREATE INDEX "proposal_preferences_topic_idx" ON "proposal_preferences" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "topics_term_title_idx" ON "topics" USING btree ("term_id","title","id");--> statement-breakpoint
CREATE INDEX "topics_supervisor_term_idx" ON "topics" USING btree ("supervisor_id","term_id");--> statement-breakpoint
CREATE INDEX "topics_search_idx" ON "topics" USING gin ("search_words");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_topic_idx" ON "proposals" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_supervisor_cell_ck" CHECK (("proposals"."supervisor_id" is null) = ("proposals"."research_cell_id" is null));