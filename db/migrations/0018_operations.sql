-- Operations (issue 30): the owner's alerts (one open incident per kind, across instances), the
-- backups written (scheduled ones claimed per India day), and when each message was given up, for
-- the alert on messages failed in the last hour. Additions only: the release before this one runs
-- on it unchanged (a rolling upgrade), and the trigger below stamps its failures too.
CREATE TABLE "alert_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"opened_mail_at" timestamp with time zone,
	"resolved_mail_at" timestamp with time zone,
	"mail_held_until" timestamp with time zone,
	CONSTRAINT "alert_incidents_kind_check" CHECK ("alert_incidents"."kind" in ('staff_email', 'patient_messages', 'backup', 'retention', 'disk'))
);
--> statement-breakpoint
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"day" date,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"held_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"file" text,
	"rows" bigint,
	"bytes" bigint,
	CONSTRAINT "backup_runs_kind_check" CHECK ("backup_runs"."kind" in ('scheduled', 'manual')),
	CONSTRAINT "backup_runs_day_check" CHECK (("backup_runs"."kind" = 'scheduled') = ("backup_runs"."day" is not null)),
	CONSTRAINT "backup_runs_finished_check" CHECK (("backup_runs"."finished_at" is null) = ("backup_runs"."file" is null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incidents_open_idx" ON "alert_incidents" USING btree ("kind") WHERE "alert_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alert_incidents_opened_idx" ON "alert_incidents" USING btree ("opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_day_idx" ON "backup_runs" USING btree ("day");--> statement-breakpoint
CREATE INDEX "backup_runs_finished_idx" ON "backup_runs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "notifications_failed_idx" ON "notifications" USING btree ("failed_at") WHERE "notifications"."failed_at" is not null;--> statement-breakpoint
-- A message's failed_at is the moment its delivery was given up, stamped by the database whatever
-- marks it (the e-mail sender, the WhatsApp sender or its webhook, the release before this one);
-- cleared if it leaves the state. Not for an e-mail an erasure stopped before it went
-- (erasure.server.ts's words): nothing failed to deliver, and a restore re-applying the erasure
-- leaves the row as the live one. Only on UPDATE: a restore loads its rows as they were. Messages
-- given up before this migration keep no time (they are not "in the last hour").
CREATE FUNCTION "notifications_failed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.state = 'failed' AND OLD.state IS DISTINCT FROM 'failed'
		AND NEW.last_error IS DISTINCT FROM 'erased before it was sent' THEN
		NEW.failed_at := now();
	ELSIF NEW.state <> 'failed' THEN
		NEW.failed_at := NULL;
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "notifications_failed_at" BEFORE UPDATE OF "state" ON "notifications"
FOR EACH ROW EXECUTE FUNCTION "notifications_failed_at"();