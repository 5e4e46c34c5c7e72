CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"confirmation_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscriptions_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "newsletter_subscriptions_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "newsletter_subscriptions_state_check" CHECK ("newsletter_subscriptions"."state" in ('pending', 'confirmed', 'unsubscribed')),
	CONSTRAINT "newsletter_subscriptions_confirmed_at_check" CHECK ("newsletter_subscriptions"."state" <> 'confirmed' or "newsletter_subscriptions"."confirmed_at" is not null),
	CONSTRAINT "newsletter_subscriptions_email_check" CHECK ("newsletter_subscriptions"."email" !~ '[A-Z]' and char_length("newsletter_subscriptions"."email") between 3 and 255)
);
