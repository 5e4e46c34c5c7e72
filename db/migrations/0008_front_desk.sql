-- The front desk (issue 15): notes, call-backs, hand-overs and junk marks on a timeline; an owner,
-- a call-back time, a junk flag and the number's comparable form on each request.
CREATE TABLE "appointment_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"by_user_id" text,
	"by_email" text NOT NULL,
	"body" text,
	"callback_at" timestamp with time zone,
	"owner_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared')),
	CONSTRAINT "appointment_activity_note_check" CHECK ("appointment_activity"."kind" <> 'note' or char_length("appointment_activity"."body") between 1 and 2000),
	CONSTRAINT "appointment_activity_callback_check" CHECK ("appointment_activity"."kind" <> 'callback_set' or "appointment_activity"."callback_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "phone_key" text;--> statement-breakpoint
-- New rows get phone_key from the code (phoneKey, app/lib/indian-phone.ts). Rows stored before get
-- that rule's core here, once: the digits; an Indian number's 10 digits (after a leading 0, 91,
-- 91 0 or 0091) with 91 before them; any other number's digits as written (after a leading 00).
UPDATE "appointments" SET "phone_key" = CASE
  WHEN d ~ '^[1-9][0-9]{9}$' THEN '91' || d
  WHEN d ~ '^0[1-9][0-9]{9}$' THEN '91' || substr(d, 2)
  WHEN d ~ '^91[1-9][0-9]{9}$' THEN d
  WHEN d ~ '^910[1-9][0-9]{9}$' THEN '91' || substr(d, 4)
  WHEN d ~ '^0091[1-9][0-9]{9}$' THEN substr(d, 3)
  WHEN d ~ '^00[1-9]' THEN substr(d, 3)
  ELSE d
END
FROM (SELECT "id" AS row_id, regexp_replace("phone", '[^0-9]', '', 'g') AS d FROM "appointments") AS digits
WHERE "appointments"."id" = digits.row_id;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "callback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "junk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_activity_appointment_idx" ON "appointment_activity" USING btree ("appointment_id","created_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_waiting_idx" ON "appointments" USING btree ("created_at","id") WHERE "appointments"."status" = 'pending' and not "appointments"."junk";--> statement-breakpoint
CREATE INDEX "appointments_callback_idx" ON "appointments" USING btree ("callback_at") WHERE "appointments"."callback_at" is not null and not "appointments"."junk" and "appointments"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "appointments_junk_idx" ON "appointments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "appointments"."junk";--> statement-breakpoint
CREATE INDEX "appointments_phone_key_idx" ON "appointments" USING btree ("phone_key","created_at");--> statement-breakpoint
CREATE INDEX "appointments_owner_idx" ON "appointments" USING btree ("owner_id");--> statement-breakpoint
-- Search by part of a name, a word of an address, part of a number or a pincode's start, on
-- trigram indexes: PostgreSQL's contrib extension pg_trgm (PGlite loads its build of it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "appointments_name_trgm_idx" ON "appointments" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_address_trgm_idx" ON "appointments" USING gin (lower("address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_phone_key_trgm_idx" ON "appointments" USING gin ("phone_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_pincode_trgm_idx" ON "appointments" USING gin ("pincode" gin_trgm_ops);
