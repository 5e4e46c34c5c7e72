ALTER TABLE "appointments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_reference_unique" UNIQUE("reference");--> statement-breakpoint
-- Each request's reference: six characters of an alphabet without look-alikes (no 0, 1, I, L, O),
-- made from a sequence by a permutation of 31^6 numbers (x -> 387420489x + 7919 mod 31^6, 3^18 being
-- prime to 31), so that two requests never share one and neighbours do not look alike.
CREATE SEQUENCE "appointment_reference_seq";--> statement-breakpoint
CREATE FUNCTION "appointment_reference"(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT string_agg(
		substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (((n * 387420489 + 7919) % 887503681) / power(31, i)::bigint % 31)::int + 1, 1),
		'' ORDER BY i DESC)
	FROM generate_series(0, 5) AS i
$$;--> statement-breakpoint
-- The requests stored before: a reference each, so that staff can find any by one.
UPDATE "appointments" SET "reference" = appointment_reference(nextval('appointment_reference_seq'))
WHERE "reference" IS NULL;
