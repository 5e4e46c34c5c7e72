CREATE TABLE "appointment_reference_key" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "appointment_reference_key_one_row" CHECK ("appointment_reference_key"."id")
);
--> statement-breakpoint
DROP TABLE "app_secrets" CASCADE;--> statement-breakpoint
-- The cookie key left the database (app/domain/staff/secret-key.server.ts) and session tokens are
-- now stored hashed: the sessions and links of before end here, so that none that a copy or an
-- older backup holds in clear still works. Staff sign in again once; a link is asked for again.
DELETE FROM "sessions";--> statement-breakpoint
DELETE FROM "verifications";--> statement-breakpoint
UPDATE "notifications" SET "payload" = NULL,
	"state" = CASE WHEN "state" = 'queued' THEN 'failed' ELSE "state" END,
	"last_error" = CASE WHEN "state" = 'queued' THEN 'withdrawn by migration 0013: ask for a new link' ELSE "last_error" END
WHERE "kind" IN ('account-confirmation', 'password-reset');--> statement-breakpoint
-- Campaign labels are a visitor's free text: erased with the rest (erasure.server.ts).
UPDATE "appointments" SET "utm_source" = NULL, "utm_medium" = NULL, "utm_campaign" = NULL
WHERE "erased_at" IS NOT NULL;--> statement-breakpoint
-- References by a keyed permutation (decision 023): the sequence's next number, mapped by a
-- six-round Feistel network over 30 bits whose round function is MD5 of the key, the round and
-- the half, walked until it falls among the 31^6 references. Without the key, one reference says
-- nothing of another, nor how many requests came before.
INSERT INTO "appointment_reference_key" ("key")
VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));--> statement-breakpoint
CREATE FUNCTION "keyed_reference_number"(n bigint, key text) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
	x bigint := n;
	l bigint;
	r bigint;
	t bigint;
BEGIN
	LOOP
		l := x >> 15;
		r := x & 32767;
		FOR i IN 1..6 LOOP
			t := r;
			r := l # (('x' || substr(md5(key || ':' || i || ':' || r), 1, 4))::bit(16)::bigint & 32767);
			l := t;
		END LOOP;
		x := (l << 15) | r;
		EXIT WHEN x < 887503681;
	END LOOP;
	RETURN x;
END
$$;--> statement-breakpoint
CREATE FUNCTION "next_appointment_reference"() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	k text;
	num bigint;
	candidate text;
BEGIN
	SELECT "key" INTO k FROM "appointment_reference_key";
	IF k IS NULL THEN
		-- Emptied by hand: a new key; a reference it makes that is taken already is skipped below.
		INSERT INTO "appointment_reference_key" ("key")
		VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
		ON CONFLICT DO NOTHING;
		SELECT "key" INTO k FROM "appointment_reference_key";
	END IF;
	LOOP
		num := keyed_reference_number(nextval('appointment_reference_seq') % 887503681, k);
		SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (num / power(31, i)::bigint % 31)::int + 1, 1), '' ORDER BY i DESC)
		INTO candidate FROM generate_series(0, 5) AS i;
		-- The references made before this numbering (migration 0010) may hold it already.
		EXIT WHEN NOT EXISTS (SELECT 1 FROM "appointments" WHERE "reference" = candidate);
	END LOOP;
	RETURN candidate;
END
$$;
