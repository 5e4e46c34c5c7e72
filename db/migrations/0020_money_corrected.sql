CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"payer_name" text NOT NULL,
	"language" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"recorded_by" text,
	"recorded_by_email" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amount_check" CHECK ("credit_notes"."amount_paise" between 1 and 100000000),
	CONSTRAINT "credit_notes_texts_check" CHECK (char_length("credit_notes"."reason") <= 500 and char_length("credit_notes"."payer_name") <= 200)
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_appointment_idx" ON "credit_notes" USING btree ("appointment_id","recorded_at");--> statement-breakpoint
CREATE INDEX "credit_notes_payment_idx" ON "credit_notes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "credit_notes_recorded_idx" ON "credit_notes" USING btree ("recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_seq_idx" ON "credit_notes" USING btree ("financial_year","seq");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued'));