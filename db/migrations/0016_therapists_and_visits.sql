-- Therapists and home visits (issue 28, decision 036): a therapist's profile beside their account,
-- the visits booked for a request, and each visit's life on the request's timeline.
CREATE TABLE "therapists" (
	"user_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"registration_number" text DEFAULT '' NOT NULL,
	"years_of_practice" integer DEFAULT 0 NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"districts" text[] DEFAULT '{}'::text[] NOT NULL,
	"hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"leave" date[] DEFAULT '{}'::date[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"calendar_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapists_calendar_token_hash_unique" UNIQUE("calendar_token_hash"),
	CONSTRAINT "therapists_years_check" CHECK ("therapists"."years_of_practice" between 0 and 70),
	CONSTRAINT "therapists_name_check" CHECK (char_length("therapists"."display_name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"therapist_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"course_id" uuid,
	"course_index" integer,
	"course_size" integer,
	"cancelled_by" text,
	"reason" text,
	"cant_make_reason" text,
	"cant_make_at" timestamp with time zone,
	"note" text,
	"pain_before" integer,
	"pain_after" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_times_check" CHECK ("visits"."ends_at" > "visits"."starts_at" and "visits"."blocked_until" >= "visits"."ends_at"),
	CONSTRAINT "visits_course_check" CHECK (("visits"."course_id" is null) = ("visits"."course_index" is null) and ("visits"."course_id" is null) = ("visits"."course_size" is null) and ("visits"."course_index" is null or "visits"."course_index" between 1 and "visits"."course_size")),
	CONSTRAINT "visits_pain_check" CHECK (("visits"."pain_before" is null or "visits"."pain_before" between 0 and 10) and ("visits"."pain_after" is null or "visits"."pain_after" between 0 and 10)),
	CONSTRAINT "visits_cancelled_check" CHECK ("visits"."status" <> 'cancelled' or "visits"."cancelled_by" is not null),
	CONSTRAINT "visits_note_check" CHECK ("visits"."note" is null or char_length("visits"."note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_check";--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_therapist_id_therapists_user_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapists"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_therapist_idx" ON "visits" USING btree ("therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_appointment_idx" ON "visits" USING btree ("appointment_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_visit_check" CHECK (left("appointment_activity"."kind", 6) <> 'visit_' or "appointment_activity"."visit_id" is not null);--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make'));--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'therapist'));--> statement-breakpoint
-- No double booking, by the database itself: two visits of one therapist that are not cancelled
-- may not hold overlapping times (each holds its own time and the travel after it, until
-- blocked_until). btree_gist gives the therapist's id its equality in the GiST index (PostgreSQL's
-- contrib, a trusted extension; PGlite loads its build of it).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_double_booking" EXCLUDE USING gist ("therapist_id" WITH =, tstzrange("starts_at", "blocked_until") WITH &&) WHERE ("status" <> 'cancelled');
