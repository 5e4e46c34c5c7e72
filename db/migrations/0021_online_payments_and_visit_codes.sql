CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" text,
	"event" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"payment_link_id" uuid,
	"gateway_payment_id" text,
	"amount_paise" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	"seen_by" text,
	CONSTRAINT "gateway_events_event_id_unique" UNIQUE("event_id"),
	CONSTRAINT "gateway_events_outcome_check" CHECK ("gateway_events"."outcome" in ('booked', 'repeated', 'refused')),
	CONSTRAINT "gateway_events_texts_check" CHECK (char_length("gateway_events"."event") <= 100 and char_length("gateway_events"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reference_id" text NOT NULL,
	"gateway_id" text,
	"short_url" text,
	"status" text DEFAULT 'creating' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payment_links_reference_id_unique" UNIQUE("reference_id"),
	CONSTRAINT "payment_links_gateway_id_unique" UNIQUE("gateway_id"),
	CONSTRAINT "payment_links_purpose_check" CHECK ("payment_links"."purpose" in ('due', 'package')),
	CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('creating', 'created', 'paid', 'failed')),
	CONSTRAINT "payment_links_amount_check" CHECK ("payment_links"."amount_paise" between 100 and 100000000),
	CONSTRAINT "payment_links_paid_check" CHECK (("payment_links"."status" = 'paid') = ("payment_links"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_method_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "payment_link_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "family_code" text DEFAULT lpad(((('x' || substr(md5(gen_random_uuid()::text), 1, 8))::bit(32)::bigint % 10000))::text, 4, '0') NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "code_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_events" ADD CONSTRAINT "gateway_events_seen_by_users_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_events_refused_idx" ON "gateway_events" USING btree ("received_at") WHERE "gateway_events"."outcome" = 'refused' and "gateway_events"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "payment_links_appointment_idx" ON "payment_links" USING btree ("appointment_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gateway_payment_id_unique" UNIQUE("gateway_payment_id");--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued', 'payment_link_sent'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'upi', 'bank_transfer', 'card', 'online'));--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_family_code_check" CHECK ("visits"."family_code" ~ '^[0-9]{4}$');