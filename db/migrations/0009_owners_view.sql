CREATE TABLE "weekly_summaries" (
	"week_start" date PRIMARY KEY NOT NULL,
	"notification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "first_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "first_contact_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "landing_path" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sent_from_path" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "referrer_host" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "utm_source" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "utm_medium" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "utm_campaign" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "click_id_param" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "click_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_first_contact_by_users_id_fk" FOREIGN KEY ("first_contact_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_channel_check" CHECK ("appointments"."channel" is null or "appointments"."channel" in ('search', 'ads', 'social', 'direct', 'other'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_source_check" CHECK (("appointments"."landing_path" is null or char_length("appointments"."landing_path") <= 200) and ("appointments"."sent_from_path" is null or char_length("appointments"."sent_from_path") <= 200) and ("appointments"."referrer_host" is null or char_length("appointments"."referrer_host") <= 253) and ("appointments"."utm_source" is null or char_length("appointments"."utm_source") <= 100) and ("appointments"."utm_medium" is null or char_length("appointments"."utm_medium") <= 100) and ("appointments"."utm_campaign" is null or char_length("appointments"."utm_campaign") <= 100) and ("appointments"."click_id_param" is null or "appointments"."click_id_param" in ('gclid', 'gbraid', 'wbraid', 'fbclid', 'msclkid')) and ("appointments"."click_id" is null or char_length("appointments"."click_id") <= 200));--> statement-breakpoint
-- One-off: the requests already worked were first contacted when their status first left pending,
-- by whoever changed it (the audit table has kept every change since migration 0003).
UPDATE "appointments" SET "first_contact_at" = "first"."changed_at", "first_contact_by" = "first"."changed_by"
FROM (
	SELECT DISTINCT ON ("appointment_id") "appointment_id", "changed_at", "changed_by"
	FROM "appointment_status_changes"
	WHERE "from_status" = 'pending' AND "to_status" <> 'pending'
	ORDER BY "appointment_id", "changed_at"
) AS "first"
WHERE "appointments"."id" = "first"."appointment_id";
