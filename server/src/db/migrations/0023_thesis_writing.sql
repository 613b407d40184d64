CREATE TABLE "thesis_declarations" (
	"thesis_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"text" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thesis_declarations_thesis_id_student_id_pk" PRIMARY KEY("thesis_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "thesis_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thesis_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"document_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thesis_extensions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thesis_id" uuid NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_due_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"decided_by" uuid,
	"decided_as" text,
	"decided_at" timestamp with time zone,
	"granted_due_at" timestamp with time zone,
	"previous_due_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thesis_extensions_state_ck" CHECK ("thesis_extensions"."state" in ('open', 'approved', 'refused')),
	CONSTRAINT "thesis_extensions_decided_as_ck" CHECK ("thesis_extensions"."decided_as" is null or "thesis_extensions"."decided_as" in ('supervisor', 'committee'))
);
--> statement-breakpoint
CREATE TABLE "thesis_grades" (
	"thesis_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"grade" text NOT NULL,
	"source" text NOT NULL,
	"set_at" timestamp with time zone NOT NULL,
	CONSTRAINT "thesis_grades_thesis_id_student_id_pk" PRIMARY KEY("thesis_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "thesis_declarations" ADD CONSTRAINT "thesis_declarations_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_declarations" ADD CONSTRAINT "thesis_declarations_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_drafts" ADD CONSTRAINT "thesis_drafts_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_drafts" ADD CONSTRAINT "thesis_drafts_document_id_files_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_drafts" ADD CONSTRAINT "thesis_drafts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_extensions" ADD CONSTRAINT "thesis_extensions_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_extensions" ADD CONSTRAINT "thesis_extensions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_extensions" ADD CONSTRAINT "thesis_extensions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_grades" ADD CONSTRAINT "thesis_grades_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_grades" ADD CONSTRAINT "thesis_grades_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_drafts_number_uq" ON "thesis_drafts" USING btree ("thesis_id","number");--> statement-breakpoint
CREATE INDEX "thesis_drafts_document_idx" ON "thesis_drafts" USING btree ("document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "thesis_extensions_one_open_uq" ON "thesis_extensions" USING btree ("thesis_id") WHERE "thesis_extensions"."state" = 'open';--> statement-breakpoint
CREATE INDEX "thesis_extensions_thesis_idx" ON "thesis_extensions" USING btree ("thesis_id","created_at");