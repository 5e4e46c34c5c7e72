CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"visit_id" uuid,
	"package_id" uuid,
	"price_version_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_kind_check" CHECK ("charges"."kind" in ('package', 'session', 'no_show', 'package_session')),
	CONSTRAINT "charges_shape_check" CHECK (case "charges"."kind" when 'package' then "charges"."package_id" is not null and "charges"."visit_id" is null and "charges"."amount_paise" > 0 when 'package_session' then "charges"."package_id" is not null and "charges"."visit_id" is not null and "charges"."amount_paise" = 0 else "charges"."package_id" is null and "charges"."visit_id" is not null and "charges"."amount_paise" > 0 end)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"price_version_id" uuid NOT NULL,
	"sessions" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"valid_until" date NOT NULL,
	"sessions_used" integer DEFAULT 0 NOT NULL,
	"sold_by" text,
	"sold_by_email" text NOT NULL,
	"sold_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_figures_check" CHECK ("packages"."sessions" between 1 and 60 and "packages"."price_paise" > 0 and "packages"."sessions_used" between 0 and "packages"."sessions")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reason" text,
	"payer_name" text NOT NULL,
	"language" text NOT NULL,
	"financial_year" text,
	"receipt_seq" integer,
	"receipt_number" text,
	"recorded_by" text,
	"recorded_by_email" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"collected_by" text,
	"handed_in_at" timestamp with time zone,
	"handed_in_by" text,
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_direction_check" CHECK ("payments"."direction" in ('in', 'out')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'upi', 'bank_transfer', 'card')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_paise" between 1 and 100000000),
	CONSTRAINT "payments_receipt_check" CHECK (("payments"."direction" = 'in') = ("payments"."receipt_number" is not null) and ("payments"."receipt_number" is null) = ("payments"."receipt_seq" is null) and ("payments"."receipt_seq" is null) = ("payments"."financial_year" is null)),
	CONSTRAINT "payments_reason_check" CHECK ("payments"."direction" = 'in' or char_length("payments"."reason") between 1 and 500),
	CONSTRAINT "payments_texts_check" CHECK (char_length("payments"."reference") <= 100 and char_length("payments"."payer_name") <= 200)
);
--> statement-breakpoint
CREATE TABLE "price_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"home_session_paise" integer NOT NULL,
	"package_sessions" integer NOT NULL,
	"package_price_paise" integer NOT NULL,
	"package_days" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_versions_figures_check" CHECK ("price_versions"."home_session_paise" > 0 and "price_versions"."package_price_paise" > 0 and "price_versions"."package_sessions" between 2 and 60 and "price_versions"."package_days" between 7 and 730)
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_balances" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"charged_paise" bigint DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"owed_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_price_version_id_price_versions_id_fk" FOREIGN KEY ("price_version_id") REFERENCES "public"."price_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_version_id_price_versions_id_fk" FOREIGN KEY ("price_version_id") REFERENCES "public"."price_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_handed_in_by_users_id_fk" FOREIGN KEY ("handed_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_balances" ADD CONSTRAINT "request_balances_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charges_appointment_idx" ON "charges" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_visit_idx" ON "charges" USING btree ("visit_id") WHERE "charges"."visit_id" is not null;--> statement-breakpoint
CREATE INDEX "charges_package_idx" ON "charges" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "packages_appointment_idx" ON "packages" USING btree ("appointment_id","sold_at");--> statement-breakpoint
CREATE INDEX "packages_sold_idx" ON "packages" USING btree ("sold_at");--> statement-breakpoint
CREATE INDEX "packages_valid_idx" ON "packages" USING btree ("valid_until");--> statement-breakpoint
CREATE INDEX "payments_appointment_idx" ON "payments" USING btree ("appointment_id","recorded_at");--> statement-breakpoint
CREATE INDEX "payments_cash_held_idx" ON "payments" USING btree ("collected_by","recorded_at") WHERE "payments"."method" = 'cash' and "payments"."collected_by" is not null and "payments"."handed_in_at" is null;--> statement-breakpoint
CREATE INDEX "payments_recorded_idx" ON "payments" USING btree ("recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_receipt_seq_idx" ON "payments" USING btree ("financial_year","receipt_seq") WHERE "payments"."receipt_seq" is not null;--> statement-breakpoint
CREATE INDEX "price_versions_from_idx" ON "price_versions" USING btree ("effective_from");--> statement-breakpoint
CREATE INDEX "request_balances_owed_idx" ON "request_balances" USING btree ("owed_since") WHERE "request_balances"."charged_paise" > "request_balances"."paid_paise";--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'package_sold', 'payment_received', 'payment_refunded'));