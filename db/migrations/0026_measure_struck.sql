ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "measure_results" ADD COLUMN "struck_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "measure_results" ADD COLUMN "struck_by" text;--> statement-breakpoint
ALTER TABLE "measure_results" ADD COLUMN "struck_by_name" text;--> statement-breakpoint
ALTER TABLE "measure_results" ADD COLUMN "struck_reason" text;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_struck_by_users_id_fk" FOREIGN KEY ("struck_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'need_recorded', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'messages_started', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued', 'payment_link_sent', 'assessment_recorded', 'measure_recorded', 'note_signed', 'note_amended', 'programme_set', 'red_flags_handled', 'measure_struck'));--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_struck_check" CHECK (("measure_results"."struck_at" is null and "measure_results"."struck_reason" is null and "measure_results"."struck_by_name" is null) or ("measure_results"."struck_at" is not null and char_length("measure_results"."struck_reason") between 3 and 500 and char_length("measure_results"."struck_by_name") <= 100));--> statement-breakpoint
-- The care record kept (migration 0024), and a measure's strike kept once made (decision 053).
CREATE OR REPLACE FUNCTION "care_record_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'assessments' THEN
		-- The author may only go (their account deleted: ON DELETE SET NULL); nothing else changes.
		IF (NEW.id, NEW.appointment_id, NEW.author_name, NEW.problem, NEW.since,
				NEW.history, NEW.red_flags, NEW.regions, NEW.goals, NEW.supersedes_id, NEW.created_at)
			IS DISTINCT FROM (OLD.id, OLD.appointment_id, OLD.author_name, OLD.problem,
				OLD.since, OLD.history, OLD.red_flags, OLD.regions, OLD.goals, OLD.supersedes_id,
				OLD.created_at)
			OR (NEW.author_id IS DISTINCT FROM OLD.author_id AND NEW.author_id IS NOT NULL) THEN
			RAISE EXCEPTION 'an assessment is corrected by a new one, never changed';
		END IF;
	ELSIF TG_TABLE_NAME = 'measure_results' THEN
		IF (NEW.measure, NEW.score_tenths, NEW.entry, NEW.occasion, NEW.appointment_id, NEW.created_at)
			IS DISTINCT FROM (OLD.measure, OLD.score_tenths, OLD.entry, OLD.occasion,
				OLD.appointment_id, OLD.created_at) THEN
			RAISE EXCEPTION 'a measure is never changed';
		END IF;
		-- Struck out once (decision 053): the strike stays as it was made (its author may only go).
		IF OLD.struck_at IS NOT NULL AND ((NEW.struck_at, NEW.struck_reason, NEW.struck_by_name)
				IS DISTINCT FROM (OLD.struck_at, OLD.struck_reason, OLD.struck_by_name)
			OR (NEW.struck_by IS DISTINCT FROM OLD.struck_by AND NEW.struck_by IS NOT NULL)) THEN
			RAISE EXCEPTION 'a measure struck out stays struck out';
		END IF;
	ELSIF TG_TABLE_NAME = 'visit_notes' THEN
		IF OLD.signed_at IS NOT NULL AND ((NEW.subjective, NEW.objective, NEW.assessment, NEW.plan,
				NEW.signed_at, NEW.amends_id, NEW.visit_id, NEW.appointment_id, NEW.author_name,
				NEW.created_at)
			IS DISTINCT FROM (OLD.subjective, OLD.objective, OLD.assessment, OLD.plan, OLD.signed_at,
				OLD.amends_id, OLD.visit_id, OLD.appointment_id, OLD.author_name, OLD.created_at)
			OR (NEW.author_id IS DISTINCT FROM OLD.author_id AND NEW.author_id IS NOT NULL)) THEN
			RAISE EXCEPTION 'a signed note is amended, never changed';
		END IF;
	END IF;
	RETURN NEW;
END;
$$;
