CREATE TABLE "thesis_assessments" (
	"thesis_id" uuid NOT NULL,
	"place" text NOT NULL,
	"examiner_id" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"grades" jsonb NOT NULL,
	"student_comment" text NOT NULL,
	"internal_comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thesis_assessments_thesis_id_place_pk" PRIMARY KEY("thesis_id","place"),
	CONSTRAINT "thesis_assessments_place_ck" CHECK ("thesis_assessments"."place" in ('first', 'second'))
);
--> statement-breakpoint
ALTER TABLE "thesis_assessments" ADD CONSTRAINT "thesis_assessments_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_assessments" ADD CONSTRAINT "thesis_assessments_examiner_id_users_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thesis_assessments_examiner_idx" ON "thesis_assessments" USING btree ("examiner_id");