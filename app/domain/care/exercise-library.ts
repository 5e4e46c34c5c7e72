// The clinic's starting library of home exercises, in English and Hindi: standard textbook
// exercises a physiotherapist can hand a family for the days between visits, each described for
// a patient at home with a family member nearby. Data only: the figures (sets, reps, hold, times a
// day) are a conservative start, which the physiotherapist adjusts to the patient. The Hindi
// keeps the site's glossary (docs/hindi-glossary.md); `conditions` are the service keys of
// app/content/catalog.ts.

export interface LibraryExercise {
  /** Stable kebab-case key, e.g. "sit-to-stand". */
  key: string;
  name: { en: string; hi: string };
  /** One line: what it is for. */
  purpose: { en: string; hi: string };
  /** 3–6 short steps, the same count in both languages. */
  how: { en: string[]; hi: string[] };
  sets: number;
  /** Reps per set; for a hold, the number of holds. */
  reps: number;
  /** Seconds held, when it is a hold. */
  holdSeconds: number | null;
  timesPerDay: number;
  /** What to stop for. */
  stopIf: { en: string; hi: string };
  /** The service keys (app/content/catalog.ts) it suits. */
  conditions: string[];
}

// Steps many standing exercises share, worded once.
const holdChair = {
  en: "Stand behind a sturdy chair and hold its back with both hands.",
  hi: "मज़बूत कुर्सी के पीछे खड़े होकर उसकी पीठ दोनों हाथों से पकड़ें।",
};
const familyNear = {
  en: "Have a family member stand close beside you.",
  hi: "परिवार का कोई सदस्य आपके पास खड़ा रहे।",
};
const lieBentKnees = {
  en: "Lie on your back on the bed, knees bent, feet flat.",
  hi: "बिस्तर पर पीठ के बल लेटें, घुटने मोड़ें और पैर सपाट रखें।",
};
const holdBreathing = {
  en: "Hold, breathing normally.",
  hi: "सामान्य रूप से साँस लेते हुए रोके रखें।",
};
const unsteady = {
  en: "Stop if you feel dizzy or start to lose your balance.",
  hi: "चक्कर आए या संतुलन बिगड़ने लगे तो रुक जाएँ।",
};
const dizzyBreathlessChest = {
  en: "Stop if you feel dizzy, unsteady or short of breath, or have chest pain.",
  hi: "चक्कर आए, लड़खड़ाहट हो, साँस फूले या सीने में दर्द हो तो रुक जाएँ।",
};
const backPainWorse = {
  en: "Stop if the pain gets worse or spreads down your leg.",
  hi: "दर्द बढ़े या पैर में नीचे तक फैले तो रुक जाएँ।",
};

