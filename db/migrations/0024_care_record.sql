CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"visit_id" uuid,
	"author_id" text,
	"author_name" text NOT NULL,
	"problem" text NOT NULL,
	"since" text DEFAULT '' NOT NULL,
	"history" text DEFAULT '' NOT NULL,
	"red_flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"goals" text[] DEFAULT '{}'::text[] NOT NULL,
	"supersedes_id" uuid,
	"flags_handled_at" timestamp with time zone,
	"flags_handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessments_text_check" CHECK (char_length("assessments"."problem") between 1 and 2000 and char_length("assessments"."since") <= 200 and char_length("assessments"."history") <= 4000 and char_length("assessments"."author_name") <= 100),
	CONSTRAINT "assessments_lists_check" CHECK (cardinality("assessments"."goals") <= 3 and cardinality("assessments"."red_flags") <= 20 and jsonb_typeof("assessments"."regions") = 'array' and jsonb_array_length("assessments"."regions") <= 30)
);
--> statement-breakpoint
CREATE TABLE "exercise_ticks" (
	"programme_id" uuid NOT NULL,
	"day" date NOT NULL,
	"exercise" text NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_ticks_programme_id_day_exercise_pk" PRIMARY KEY("programme_id","day","exercise")
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"key" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_hi" text NOT NULL,
	"purpose_en" text NOT NULL,
	"purpose_hi" text NOT NULL,
	"how_en" text[] NOT NULL,
	"how_hi" text[] NOT NULL,
	"sets" integer NOT NULL,
	"reps" integer NOT NULL,
	"hold_seconds" integer,
	"times_per_day" integer NOT NULL,
	"stop_if_en" text NOT NULL,
	"stop_if_hi" text NOT NULL,
	"conditions" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercises_key_check" CHECK ("exercises"."key" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "exercises_numbers_check" CHECK ("exercises"."sets" between 1 and 10 and "exercises"."reps" between 1 and 100 and ("exercises"."hold_seconds" is null or "exercises"."hold_seconds" between 1 and 300) and "exercises"."times_per_day" between 1 and 6)
);
--> statement-breakpoint
CREATE TABLE "measure_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"visit_id" uuid,
	"author_id" text,
	"measure" text NOT NULL,
	"occasion" text NOT NULL,
	"score_tenths" integer NOT NULL,
	"entry" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measure_results_measure_check" CHECK ("measure_results"."measure" in ('nprs', 'psfs', 'barthel', 'berg', 'tug', 'chair_stand', 'lefs')),
	CONSTRAINT "measure_results_score_check" CHECK ("measure_results"."score_tenths" >= 0 and "measure_results"."score_tenths" <= case "measure_results"."measure" when 'nprs' then 100 when 'psfs' then 100 when 'barthel' then 1000 when 'berg' then 560 when 'lefs' then 800 when 'tug' then 6000 else 1000 end),
	CONSTRAINT "measure_results_entry_check" CHECK (pg_column_size("measure_results"."entry") <= 8192)
);
--> statement-breakpoint
CREATE TABLE "programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"author_id" text,
	"items" jsonb NOT NULL,
	"starts_on" date NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programmes_items_check" CHECK (jsonb_typeof("programmes"."items") = 'array' and jsonb_array_length("programmes"."items") between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "visit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"visit_id" uuid NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone,
	"amends_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_notes_text_check" CHECK (char_length("visit_notes"."subjective") <= 4000 and char_length("visit_notes"."objective") <= 4000 and char_length("visit_notes"."assessment") <= 4000 and char_length("visit_notes"."plan") <= 4000 and char_length("visit_notes"."author_name") <= 100),
	CONSTRAINT "visit_notes_amendment_check" CHECK ("visit_notes"."amends_id" is null or "visit_notes"."signed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointment_activity" DROP CONSTRAINT "appointment_activity_kind_check";--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_supersedes_id_assessments_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_ticks" ADD CONSTRAINT "exercise_ticks_programme_id_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measure_results" ADD CONSTRAINT "measure_results_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programmes" ADD CONSTRAINT "programmes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_amends_id_visit_notes_id_fk" FOREIGN KEY ("amends_id") REFERENCES "public"."visit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessments_appointment_idx" ON "assessments" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "assessments_flags_idx" ON "assessments" USING btree ("created_at") WHERE "assessments"."red_flags" <> '{}' and "assessments"."flags_handled_at" is null;--> statement-breakpoint
CREATE INDEX "measure_results_appointment_idx" ON "measure_results" USING btree ("appointment_id","measure","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "programmes_current_idx" ON "programmes" USING btree ("appointment_id") WHERE "programmes"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "programmes_current_start_idx" ON "programmes" USING btree ("starts_on") WHERE "programmes"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "visit_notes_appointment_idx" ON "visit_notes" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_notes_one_per_visit_idx" ON "visit_notes" USING btree ("visit_id") WHERE "visit_notes"."amends_id" is null;--> statement-breakpoint
CREATE INDEX "visits_cant_make_idx" ON "visits" USING btree ("appointment_id") WHERE "visits"."cant_make_at" is not null and "visits"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "appointment_activity" ADD CONSTRAINT "appointment_activity_kind_check" CHECK ("appointment_activity"."kind" in ('note', 'callback_set', 'callback_cleared', 'owner_changed', 'junk_marked', 'junk_cleared', 'visit_booked', 'visit_moved', 'visit_done', 'visit_no_show', 'visit_cancelled', 'visit_cant_make', 'need_recorded', 'family_asked', 'family_ask_handled', 'visit_confirmed', 'message_failed', 'message_sent_by_hand', 'messages_stopped', 'messages_started', 'package_sold', 'payment_received', 'payment_refunded', 'credit_note_issued', 'payment_link_sent', 'assessment_recorded', 'measure_recorded', 'note_signed', 'note_amended', 'programme_set', 'red_flags_handled'));--> statement-breakpoint
-- The care record is corrected by adding, never by changing (decision 051): an assessment only
-- takes the desk's handling of its red flags; a measure never changes; a note changes only while
-- it is a draft. Deleting stays possible: the record goes with the request's personal data.
CREATE FUNCTION "care_record_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;--> statement-breakpoint
CREATE TRIGGER "assessments_kept" BEFORE UPDATE ON "assessments"
FOR EACH ROW EXECUTE FUNCTION "care_record_kept"();--> statement-breakpoint
CREATE TRIGGER "measure_results_kept" BEFORE UPDATE ON "measure_results"
FOR EACH ROW EXECUTE FUNCTION "care_record_kept"();--> statement-breakpoint
CREATE TRIGGER "visit_notes_kept" BEFORE UPDATE ON "visit_notes"
FOR EACH ROW EXECUTE FUNCTION "care_record_kept"();
--> statement-breakpoint
-- The clinic's starting library (decision 051; app/domain/care/exercise-library.ts, where its
-- words were written and checked against the glossary): kept by admins from here on.
INSERT INTO "exercises" ("key", "name_en", "name_hi", "purpose_en", "purpose_hi", "how_en", "how_hi", "sets", "reps", "hold_seconds", "times_per_day", "stop_if_en", "stop_if_hi", "conditions") VALUES
	('sit-to-stand', 'Sit to stand', 'कुर्सी से उठना-बैठना', 'Builds leg strength for getting up from a chair on your own.', 'कुर्सी से खुद उठ पाने के लिए पैरों की ताकत बढ़ाती है।', ARRAY['Have a family member stand close beside you.', 'Sit near the front of a sturdy chair with armrests, feet flat and apart.', 'Lean forward so your nose comes over your toes.', 'Push through both feet and stand up, using the armrests if needed.', 'Stand tall for a moment, then reach back for the chair and sit down slowly.']::text[], ARRAY['परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'हत्थे वाली मज़बूत कुर्सी के आगे वाले हिस्से पर बैठें, पैर सपाट और थोड़े खुले रखें।', 'आगे झुकें, ताकि नाक पंजों के ऊपर आ जाए।', 'दोनों पैरों पर ज़ोर देकर खड़े हों; ज़रूरत हो तो हत्थों का सहारा लें।', 'एक पल सीधे खड़े रहें, फिर हाथ से कुर्सी को छूकर धीरे-धीरे बैठें।']::text[], 2, 5, NULL, 2, 'Stop if you feel dizzy, unsteady or short of breath, or have chest pain.', 'चक्कर आए, लड़खड़ाहट हो, साँस फूले या सीने में दर्द हो तो रुक जाएँ।', ARRAY['stroke', 'senior']::text[]),
	('bridging', 'Bridging', 'ब्रिज (कूल्हे उठाना)', 'Strengthens the hips and lower back for turning in bed and standing up.', 'बिस्तर में करवट लेने और खड़े होने के लिए कूल्हों और कमर को मज़बूत करती है।', ARRAY['Lie on your back on the bed, knees bent, feet flat.', 'Tighten your stomach and buttocks.', 'Lift your hips a little off the bed and hold.', 'Lower slowly. Breathe normally throughout.']::text[], ARRAY['बिस्तर पर पीठ के बल लेटें, घुटने मोड़ें और पैर सपाट रखें।', 'पेट और कूल्हों की मांसपेशियाँ कसें।', 'कूल्हों को बिस्तर से थोड़ा ऊपर उठाएँ और रोके रखें।', 'धीरे-धीरे नीचे आएँ। पूरे समय सामान्य रूप से साँस लेते रहें।']::text[], 2, 10, 5, 2, 'Stop if your back or hips hurt more, or you feel dizzy.', 'कमर या कूल्हों का दर्द बढ़े या चक्कर आए तो रुक जाएँ।', ARRAY['stroke', 'backPain', 'sportsInjury']::text[]),
	('seated-weight-shifts', 'Seated weight shifts', 'बैठकर वज़न दाएँ-बाएँ करना', 'Improves sitting balance and teaches you to put weight on the weaker side.', 'बैठने का संतुलन सुधारती है और कमज़ोर तरफ़ पर वज़न डालना सिखाती है।', ARRAY['Sit on the edge of the bed or a sturdy chair, feet flat on the floor.', 'Have a family member sit or stand close by.', 'Keeping your trunk upright, slowly shift your weight onto one hip and hold.', 'Come back to the middle, then shift to the other side.']::text[], ARRAY['बिस्तर के किनारे या मज़बूत कुर्सी पर बैठें, पैर ज़मीन पर सपाट रखें।', 'परिवार का कोई सदस्य पास बैठे या खड़ा रहे।', 'शरीर सीधा रखते हुए धीरे-धीरे वज़न एक कूल्हे पर ले जाएँ और रोके रखें।', 'बीच में लौटें, फिर दूसरी तरफ़ करें।']::text[], 2, 10, 3, 2, 'Stop if you feel dizzy or start to slip.', 'चक्कर आए या फिसलने लगें तो रुक जाएँ।', ARRAY['stroke']::text[]),
	('seated-reaching', 'Seated reaching', 'बैठकर हाथ आगे बढ़ाना', 'Trains balance and arm control for everyday tasks like picking things up.', 'चीज़ें उठाने जैसे रोज़ के कामों के लिए संतुलन और हाथ पर काबू सुधारती है।', ARRAY['Sit on a sturdy chair, feet flat, with a family member beside you.', 'Put a cup or a ball on a table in front, a little beyond easy reach.', 'Reach forward with the weaker arm, helped if needed, and touch it.', 'Sit back up straight. Try reaching to the side as well.']::text[], ARRAY['मज़बूत कुर्सी पर बैठें, पैर सपाट रखें; परिवार का कोई सदस्य पास रहे।', 'सामने मेज़ पर कप या गेंद रखें, हाथ की पहुँच से थोड़ा आगे।', 'कमज़ोर हाथ आगे बढ़ाकर उसे छुएँ; ज़रूरत हो तो मदद लें।', 'वापस सीधे बैठें। बगल की ओर भी हाथ बढ़ाकर देखें।']::text[], 2, 10, NULL, 2, 'Stop if your shoulder hurts, or you feel dizzy or unsteady.', 'कंधे में दर्द हो, चक्कर आए या लड़खड़ाहट हो तो रुक जाएँ।', ARRAY['stroke', 'senior']::text[]),
	('hand-squeezes', 'Hand squeezes', 'हाथ से गेंद दबाना', 'Builds grip strength in the weaker hand.', 'कमज़ोर हाथ की पकड़ मज़बूत करती है।', ARRAY['Sit with your forearm resting on a table or a pillow.', 'Hold a soft ball or a small rolled-up towel.', 'Squeeze it gently and hold.', 'Let go and open your fingers fully.']::text[], ARRAY['बैठकर बाँह को मेज़ या तकिए पर टिकाएँ।', 'हाथ में नरम गेंद या लपेटा हुआ छोटा तौलिया पकड़ें।', 'धीरे से दबाएँ और रोके रखें।', 'ढीला छोड़ें और उँगलियाँ पूरी खोलें।']::text[], 2, 10, 3, 3, 'Stop if the hand or wrist hurts or swells.', 'हाथ या कलाई में दर्द या सूजन हो तो रुक जाएँ।', ARRAY['stroke']::text[]),
	('ankle-pumps', 'Ankle pumps', 'एंकल पंप (पंजे ऊपर-नीचे करना)', 'Keeps the blood moving in your legs while you rest in bed.', 'बिस्तर पर आराम के दिनों में पैरों में खून का बहाव ठीक रखती है।', ARRAY['Lie or sit with your legs straight out.', 'Pull both feet up towards you.', 'Then point them away, as if pressing a pedal.', 'Keep a steady rhythm, moving the ankles fully.']::text[], ARRAY['पैर सीधे फैलाकर लेटें या बैठें।', 'दोनों पंजों को अपनी ओर खींचें।', 'फिर पंजों को नीचे की ओर दबाएँ, जैसे पैडल दबाते हैं।', 'एक ही लय में करें और टखनों को पूरा हिलाएँ।']::text[], 1, 20, NULL, 4, 'Stop and call the doctor if the calf is painful, swollen, warm or red, or you suddenly feel short of breath.', 'पिंडली में दर्द, सूजन, गर्माहट या लाली हो, या अचानक साँस फूले, तो रुकें और डॉक्टर को फ़ोन करें।', ARRAY['postSurgery', 'stroke']::text[]),
	('quadriceps-sets', 'Quadriceps sets', 'क्वाड्रिसेप्स सेट (जाँघ कसना)', 'Wakes up the thigh muscle and helps straighten the knee after surgery.', 'सर्जरी के बाद जाँघ की मांसपेशी को सक्रिय करती है और घुटना सीधा करने में मदद करती है।', ARRAY['Lie on your back with the leg straight.', 'Tighten the thigh, pressing the back of the knee down into the bed.', 'Hold, breathing normally.', 'Relax fully before the next one.']::text[], ARRAY['पीठ के बल लेटें, पैर सीधा रखें।', 'जाँघ कसें, ताकि घुटने का पिछला हिस्सा बिस्तर में दबे।', 'सामान्य रूप से साँस लेते हुए रोके रखें।', 'अगली बार से पहले पूरा ढीला छोड़ें।']::text[], 2, 10, 5, 3, 'Stop if the knee pain turns sharp or much worse.', 'घुटने में तेज़ दर्द हो या दर्द बहुत बढ़े तो रुक जाएँ।', ARRAY['postSurgery', 'sportsInjury']::text[]),
	('buttock-squeezes', 'Buttock squeezes', 'कूल्हे की मांसपेशियाँ कसना', 'Keeps the hip muscles working after hip or knee surgery.', 'कूल्हे या घुटने की सर्जरी के बाद कूल्हे की मांसपेशियों को सक्रिय रखती है।', ARRAY['Lie on your back with your legs straight.', 'Squeeze your buttocks together firmly.', 'Hold, breathing normally.', 'Relax.']::text[], ARRAY['पीठ के बल लेटें, पैर सीधे रखें।', 'दोनों कूल्हों की मांसपेशियों को कसकर दबाएँ।', 'सामान्य रूप से साँस लेते हुए रोके रखें।', 'ढीला छोड़ें।']::text[], 2, 10, 5, 3, 'Stop if the hip or the operation site hurts more.', 'कूल्हे में या ऑपरेशन की जगह पर दर्द बढ़े तो रुक जाएँ।', ARRAY['postSurgery']::text[]),
	('heel-slides', 'Heel slides', 'हील स्लाइड (एड़ी खिसकाना)', 'Gently increases how far the knee bends.', 'घुटने का मुड़ना धीरे-धीरे बढ़ाती है।', ARRAY['Lie on your back on the bed, legs straight.', 'Slide the heel of the operated leg towards your bottom, bending the knee.', 'Bend only as far as is comfortable and your surgeon allows.', 'Slide back until the leg is straight.']::text[], ARRAY['बिस्तर पर पीठ के बल लेटें, पैर सीधे रखें।', 'ऑपरेशन वाले पैर की एड़ी को कूल्हे की ओर खिसकाएँ, ताकि घुटना मुड़े।', 'उतना ही मोड़ें जितना आराम से हो और सर्जन ने कहा हो।', 'वापस खिसकाकर पैर सीधा करें।']::text[], 2, 10, NULL, 3, 'Stop if the knee hurts sharply, or the wound bleeds or leaks.', 'घुटने में तेज़ दर्द हो, या घाव से खून या पानी आए तो रुक जाएँ।', ARRAY['postSurgery', 'sportsInjury']::text[]),
	('straight-leg-raise', 'Straight leg raise', 'सीधा पैर उठाना', 'Strengthens the thigh so the knee stays straight when you walk.', 'जाँघ को मज़बूत करती है, ताकि चलते समय घुटना सीधा टिका रहे।', ARRAY['Lie on your back. Bend the other knee, foot flat on the bed.', 'Tighten the thigh of the straight leg.', 'Lift the straight leg to the height of the other knee.', 'Lower it slowly, keeping the knee straight throughout.']::text[], ARRAY['पीठ के बल लेटें। दूसरा घुटना मोड़कर पैर बिस्तर पर सपाट रखें।', 'सीधे पैर की जाँघ कसें।', 'सीधे पैर को दूसरे घुटने की ऊँचाई तक उठाएँ।', 'धीरे-धीरे नीचे लाएँ; पूरे समय घुटना सीधा रखें।']::text[], 2, 10, NULL, 2, 'Stop if your back, hip or knee hurts more.', 'कमर, कूल्हे या घुटने का दर्द बढ़े तो रुक जाएँ।', ARRAY['postSurgery', 'sportsInjury']::text[]),
	('short-arc-quads', 'Short arc quads', 'शॉर्ट आर्क क्वाड (घुटना सीधा करना)', 'Strengthens the thigh to straighten the knee fully.', 'घुटने को पूरा सीधा करने के लिए जाँघ मज़बूत करती है।', ARRAY['Lie on your back with a rolled towel or a pillow under the knee.', 'Lift the heel off the bed until the knee is straight.', 'Keep the back of the knee on the roll, and hold.', 'Lower the heel slowly.']::text[], ARRAY['पीठ के बल लेटें, घुटने के नीचे लपेटा हुआ तौलिया या तकिया रखें।', 'एड़ी को बिस्तर से उठाकर घुटना सीधा करें।', 'घुटने का पिछला हिस्सा तौलिये पर टिका रहे; रोके रखें।', 'एड़ी धीरे-धीरे नीचे लाएँ।']::text[], 2, 10, 3, 3, 'Stop if the knee hurts sharply.', 'घुटने में तेज़ दर्द हो तो रुक जाएँ।', ARRAY['postSurgery', 'senior']::text[]),
	('pelvic-tilt', 'Pelvic tilt', 'पेल्विक टिल्ट (कमर बिस्तर पर दबाना)', 'Eases lower back stiffness and teaches control of the lower back.', 'कमर की जकड़न कम करती है और कमर पर काबू रखना सिखाती है।', ARRAY['Lie on your back on the bed, knees bent, feet flat.', 'Tighten your stomach and gently press your lower back into the bed.', 'Hold, breathing normally.', 'Relax.']::text[], ARRAY['बिस्तर पर पीठ के बल लेटें, घुटने मोड़ें और पैर सपाट रखें।', 'पेट कसें और कमर को हल्के से बिस्तर पर दबाएँ।', 'सामान्य रूप से साँस लेते हुए रोके रखें।', 'ढीला छोड़ें।']::text[], 2, 10, 5, 2, 'Stop if the pain gets worse or spreads down your leg.', 'दर्द बढ़े या पैर में नीचे तक फैले तो रुक जाएँ।', ARRAY['backPain']::text[]),
	('cat-camel', 'Cat-camel', 'कैट-कैमल (पीठ गोल करना और ढीली छोड़ना)', 'Gently moves the whole spine to ease stiffness.', 'पूरी रीढ़ को हल्के से हिलाकर जकड़न कम करती है।', ARRAY['Get on your hands and knees: hands under shoulders, knees under hips.', 'Breathe out and slowly round your back up, tucking your chin in.', 'Breathe in and let your back dip gently, lifting your head.', 'Move slowly, only as far as is comfortable.']::text[], ARRAY['हाथों और घुटनों के बल आ जाएँ: हाथ कंधों के नीचे, घुटने कूल्हों के नीचे।', 'साँस छोड़ते हुए धीरे-धीरे पीठ ऊपर की ओर गोल करें, ठुड्डी अंदर लें।', 'साँस लेते हुए पीठ को हल्का नीचे आने दें और सिर उठाएँ।', 'धीरे-धीरे करें, बस आराम की हद तक।']::text[], 1, 10, NULL, 2, 'Stop if the pain gets worse or spreads down your leg. Leave it out if kneeling hurts.', 'दर्द बढ़े या पैर में नीचे तक फैले तो रुक जाएँ। घुटने टेकने में दर्द हो तो इसे न करें।', ARRAY['backPain']::text[]),
	('chin-tucks', 'Chin tucks', 'चिन टक (ठुड्डी पीछे लेना)', 'Eases neck pain and helps you hold your head in a better position.', 'गर्दन का दर्द कम करती है और सिर को सही जगह पर रखना सिखाती है।', ARRAY['Sit up straight on a chair, looking ahead.', 'Slide your chin straight back, as if making a double chin.', 'Keep your eyes level; do not tip your head down.', 'Hold, then relax.']::text[], ARRAY['कुर्सी पर सीधे बैठें और सामने देखें।', 'ठुड्डी को सीधे पीछे खिसकाएँ, जैसे डबल चिन बनाते हैं।', 'नज़र सीधी रखें; सिर नीचे न झुकाएँ।', 'रोके रखें, फिर ढीला छोड़ें।']::text[], 2, 10, 5, 3, 'Stop if you feel dizzy, or pain or tingling goes into your arm.', 'चक्कर आए, या दर्द या झुनझुनी बाँह में जाए तो रुक जाएँ।', ARRAY['backPain']::text[]),
	('knee-to-chest', 'Knee to chest', 'घुटना छाती की ओर', 'Gently stretches the lower back and buttocks.', 'कमर और कूल्हों में हल्का खिंचाव देती है।', ARRAY['Lie on your back on the bed, knees bent, feet flat.', 'Hold one knee from behind and gently bring it towards your chest.', 'Stop at a comfortable stretch, and hold.', 'Lower it slowly and change legs.']::text[], ARRAY['बिस्तर पर पीठ के बल लेटें, घुटने मोड़ें और पैर सपाट रखें।', 'एक घुटने को पीछे से पकड़ें और धीरे-धीरे छाती की ओर लाएँ।', 'जहाँ आराम से खिंचाव लगे, वहीं रुककर रोके रखें।', 'धीरे-धीरे नीचे लाएँ और पैर बदलें।']::text[], 1, 5, 20, 2, 'Stop if the pain is sharp or spreads down your leg.', 'तेज़ दर्द हो या दर्द पैर में नीचे तक फैले तो रुक जाएँ।', ARRAY['backPain']::text[]),
	('shoulder-blade-squeeze', 'Shoulder blade squeeze', 'कंधे पीछे खींचना', 'Eases the neck and shoulder strain of long sitting.', 'देर तक बैठने से गर्दन और कंधों पर आने वाला खिंचाव कम करती है।', ARRAY['Sit or stand tall, arms relaxed at your sides.', 'Draw both shoulders back and down, so the upper back tightens.', 'Do not shrug or push your chin forward.', 'Hold, then relax.']::text[], ARRAY['सीधे बैठें या खड़े हों, बाँहें बगल में ढीली रखें।', 'दोनों कंधे पीछे और नीचे की ओर खींचें, ताकि पीठ का ऊपरी हिस्सा कसे।', 'कंधे ऊपर न उचकाएँ और ठुड्डी आगे न निकालें।', 'रोके रखें, फिर ढीला छोड़ें।']::text[], 2, 10, 5, 3, 'Stop if pain or tingling goes into your arm.', 'दर्द या झुनझुनी बाँह में जाए तो रुक जाएँ।', ARRAY['backPain', 'senior']::text[]),
	('knee-rolls', 'Knee rolls', 'घुटने दाएँ-बाएँ झुकाना', 'Eases lower back stiffness with a gentle twist.', 'हल्के मोड़ से कमर की जकड़न कम करती है।', ARRAY['Lie on your back, knees bent and together, feet flat.', 'Keep both shoulders on the bed.', 'Slowly let both knees roll to one side, only as far as is comfortable.', 'Bring them back to the middle, then roll to the other side.']::text[], ARRAY['पीठ के बल लेटें, घुटने मोड़कर आपस में सटाएँ, पैर सपाट रखें।', 'दोनों कंधे बिस्तर पर टिके रहें।', 'दोनों घुटनों को धीरे-धीरे एक तरफ़ झुकाएँ, बस आराम की हद तक।', 'वापस बीच में लाएँ, फिर दूसरी तरफ़ झुकाएँ।']::text[], 1, 10, NULL, 2, 'Stop if the pain gets worse or spreads down your leg.', 'दर्द बढ़े या पैर में नीचे तक फैले तो रुक जाएँ।', ARRAY['backPain']::text[]),
	('heel-raises', 'Heel raises', 'एड़ियाँ उठाना', 'Strengthens the calves for steadier walking and balance.', 'पिंडलियों को मज़बूत करती है, ताकि चलना और संतुलन स्थिर रहे।', ARRAY['Stand behind a sturdy chair and hold its back with both hands.', 'Have a family member stand close beside you.', 'Rise slowly onto your toes.', 'Lower your heels slowly to the floor.']::text[], ARRAY['मज़बूत कुर्सी के पीछे खड़े होकर उसकी पीठ दोनों हाथों से पकड़ें।', 'परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'धीरे-धीरे पंजों के बल ऊपर उठें।', 'एड़ियाँ धीरे-धीरे ज़मीन पर लाएँ।']::text[], 2, 10, NULL, 2, 'Stop if you feel dizzy or unsteady, or your calf or ankle hurts.', 'चक्कर आए, लड़खड़ाहट हो, या पिंडली या टखने में दर्द हो तो रुक जाएँ।', ARRAY['senior', 'sportsInjury']::text[]),
	('seated-toe-raises', 'Seated toe raises', 'बैठकर पंजे उठाना', 'Strengthens the front of the shins, so the toes clear the floor and you trip less.', 'पिंडली के आगे की मांसपेशी मज़बूत करती है, ताकि पंजा ज़मीन में न अटके और ठोकर कम लगे।', ARRAY['Sit on a sturdy chair, feet flat on the floor.', 'Keep your heels down and lift your toes and the front of your feet.', 'Lower them slowly.']::text[], ARRAY['मज़बूत कुर्सी पर बैठें, पैर ज़मीन पर सपाट रखें।', 'एड़ियाँ ज़मीन पर रखते हुए पंजे ऊपर उठाएँ।', 'धीरे-धीरे नीचे रखें।']::text[], 2, 10, NULL, 2, 'Stop if your ankle or shin hurts.', 'टखने या पिंडली में दर्द हो तो रुक जाएँ।', ARRAY['senior', 'stroke']::text[]),
	('tandem-stance', 'Tandem stance (heel to toe)', 'एक पैर के आगे दूसरा रखकर खड़े होना', 'Trains standing balance to lower the risk of falls.', 'खड़े होने का संतुलन सुधारकर गिरने का खतरा कम करती है।', ARRAY['Stand behind a sturdy chair and hold its back with both hands.', 'Have a family member stand close beside you.', 'Place one foot straight in front of the other, heel touching toes.', 'Hold, then swap feet.']::text[], ARRAY['मज़बूत कुर्सी के पीछे खड़े होकर उसकी पीठ दोनों हाथों से पकड़ें।', 'परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'एक पैर ठीक दूसरे के आगे रखें, ताकि एड़ी पीछे वाले पंजे को छुए।', 'रोके रखें, फिर पैर बदलें।']::text[], 1, 4, 10, 2, 'Stop if you feel dizzy or start to lose your balance.', 'चक्कर आए या संतुलन बिगड़ने लगे तो रुक जाएँ।', ARRAY['senior', 'stroke']::text[]),
	('single-leg-stance', 'Single leg stance (with support)', 'सहारे के साथ एक पैर पर खड़े होना', 'Builds the balance needed for steps and stairs.', 'कदम बढ़ाने और सीढ़ियों के लिए ज़रूरी संतुलन बनाती है।', ARRAY['Stand behind a sturdy chair and hold its back with both hands.', 'Have a family member stand close beside you.', 'Lift one foot a little off the floor.', 'Hold, then put it down and change legs.']::text[], ARRAY['मज़बूत कुर्सी के पीछे खड़े होकर उसकी पीठ दोनों हाथों से पकड़ें।', 'परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'एक पैर ज़मीन से थोड़ा ऊपर उठाएँ।', 'रोके रखें, फिर नीचे रखें और पैर बदलें।']::text[], 1, 4, 10, 2, 'Stop if you feel dizzy or start to lose your balance.', 'चक्कर आए या संतुलन बिगड़ने लगे तो रुक जाएँ।', ARRAY['senior', 'sportsInjury']::text[]),
	('marching-in-place', 'Marching in place', 'एक जगह खड़े होकर कदमताल', 'Builds leg strength and balance for walking.', 'चलने के लिए पैरों की ताकत और संतुलन बढ़ाती है।', ARRAY['Stand behind a sturdy chair and hold its back with both hands.', 'Have a family member stand close beside you.', 'Lift one knee and put the foot down, then the other, as if marching.', 'Go slowly and stand tall.']::text[], ARRAY['मज़बूत कुर्सी के पीछे खड़े होकर उसकी पीठ दोनों हाथों से पकड़ें।', 'परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'एक घुटना उठाकर पैर नीचे रखें, फिर दूसरा, जैसे कदमताल करते हैं।', 'धीरे-धीरे करें और सीधे खड़े रहें।']::text[], 2, 10, NULL, 2, 'Stop if you feel dizzy, unsteady or short of breath, or have chest pain.', 'चक्कर आए, लड़खड़ाहट हो, साँस फूले या सीने में दर्द हो तो रुक जाएँ।', ARRAY['senior', 'stroke']::text[]),
	('side-steps', 'Side steps', 'साइड स्टेप (बगल की ओर चलना)', 'Strengthens the hips and steadies you when stepping sideways.', 'कूल्हों को मज़बूत करती है और बगल की ओर चलते समय संतुलन सुधारती है।', ARRAY['Stand facing a kitchen counter and hold it with both hands.', 'Have a family member stand close beside you.', 'Take a small step to the side, then bring the other foot to meet it.', 'Take a few steps one way, then come back.']::text[], ARRAY['रसोई के काउंटर की ओर मुँह करके खड़े हों और उसे दोनों हाथों से पकड़ें।', 'परिवार का कोई सदस्य आपके पास खड़ा रहे।', 'बगल में छोटा कदम लें, फिर दूसरा पैर उसके पास ले आएँ।', 'कुछ कदम एक ओर जाएँ, फिर वापस आएँ।']::text[], 2, 10, NULL, 2, 'Stop if you feel dizzy or unsteady, or your hip hurts.', 'चक्कर आए, लड़खड़ाहट हो या कूल्हे में दर्द हो तो रुक जाएँ।', ARRAY['senior', 'stroke']::text[]),
	('diaphragmatic-breathing', 'Deep belly breathing', 'पेट से गहरी साँस', 'Helps the lungs open fully and calms the breathing after surgery or long bed rest.', 'सर्जरी या लंबे समय बिस्तर पर रहने के बाद फेफड़ों को पूरा खुलने और साँस को शांत रखने में मदद करती है।', ARRAY['Sit supported, or lie with your head and shoulders raised on pillows.', 'Put one hand on your chest and one on your stomach.', 'Breathe in slowly through your nose, letting your stomach rise.', 'Breathe out slowly through pursed lips, letting your stomach fall.']::text[], ARRAY['सहारे से बैठें, या सिर और कंधे तकियों पर ऊँचे रखकर लेटें।', 'एक हाथ छाती पर और एक पेट पर रखें।', 'नाक से धीरे-धीरे साँस लें, ताकि पेट ऊपर उठे।', 'होंठ सिकोड़कर धीरे-धीरे साँस छोड़ें, ताकि पेट नीचे आए।']::text[], 1, 10, NULL, 3, 'Stop and rest if you feel dizzy or light-headed; get help at once for chest pain.', 'चक्कर आए या सिर हल्का लगे तो रुककर आराम करें; सीने में दर्द हो तो तुरंत मदद लें।', ARRAY['postSurgery', 'senior', 'stroke']::text[]);
