-- The dashboard's orders served by an index each, the id breaking ties (requests stored together
-- share their created_at). The indexes they replace were NULLS LAST, which ORDER BY … DESC cannot use.
DROP INDEX "appointments_created_at_idx";--> statement-breakpoint
DROP INDEX "appointments_status_created_at_idx";--> statement-breakpoint
CREATE INDEX "appointments_newest_idx" ON "appointments" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "appointments_status_newest_idx" ON "appointments" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);