export const exerciseLibrary: readonly LibraryExercise[] = [
  // Stroke rehabilitation
  {
    key: "sit-to-stand",
    name: { en: "Sit to stand", hi: "कुर्सी से उठना-बैठना" },
    purpose: {
      en: "Builds leg strength for getting up from a chair on your own.",
      hi: "कुर्सी से खुद उठ पाने के लिए पैरों की ताकत बढ़ाती है।",
    },
    how: {
      en: [
        familyNear.en,
        "Sit near the front of a sturdy chair with armrests, feet flat and apart.",
        "Lean forward so your nose comes over your toes.",
        "Push through both feet and stand up, using the armrests if needed.",
        "Stand tall for a moment, then reach back for the chair and sit down slowly.",
      ],
      hi: [
        familyNear.hi,
        "हत्थे वाली मज़बूत कुर्सी के आगे वाले हिस्से पर बैठें, पैर सपाट और थोड़े खुले रखें।",
        "आगे झुकें, ताकि नाक पंजों के ऊपर आ जाए।",
        "दोनों पैरों पर ज़ोर देकर खड़े हों; ज़रूरत हो तो हत्थों का सहारा लें।",
        "एक पल सीधे खड़े रहें, फिर हाथ से कुर्सी को छूकर धीरे-धीरे बैठें।",
      ],
    },
    sets: 2,
    reps: 5,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: dizzyBreathlessChest,
    conditions: ["stroke", "senior"],
  },
  {
    key: "bridging",
    name: { en: "Bridging", hi: "ब्रिज (कूल्हे उठाना)" },
    purpose: {
      en: "Strengthens the hips and lower back for turning in bed and standing up.",
      hi: "बिस्तर में करवट लेने और खड़े होने के लिए कूल्हों और कमर को मज़बूत करती है।",
    },
    how: {
      en: [
        lieBentKnees.en,
        "Tighten your stomach and buttocks.",
        "Lift your hips a little off the bed and hold.",
        "Lower slowly. Breathe normally throughout.",
      ],
      hi: [
        lieBentKnees.hi,
        "पेट और कूल्हों की मांसपेशियाँ कसें।",
        "कूल्हों को बिस्तर से थोड़ा ऊपर उठाएँ और रोके रखें।",
        "धीरे-धीरे नीचे आएँ। पूरे समय सामान्य रूप से साँस लेते रहें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if your back or hips hurt more, or you feel dizzy.",
      hi: "कमर या कूल्हों का दर्द बढ़े या चक्कर आए तो रुक जाएँ।",
    },
    conditions: ["stroke", "backPain", "sportsInjury"],
  },
  {
    key: "seated-weight-shifts",
    name: { en: "Seated weight shifts", hi: "बैठकर वज़न दाएँ-बाएँ करना" },
    purpose: {
      en: "Improves sitting balance and teaches you to put weight on the weaker side.",
      hi: "बैठने का संतुलन सुधारती है और कमज़ोर तरफ़ पर वज़न डालना सिखाती है।",
    },
    how: {
      en: [
        "Sit on the edge of the bed or a sturdy chair, feet flat on the floor.",
        "Have a family member sit or stand close by.",
        "Keeping your trunk upright, slowly shift your weight onto one hip and hold.",
        "Come back to the middle, then shift to the other side.",
      ],
      hi: [
        "बिस्तर के किनारे या मज़बूत कुर्सी पर बैठें, पैर ज़मीन पर सपाट रखें।",
        "परिवार का कोई सदस्य पास बैठे या खड़ा रहे।",
        "शरीर सीधा रखते हुए धीरे-धीरे वज़न एक कूल्हे पर ले जाएँ और रोके रखें।",
        "बीच में लौटें, फिर दूसरी तरफ़ करें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 3,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if you feel dizzy or start to slip.",
      hi: "चक्कर आए या फिसलने लगें तो रुक जाएँ।",
    },
    conditions: ["stroke"],
  },
  {
    key: "seated-reaching",
    name: { en: "Seated reaching", hi: "बैठकर हाथ आगे बढ़ाना" },
    purpose: {
      en: "Trains balance and arm control for everyday tasks like picking things up.",
      hi: "चीज़ें उठाने जैसे रोज़ के कामों के लिए संतुलन और हाथ पर काबू सुधारती है।",
    },
    how: {
      en: [
        "Sit on a sturdy chair, feet flat, with a family member beside you.",
        "Put a cup or a ball on a table in front, a little beyond easy reach.",
        "Reach forward with the weaker arm, helped if needed, and touch it.",
        "Sit back up straight. Try reaching to the side as well.",
      ],
      hi: [
        "मज़बूत कुर्सी पर बैठें, पैर सपाट रखें; परिवार का कोई सदस्य पास रहे।",
        "सामने मेज़ पर कप या गेंद रखें, हाथ की पहुँच से थोड़ा आगे।",
        "कमज़ोर हाथ आगे बढ़ाकर उसे छुएँ; ज़रूरत हो तो मदद लें।",
        "वापस सीधे बैठें। बगल की ओर भी हाथ बढ़ाकर देखें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if your shoulder hurts, or you feel dizzy or unsteady.",
      hi: "कंधे में दर्द हो, चक्कर आए या लड़खड़ाहट हो तो रुक जाएँ।",
    },
    conditions: ["stroke", "senior"],
  },
  {
    key: "hand-squeezes",
    name: { en: "Hand squeezes", hi: "हाथ से गेंद दबाना" },
    purpose: {
      en: "Builds grip strength in the weaker hand.",
      hi: "कमज़ोर हाथ की पकड़ मज़बूत करती है।",
    },
    how: {
      en: [
        "Sit with your forearm resting on a table or a pillow.",
        "Hold a soft ball or a small rolled-up towel.",
        "Squeeze it gently and hold.",
        "Let go and open your fingers fully.",
      ],
      hi: [
        "बैठकर बाँह को मेज़ या तकिए पर टिकाएँ।",
        "हाथ में नरम गेंद या लपेटा हुआ छोटा तौलिया पकड़ें।",
        "धीरे से दबाएँ और रोके रखें।",
        "ढीला छोड़ें और उँगलियाँ पूरी खोलें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 3,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if the hand or wrist hurts or swells.",
      hi: "हाथ या कलाई में दर्द या सूजन हो तो रुक जाएँ।",
    },
    conditions: ["stroke"],
  },

  // Knee and hip replacement
  {
    key: "ankle-pumps",
    name: { en: "Ankle pumps", hi: "एंकल पंप (पंजे ऊपर-नीचे करना)" },
    purpose: {
      en: "Keeps the blood moving in your legs while you rest in bed.",
      hi: "बिस्तर पर आराम के दिनों में पैरों में खून का बहाव ठीक रखती है।",
    },
    how: {
      en: [
        "Lie or sit with your legs straight out.",
        "Pull both feet up towards you.",
        "Then point them away, as if pressing a pedal.",
        "Keep a steady rhythm, moving the ankles fully.",
      ],
      hi: [
        "पैर सीधे फैलाकर लेटें या बैठें।",
        "दोनों पंजों को अपनी ओर खींचें।",
        "फिर पंजों को नीचे की ओर दबाएँ, जैसे पैडल दबाते हैं।",
        "एक ही लय में करें और टखनों को पूरा हिलाएँ।",
      ],
    },
    sets: 1,
    reps: 20,
    holdSeconds: null,
    timesPerDay: 4,
    stopIf: {
      en: "Stop and call the doctor if the calf is painful, swollen, warm or red, or you suddenly feel short of breath.",
      hi: "पिंडली में दर्द, सूजन, गर्माहट या लाली हो, या अचानक साँस फूले, तो रुकें और डॉक्टर को फ़ोन करें।",
    },
    conditions: ["postSurgery", "stroke"],
  },
  {
    key: "quadriceps-sets",
    name: { en: "Quadriceps sets", hi: "क्वाड्रिसेप्स सेट (जाँघ कसना)" },
    purpose: {
      en: "Wakes up the thigh muscle and helps straighten the knee after surgery.",
      hi: "सर्जरी के बाद जाँघ की मांसपेशी को सक्रिय करती है और घुटना सीधा करने में मदद करती है।",
    },
    how: {
      en: [
        "Lie on your back with the leg straight.",
        "Tighten the thigh, pressing the back of the knee down into the bed.",
        holdBreathing.en,
        "Relax fully before the next one.",
      ],
      hi: [
        "पीठ के बल लेटें, पैर सीधा रखें।",
        "जाँघ कसें, ताकि घुटने का पिछला हिस्सा बिस्तर में दबे।",
        holdBreathing.hi,
        "अगली बार से पहले पूरा ढीला छोड़ें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if the knee pain turns sharp or much worse.",
      hi: "घुटने में तेज़ दर्द हो या दर्द बहुत बढ़े तो रुक जाएँ।",
    },
    conditions: ["postSurgery", "sportsInjury"],
  },
  {
    key: "buttock-squeezes",
    name: { en: "Buttock squeezes", hi: "कूल्हे की मांसपेशियाँ कसना" },
    purpose: {
      en: "Keeps the hip muscles working after hip or knee surgery.",
      hi: "कूल्हे या घुटने की सर्जरी के बाद कूल्हे की मांसपेशियों को सक्रिय रखती है।",
    },
    how: {
      en: [
        "Lie on your back with your legs straight.",
        "Squeeze your buttocks together firmly.",
        holdBreathing.en,
        "Relax.",
      ],
      hi: [
        "पीठ के बल लेटें, पैर सीधे रखें।",
        "दोनों कूल्हों की मांसपेशियों को कसकर दबाएँ।",
        holdBreathing.hi,
        "ढीला छोड़ें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if the hip or the operation site hurts more.",
      hi: "कूल्हे में या ऑपरेशन की जगह पर दर्द बढ़े तो रुक जाएँ।",
    },
    conditions: ["postSurgery"],
  },
  {
    key: "heel-slides",
    name: { en: "Heel slides", hi: "हील स्लाइड (एड़ी खिसकाना)" },
    purpose: {
      en: "Gently increases how far the knee bends.",
      hi: "घुटने का मुड़ना धीरे-धीरे बढ़ाती है।",
    },
    how: {
      en: [
        "Lie on your back on the bed, legs straight.",
        "Slide the heel of the operated leg towards your bottom, bending the knee.",
        "Bend only as far as is comfortable and your surgeon allows.",
        "Slide back until the leg is straight.",
      ],
      hi: [
        "बिस्तर पर पीठ के बल लेटें, पैर सीधे रखें।",
        "ऑपरेशन वाले पैर की एड़ी को कूल्हे की ओर खिसकाएँ, ताकि घुटना मुड़े।",
        "उतना ही मोड़ें जितना आराम से हो और सर्जन ने कहा हो।",
        "वापस खिसकाकर पैर सीधा करें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if the knee hurts sharply, or the wound bleeds or leaks.",
      hi: "घुटने में तेज़ दर्द हो, या घाव से खून या पानी आए तो रुक जाएँ।",
    },
    conditions: ["postSurgery", "sportsInjury"],
  },
  {
    key: "straight-leg-raise",
    name: { en: "Straight leg raise", hi: "सीधा पैर उठाना" },
    purpose: {
      en: "Strengthens the thigh so the knee stays straight when you walk.",
      hi: "जाँघ को मज़बूत करती है, ताकि चलते समय घुटना सीधा टिका रहे।",
    },
    how: {
      en: [
        "Lie on your back. Bend the other knee, foot flat on the bed.",
        "Tighten the thigh of the straight leg.",
        "Lift the straight leg to the height of the other knee.",
        "Lower it slowly, keeping the knee straight throughout.",
      ],
      hi: [
        "पीठ के बल लेटें। दूसरा घुटना मोड़कर पैर बिस्तर पर सपाट रखें।",
        "सीधे पैर की जाँघ कसें।",
        "सीधे पैर को दूसरे घुटने की ऊँचाई तक उठाएँ।",
        "धीरे-धीरे नीचे लाएँ; पूरे समय घुटना सीधा रखें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if your back, hip or knee hurts more.",
      hi: "कमर, कूल्हे या घुटने का दर्द बढ़े तो रुक जाएँ।",
    },
    conditions: ["postSurgery", "sportsInjury"],
  },
  {
    key: "short-arc-quads",
    name: { en: "Short arc quads", hi: "शॉर्ट आर्क क्वाड (घुटना सीधा करना)" },
    purpose: {
      en: "Strengthens the thigh to straighten the knee fully.",
      hi: "घुटने को पूरा सीधा करने के लिए जाँघ मज़बूत करती है।",
    },
    how: {
      en: [
        "Lie on your back with a rolled towel or a pillow under the knee.",
        "Lift the heel off the bed until the knee is straight.",
        "Keep the back of the knee on the roll, and hold.",
        "Lower the heel slowly.",
      ],
      hi: [
        "पीठ के बल लेटें, घुटने के नीचे लपेटा हुआ तौलिया या तकिया रखें।",
        "एड़ी को बिस्तर से उठाकर घुटना सीधा करें।",
        "घुटने का पिछला हिस्सा तौलिये पर टिका रहे; रोके रखें।",
        "एड़ी धीरे-धीरे नीचे लाएँ।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 3,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if the knee hurts sharply.",
      hi: "घुटने में तेज़ दर्द हो तो रुक जाएँ।",
    },
    conditions: ["postSurgery", "senior"],
  },

  // Back and neck pain
  {
    key: "pelvic-tilt",
    name: { en: "Pelvic tilt", hi: "पेल्विक टिल्ट (कमर बिस्तर पर दबाना)" },
    purpose: {
      en: "Eases lower back stiffness and teaches control of the lower back.",
      hi: "कमर की जकड़न कम करती है और कमर पर काबू रखना सिखाती है।",
    },
    how: {
      en: [
        lieBentKnees.en,
        "Tighten your stomach and gently press your lower back into the bed.",
        holdBreathing.en,
        "Relax.",
      ],
      hi: [lieBentKnees.hi, "पेट कसें और कमर को हल्के से बिस्तर पर दबाएँ।", holdBreathing.hi, "ढीला छोड़ें।"],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 2,
    stopIf: backPainWorse,
    conditions: ["backPain"],
  },
  {
    key: "cat-camel",
    name: { en: "Cat-camel", hi: "कैट-कैमल (पीठ गोल करना और ढीली छोड़ना)" },
    purpose: {
      en: "Gently moves the whole spine to ease stiffness.",
      hi: "पूरी रीढ़ को हल्के से हिलाकर जकड़न कम करती है।",
    },
    how: {
      en: [
        "Get on your hands and knees: hands under shoulders, knees under hips.",
        "Breathe out and slowly round your back up, tucking your chin in.",
        "Breathe in and let your back dip gently, lifting your head.",
        "Move slowly, only as far as is comfortable.",
      ],
      hi: [
        "हाथों और घुटनों के बल आ जाएँ: हाथ कंधों के नीचे, घुटने कूल्हों के नीचे।",
        "साँस छोड़ते हुए धीरे-धीरे पीठ ऊपर की ओर गोल करें, ठुड्डी अंदर लें।",
        "साँस लेते हुए पीठ को हल्का नीचे आने दें और सिर उठाएँ।",
        "धीरे-धीरे करें, बस आराम की हद तक।",
      ],
    },
    sets: 1,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if the pain gets worse or spreads down your leg. Leave it out if kneeling hurts.",
      hi: "दर्द बढ़े या पैर में नीचे तक फैले तो रुक जाएँ। घुटने टेकने में दर्द हो तो इसे न करें।",
    },
    conditions: ["backPain"],
  },
  {
    key: "chin-tucks",
    name: { en: "Chin tucks", hi: "चिन टक (ठुड्डी पीछे लेना)" },
    purpose: {
      en: "Eases neck pain and helps you hold your head in a better position.",
      hi: "गर्दन का दर्द कम करती है और सिर को सही जगह पर रखना सिखाती है।",
    },
    how: {
      en: [
        "Sit up straight on a chair, looking ahead.",
        "Slide your chin straight back, as if making a double chin.",
        "Keep your eyes level; do not tip your head down.",
        "Hold, then relax.",
      ],
      hi: [
        "कुर्सी पर सीधे बैठें और सामने देखें।",
        "ठुड्डी को सीधे पीछे खिसकाएँ, जैसे डबल चिन बनाते हैं।",
        "नज़र सीधी रखें; सिर नीचे न झुकाएँ।",
        "रोके रखें, फिर ढीला छोड़ें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if you feel dizzy, or pain or tingling goes into your arm.",
      hi: "चक्कर आए, या दर्द या झुनझुनी बाँह में जाए तो रुक जाएँ।",
    },
    conditions: ["backPain"],
  },
  {
    key: "knee-to-chest",
    name: { en: "Knee to chest", hi: "घुटना छाती की ओर" },
    purpose: {
      en: "Gently stretches the lower back and buttocks.",
      hi: "कमर और कूल्हों में हल्का खिंचाव देती है।",
    },
    how: {
      en: [
        lieBentKnees.en,
        "Hold one knee from behind and gently bring it towards your chest.",
        "Stop at a comfortable stretch, and hold.",
        "Lower it slowly and change legs.",
      ],
      hi: [
        lieBentKnees.hi,
        "एक घुटने को पीछे से पकड़ें और धीरे-धीरे छाती की ओर लाएँ।",
        "जहाँ आराम से खिंचाव लगे, वहीं रुककर रोके रखें।",
        "धीरे-धीरे नीचे लाएँ और पैर बदलें।",
      ],
    },
    sets: 1,
    reps: 5,
    holdSeconds: 20,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if the pain is sharp or spreads down your leg.",
      hi: "तेज़ दर्द हो या दर्द पैर में नीचे तक फैले तो रुक जाएँ।",
    },
    conditions: ["backPain"],
  },
  {
    key: "shoulder-blade-squeeze",
    name: { en: "Shoulder blade squeeze", hi: "कंधे पीछे खींचना" },
    purpose: {
      en: "Eases the neck and shoulder strain of long sitting.",
      hi: "देर तक बैठने से गर्दन और कंधों पर आने वाला खिंचाव कम करती है।",
    },
    how: {
      en: [
        "Sit or stand tall, arms relaxed at your sides.",
        "Draw both shoulders back and down, so the upper back tightens.",
        "Do not shrug or push your chin forward.",
        "Hold, then relax.",
      ],
      hi: [
        "सीधे बैठें या खड़े हों, बाँहें बगल में ढीली रखें।",
        "दोनों कंधे पीछे और नीचे की ओर खींचें, ताकि पीठ का ऊपरी हिस्सा कसे।",
        "कंधे ऊपर न उचकाएँ और ठुड्डी आगे न निकालें।",
        "रोके रखें, फिर ढीला छोड़ें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: 5,
    timesPerDay: 3,
    stopIf: {
      en: "Stop if pain or tingling goes into your arm.",
      hi: "दर्द या झुनझुनी बाँह में जाए तो रुक जाएँ।",
    },
    conditions: ["backPain", "senior"],
  },
  {
    key: "knee-rolls",
    name: { en: "Knee rolls", hi: "घुटने दाएँ-बाएँ झुकाना" },
    purpose: {
      en: "Eases lower back stiffness with a gentle twist.",
      hi: "हल्के मोड़ से कमर की जकड़न कम करती है।",
    },
    how: {
      en: [
        "Lie on your back, knees bent and together, feet flat.",
        "Keep both shoulders on the bed.",
        "Slowly let both knees roll to one side, only as far as is comfortable.",
        "Bring them back to the middle, then roll to the other side.",
      ],
      hi: [
        "पीठ के बल लेटें, घुटने मोड़कर आपस में सटाएँ, पैर सपाट रखें।",
        "दोनों कंधे बिस्तर पर टिके रहें।",
        "दोनों घुटनों को धीरे-धीरे एक तरफ़ झुकाएँ, बस आराम की हद तक।",
        "वापस बीच में लाएँ, फिर दूसरी तरफ़ झुकाएँ।",
      ],
    },
    sets: 1,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: backPainWorse,
    conditions: ["backPain"],
  },

  // Balance and falls prevention
  {
    key: "heel-raises",
    name: { en: "Heel raises", hi: "एड़ियाँ उठाना" },
    purpose: {
      en: "Strengthens the calves for steadier walking and balance.",
      hi: "पिंडलियों को मज़बूत करती है, ताकि चलना और संतुलन स्थिर रहे।",
    },
    how: {
      en: [
        holdChair.en,
        familyNear.en,
        "Rise slowly onto your toes.",
        "Lower your heels slowly to the floor.",
      ],
      hi: [holdChair.hi, familyNear.hi, "धीरे-धीरे पंजों के बल ऊपर उठें।", "एड़ियाँ धीरे-धीरे ज़मीन पर लाएँ।"],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if you feel dizzy or unsteady, or your calf or ankle hurts.",
      hi: "चक्कर आए, लड़खड़ाहट हो, या पिंडली या टखने में दर्द हो तो रुक जाएँ।",
    },
    conditions: ["senior", "sportsInjury"],
  },
  {
    key: "seated-toe-raises",
    name: { en: "Seated toe raises", hi: "बैठकर पंजे उठाना" },
    purpose: {
      en: "Strengthens the front of the shins, so the toes clear the floor and you trip less.",
      hi: "पिंडली के आगे की मांसपेशी मज़बूत करती है, ताकि पंजा ज़मीन में न अटके और ठोकर कम लगे।",
    },
    how: {
      en: [
        "Sit on a sturdy chair, feet flat on the floor.",
        "Keep your heels down and lift your toes and the front of your feet.",
        "Lower them slowly.",
      ],
      hi: [
        "मज़बूत कुर्सी पर बैठें, पैर ज़मीन पर सपाट रखें।",
        "एड़ियाँ ज़मीन पर रखते हुए पंजे ऊपर उठाएँ।",
        "धीरे-धीरे नीचे रखें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if your ankle or shin hurts.",
      hi: "टखने या पिंडली में दर्द हो तो रुक जाएँ।",
    },
    conditions: ["senior", "stroke"],
  },
  {
    key: "tandem-stance",
    name: { en: "Tandem stance (heel to toe)", hi: "एक पैर के आगे दूसरा रखकर खड़े होना" },
    purpose: {
      en: "Trains standing balance to lower the risk of falls.",
      hi: "खड़े होने का संतुलन सुधारकर गिरने का खतरा कम करती है।",
    },
    how: {
      en: [
        holdChair.en,
        familyNear.en,
        "Place one foot straight in front of the other, heel touching toes.",
        "Hold, then swap feet.",
      ],
      hi: [
        holdChair.hi,
        familyNear.hi,
        "एक पैर ठीक दूसरे के आगे रखें, ताकि एड़ी पीछे वाले पंजे को छुए।",
        "रोके रखें, फिर पैर बदलें।",
      ],
    },
    sets: 1,
    reps: 4,
    holdSeconds: 10,
    timesPerDay: 2,
    stopIf: unsteady,
    conditions: ["senior", "stroke"],
  },
  {
    key: "single-leg-stance",
    name: { en: "Single leg stance (with support)", hi: "सहारे के साथ एक पैर पर खड़े होना" },
    purpose: {
      en: "Builds the balance needed for steps and stairs.",
      hi: "कदम बढ़ाने और सीढ़ियों के लिए ज़रूरी संतुलन बनाती है।",
    },
    how: {
      en: [
        holdChair.en,
        familyNear.en,
        "Lift one foot a little off the floor.",
        "Hold, then put it down and change legs.",
      ],
      hi: [
        holdChair.hi,
        familyNear.hi,
        "एक पैर ज़मीन से थोड़ा ऊपर उठाएँ।",
        "रोके रखें, फिर नीचे रखें और पैर बदलें।",
      ],
    },
    sets: 1,
    reps: 4,
    holdSeconds: 10,
    timesPerDay: 2,
    stopIf: unsteady,
    conditions: ["senior", "sportsInjury"],
  },
  {
    key: "marching-in-place",
    name: { en: "Marching in place", hi: "एक जगह खड़े होकर कदमताल" },
    purpose: {
      en: "Builds leg strength and balance for walking.",
      hi: "चलने के लिए पैरों की ताकत और संतुलन बढ़ाती है।",
    },
    how: {
      en: [
        holdChair.en,
        familyNear.en,
        "Lift one knee and put the foot down, then the other, as if marching.",
        "Go slowly and stand tall.",
      ],
      hi: [
        holdChair.hi,
        familyNear.hi,
        "एक घुटना उठाकर पैर नीचे रखें, फिर दूसरा, जैसे कदमताल करते हैं।",
        "धीरे-धीरे करें और सीधे खड़े रहें।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: dizzyBreathlessChest,
    conditions: ["senior", "stroke"],
  },
  {
    key: "side-steps",
    name: { en: "Side steps", hi: "साइड स्टेप (बगल की ओर चलना)" },
    purpose: {
      en: "Strengthens the hips and steadies you when stepping sideways.",
      hi: "कूल्हों को मज़बूत करती है और बगल की ओर चलते समय संतुलन सुधारती है।",
    },
    how: {
      en: [
        "Stand facing a kitchen counter and hold it with both hands.",
        familyNear.en,
        "Take a small step to the side, then bring the other foot to meet it.",
        "Take a few steps one way, then come back.",
      ],
      hi: [
        "रसोई के काउंटर की ओर मुँह करके खड़े हों और उसे दोनों हाथों से पकड़ें।",
        familyNear.hi,
        "बगल में छोटा कदम लें, फिर दूसरा पैर उसके पास ले आएँ।",
        "कुछ कदम एक ओर जाएँ, फिर वापस आएँ।",
      ],
    },
    sets: 2,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 2,
    stopIf: {
      en: "Stop if you feel dizzy or unsteady, or your hip hurts.",
      hi: "चक्कर आए, लड़खड़ाहट हो या कूल्हे में दर्द हो तो रुक जाएँ।",
    },
    conditions: ["senior", "stroke"],
  },

  // Breathing
  {
    key: "diaphragmatic-breathing",
    name: { en: "Deep belly breathing", hi: "पेट से गहरी साँस" },
    purpose: {
      en: "Helps the lungs open fully and calms the breathing after surgery or long bed rest.",
      hi: "सर्जरी या लंबे समय बिस्तर पर रहने के बाद फेफड़ों को पूरा खुलने और साँस को शांत रखने में मदद करती है।",
    },
    how: {
      en: [
        "Sit supported, or lie with your head and shoulders raised on pillows.",
        "Put one hand on your chest and one on your stomach.",
        "Breathe in slowly through your nose, letting your stomach rise.",
        "Breathe out slowly through pursed lips, letting your stomach fall.",
      ],
      hi: [
        "सहारे से बैठें, या सिर और कंधे तकियों पर ऊँचे रखकर लेटें।",
        "एक हाथ छाती पर और एक पेट पर रखें।",
        "नाक से धीरे-धीरे साँस लें, ताकि पेट ऊपर उठे।",
        "होंठ सिकोड़कर धीरे-धीरे साँस छोड़ें, ताकि पेट नीचे आए।",
      ],
    },
    sets: 1,
    reps: 10,
    holdSeconds: null,
    timesPerDay: 3,
    stopIf: {
      en: "Stop and rest if you feel dizzy or light-headed; get help at once for chest pain.",
      hi: "चक्कर आए या सिर हल्का लगे तो रुककर आराम करें; सीने में दर्द हो तो तुरंत मदद लें।",
    },
    conditions: ["postSurgery", "senior", "stroke"],
  },
];
