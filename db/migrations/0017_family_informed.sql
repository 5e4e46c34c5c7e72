-- The family kept informed (issue 29, decision 038): WhatsApp consent on the request, messages to
-- families in the outbox beside the e-mails (channel, WhatsApp's id, delivery), the family's asks
-- to move or cancel a visit, the webhook's deliveries already acted on, and the visits' replies
-- and reminders.
CREATE TABLE "family_asks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"preferred_time" text DEFAULT '' NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	CONSTRAINT "family_asks_kind_check" CHECK ("family_asks"."kind" in ('move', 'cancel')),
	CONSTRAINT "family_asks_via_check" CHECK ("family_asks"."via" in ('status_page', 'whatsapp')),
	CONSTRAINT "family_asks_lengths_check" CHECK (char_length("family_asks"."reason") <= 500 and char_length("family_asks"."preferred_time") <= 200)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_state_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "whatsapp_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sent_by" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reminder_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "family_asks" ADD CONSTRAINT "family_asks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_asks" ADD CONSTRAINT "family_asks_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_asks" ADD CONSTRAINT "family_asks_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_asks_open_idx" ON "family_asks" USING btree ("appointment_id","created_at") WHERE "family_asks"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "family_asks_visit_idx" ON "family_asks" USING btree ("visit_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_visit_idx" ON "notifications" USING btree ("visit_id");--> statement-breakpoint
CREATE INDEX "notifications_by_hand_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."state" = 'by_hand';--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_external_id_idx" ON "notifications" USING btree ("external_id") WHERE "notifications"."external_id" is not null;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_channel_check" CHECK ("notifications"."channel" in ('email', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_state_check" CHECK ("notifications"."state" in ('queued', 'sent', 'failed', 'by_hand', 'skipped'));