CREATE TABLE "thesis_consents" (
	"thesis_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"public" boolean NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "thesis_consents_thesis_id_student_id_pk" PRIMARY KEY("thesis_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "proposed_visibility" text;--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "embargo_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "visibility" text;--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "thesis_consents" ADD CONSTRAINT "thesis_consents_thesis_id_theses_id_fk" FOREIGN KEY ("thesis_id") REFERENCES "public"."theses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thesis_consents" ADD CONSTRAINT "thesis_consents_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_visibility_ck" CHECK ("theses"."proposed_visibility" is null or "theses"."proposed_visibility" in ('Public', 'Internal', 'Private'));--> statement-breakpoint
ALTER TABLE "theses" ADD CONSTRAINT "theses_released_visibility_ck" CHECK ("theses"."visibility" is null or "theses"."visibility" in ('Public', 'Internal', 'Private'));