CREATE TABLE "access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"appointment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"detail" jsonb,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"erased_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"appointment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"channel" text NOT NULL,
	"recorded_by" text,
	"recorded_by_email" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"done_by_email" text,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_lengths_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notice_version" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_at_idx" ON "access_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_email","at");--> statement-breakpoint
CREATE INDEX "privacy_requests_due_idx" ON "privacy_requests" USING btree ("done_at","due_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_lengths_check" CHECK ("appointments"."erased_at" is not null or (char_length("appointments"."name") between 1 and 100 and char_length("appointments"."phone") between 10 and 30 and char_length(regexp_replace("appointments"."phone", '[^0-9]', '', 'g')) between 10 and 15 and char_length("appointments"."address") between 5 and 200 and ("appointments"."message" is null or char_length("appointments"."message") between 1 and 1000))) NOT VALID;--> statement-breakpoint
-- The access log is append-only: no row is ever changed, and none is deleted before it is a year
-- old (DPDP Rules 2025, r. 6); the retention job then purges the older ones.
CREATE FUNCTION "access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		RAISE EXCEPTION 'access_log rows cannot be changed';
	END IF;
	IF TG_OP = 'TRUNCATE' THEN
		RAISE EXCEPTION 'access_log cannot be emptied';
	END IF;
	IF OLD.at > now() - interval '1 year' THEN
		RAISE EXCEPTION 'access_log rows are kept for at least a year';
	END IF;
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "access_log_append_only" BEFORE UPDATE OR DELETE ON "access_log"
FOR EACH ROW EXECUTE FUNCTION "access_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "access_log_no_truncate" BEFORE TRUNCATE ON "access_log"
FOR EACH STATEMENT EXECUTE FUNCTION "access_log_append_only"();
