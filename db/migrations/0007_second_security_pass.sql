-- A phone number is counted by its digits (10 to 15, in at most 30 characters). NOT VALID: rows
-- stored before keep what they hold (the check would refuse to be added over them); every row
-- inserted or changed from now on is checked.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_lengths_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_lengths_check" CHECK (char_length("appointments"."name") between 1 and 100 and char_length("appointments"."phone") between 10 and 30 and char_length(regexp_replace("appointments"."phone", '[^0-9]', '', 'g')) between 10 and 15 and char_length("appointments"."address") between 5 and 200 and ("appointments"."message" is null or char_length("appointments"."message") between 1 and 1000)) NOT VALID;--> statement-breakpoint
-- The mailbox an address reaches, whatever its plus or dot variants. New rows get it from the
-- code (mailboxOf); rows stored before get the same rules' core here: lower case, no +tag, and
-- no dots in a Gmail address.
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "mailbox" text;--> statement-breakpoint
UPDATE "newsletter_subscriptions" SET "mailbox" = CASE
  WHEN split_part("email", '@', 2) IN ('gmail.com', 'googlemail.com')
    THEN replace(split_part(split_part("email", '@', 1), '+', 1), '.', '') || '@gmail.com'
  ELSE split_part(split_part("email", '@', 1), '+', 1) || '@' || split_part("email", '@', 2)
END;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ALTER COLUMN "mailbox" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "newsletter_subscriptions_mailbox_idx" ON "newsletter_subscriptions" USING btree ("mailbox");--> statement-breakpoint
-- Whenever a session ends (logout, a password reset or change) or a role is taken away, tell the
-- listeners on staff_access_changed: every instance then checks its open live-update streams
-- again and closes those whose session or role is gone. One notification per statement.
CREATE FUNCTION notify_staff_access_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('staff_access_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sessions_ended
  AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_revoked
  AFTER DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_access_changed();
