CREATE TABLE "travel_times" (
	"place_a" text NOT NULL,
	"place_b" text NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "travel_times_place_a_place_b_pk" PRIMARY KEY("place_a","place_b"),
	CONSTRAINT "travel_times_order_check" CHECK ("travel_times"."place_a" <= "travel_times"."place_b"),
	CONSTRAINT "travel_times_minutes_check" CHECK ("travel_times"."minutes" between 0 and 240),
	CONSTRAINT "travel_times_places_check" CHECK (char_length("travel_times"."place_a") between 1 and 100 and char_length("travel_times"."place_b") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "preferred_times" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "required_language" text;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'need_recorded', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'messages_started', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued', 'payment_link_sent'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_condition_check" CHECK ("appointments"."condition" is null or "appointments"."condition" in ('stroke', 'postSurgery', 'backPain', 'sportsInjury', 'senior'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_preferred_times_check" CHECK ("appointments"."preferred_times" <@ array['morning', 'afternoon', 'evening']::text[]);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_required_language_check" CHECK ("appointments"."required_language" is null or char_length("appointments"."required_language") between 1 and 40);
--> statement-breakpoint
-- The clinic's first estimates between the five areas (decision 050), in minutes by road at
-- working hours; adjusted at /admin/travel. Each pair once, its places in order.
INSERT INTO "travel_times" ("place_a", "place_b", "minutes") VALUES
	('delhi', 'delhi', 45),
	('delhi', 'faridabad', 60),
	('delhi', 'greater-noida', 90),
	('delhi', 'gurugram', 60),
	('delhi', 'noida', 60),
	('faridabad', 'faridabad', 30),
	('faridabad', 'greater-noida', 75),
	('faridabad', 'gurugram', 60),
	('faridabad', 'noida', 60),
	('greater-noida', 'greater-noida', 30),
	('greater-noida', 'gurugram', 120),
	('greater-noida', 'noida', 45),
	('gurugram', 'gurugram', 30),
	('gurugram', 'noida', 90),
	('noida', 'noida', 30)
ON CONFLICT DO NOTHING;
