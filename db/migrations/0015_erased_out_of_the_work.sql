-- The front desk's second pass (issue 27, decision 035): an erased request is no one's work, so
-- the partial indexes of what waits (pending, oldest first) and of the call-backs leave it out, as
-- the queries now do; the erased have their own, for the Erased filter and the count of everything
-- else. And the owners' trail on its own, by request (the "Handed to you" marker; the insights' owner when judged, decision 032).
DROP INDEX "appointments_waiting_idx";--> statement-breakpoint
DROP INDEX "appointments_callback_idx";--> statement-breakpoint
CREATE INDEX "appointment_activity_owner_idx" ON "appointment_activity" USING btree ("appointment_id","created_at") WHERE "appointment_activity"."kind" = 'owner_changed';--> statement-breakpoint
CREATE INDEX "appointments_erased_idx" ON "appointments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "appointments"."erased_at" is not null;--> statement-breakpoint
CREATE INDEX "appointments_waiting_idx" ON "appointments" USING btree ("created_at","id") WHERE "appointments"."status" = 'pending' and not "appointments"."junk" and "appointments"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "appointments_callback_idx" ON "appointments" USING btree ("callback_at") WHERE "appointments"."callback_at" is not null and not "appointments"."junk" and "appointments"."erased_at" is null and "appointments"."status" <> 'completed';