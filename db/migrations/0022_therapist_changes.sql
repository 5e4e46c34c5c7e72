CREATE TABLE "therapist_changes" (
	"key" uuid PRIMARY KEY NOT NULL,
	"therapist_id" text NOT NULL,
	"visit_id" uuid,
	"intent" text NOT NULL,
	"status" integer NOT NULL,
	"answer" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_changes_intent_check" CHECK (char_length("therapist_changes"."intent") <= 20)
);
--> statement-breakpoint
ALTER TABLE "therapist_changes" ADD CONSTRAINT "therapist_changes_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_changes" ADD CONSTRAINT "therapist_changes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "therapist_changes_received_idx" ON "therapist_changes" USING btree ("received_at");