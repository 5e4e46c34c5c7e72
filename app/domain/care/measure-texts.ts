// The words of the outcome measures (decision 026; docs/care.md "Outcome measures"). Two kinds:
// - the staff's words, in English only: each measure's name, its items' labels and each item's
//   answers as the published form writes them (not reworded; a long published item is given by
//   its published short name, as the Berg Balance Scale's form itself lists them), and the
//   messages of the measure forms;
// - the family's words, in English and Hindi: each measure's plain name and what it measures in
//   one line, what a threshold means ("high risk of a fall"), and "better", "worse", "no
//   important change". Hindi by docs/hindi-glossary.md (जाँच, फिज़ियोथेरेपी, ज़्यादा, खास, सेशन).
// Placeholders in braces are filled with fillText.
import type { Localized } from "#app/content/localized.ts";
import type { MeasureKey } from "#app/domain/care/measures.ts";

/** A published answer: its value and its words on the published form. */
type PublishedOption = readonly [value: number, label: string];

export interface MeasureStaffText {
  /** The measure's name, as the literature names it. */
  name: string;
  /** The question the items answer, where the published form has one. */
  stem?: string;
  /** Each item's staff label, in the form's order, by its stable key. */
  items: Record<string, { label: string; options?: readonly PublishedOption[] }>;
}

/** Numbers 0 to 10, the two ends with their published anchors. */
function zeroToTen(zero: string, ten: string): PublishedOption[] {
  return Array.from({ length: 11 }, (_, value): PublishedOption => {
    if (value === 0) return [0, `0: ${zero}`];
    if (value === 10) return [10, `10: ${ten}`];
    return [value, String(value)];
  });
}

const psfsScale = zeroToTen(
  "unable to perform activity",
  "able to perform activity at the same level as before injury or problem",
);

/** Berg Balance Scale: each item's 0 to 4, as the published form words them (0 first). */
function berg(label: string, four: string, three: string, two: string, one: string, zero: string) {
  return {
    label,
    options: [
      [0, zero],
      [1, one],
      [2, two],
      [3, three],
      [4, four],
    ] as const satisfies readonly PublishedOption[],
  };
}

const lefsScale: readonly PublishedOption[] = [
  [0, "Extreme difficulty or unable to perform activity"],
  [1, "Quite a bit of difficulty"],
  [2, "Moderate difficulty"],
  [3, "A little bit of difficulty"],
  [4, "No difficulty"],
];

const lefsActivities = [
  "Any of your usual work, housework, or school activities",
  "Your usual hobbies, recreational or sporting activities",
  "Getting into or out of the bath",
  "Walking between rooms",
  "Putting on your shoes or socks",
  "Squatting",
  "Lifting an object, like a bag of groceries from the floor",
  "Performing light activities around your home",
  "Performing heavy activities around your home",
  "Getting into or out of a car",
  "Walking 2 blocks",
  "Walking a mile",
  "Going up or down 10 stairs (about 1 flight of stairs)",
  "Standing for 1 hour",
  "Sitting for 1 hour",
  "Running on even ground",
  "Running on uneven ground",
  "Making sharp turns while running fast",
  "Hopping",
  "Rolling over in bed",
];

/** The staff's words of each measure: its name, its items and their published answers. */
export const measureStaffTexts: Record<MeasureKey, MeasureStaffText> = {
  nprs: {
    name: "Numeric Pain Rating Scale (NPRS)",
    items: {
      pain: { label: "Pain", options: zeroToTen("no pain", "worst pain imaginable") },
    },
  },
  psfs: {
    name: "Patient-Specific Functional Scale (PSFS)",
    items: {
      a1: { label: "Activity 1", options: psfsScale },
      a2: { label: "Activity 2", options: psfsScale },
      a3: { label: "Activity 3", options: psfsScale },
      a4: { label: "Activity 4", options: psfsScale },
      a5: { label: "Activity 5", options: psfsScale },
    },
  },
  // The 0–100 form with the items' published wording (Mahoney & Barthel 1965; the wording of
  // Collin & Wade 1988 as the widely circulated 0–100 form prints it, "needs to help" included).
  barthel: {
    name: "Barthel Index",
    items: {
      feeding: {
        label: "Feeding",
        options: [
          [0, "unable"],
          [5, "needs help cutting, spreading butter, etc., or requires modified diet"],
          [10, "independent"],
        ],
      },
      bathing: {
        label: "Bathing",
        options: [
          [0, "dependent"],
          [5, "independent (or in shower)"],
        ],
      },
      grooming: {
        label: "Grooming",
        options: [
          [0, "needs to help with personal care"],
          [5, "independent face/hair/teeth/shaving (implements provided)"],
        ],
      },
      dressing: {
        label: "Dressing",
        options: [
          [0, "dependent"],
          [5, "needs help but can do about half unaided"],
          [10, "independent (including buttons, zips, laces, etc.)"],
        ],
      },
      bowels: {
        label: "Bowels",
        options: [
          [0, "incontinent (or needs to be given enemas)"],
          [5, "occasional accident"],
          [10, "continent"],
        ],
      },
      bladder: {
        label: "Bladder",
        options: [
          [0, "incontinent, or catheterized and unable to manage alone"],
          [5, "occasional accident"],
          [10, "continent"],
        ],
      },
      toilet: {
        label: "Toilet use",
        options: [
          [0, "dependent"],
          [5, "needs some help, but can do something alone"],
          [10, "independent (on and off, dressing, wiping)"],
        ],
      },
      transfers: {
        label: "Transfers (bed to chair and back)",
        options: [
          [0, "unable, no sitting balance"],
          [5, "major help (one or two people, physical), can sit"],
          [10, "minor help (verbal or physical)"],
          [15, "independent"],
        ],
      },
      mobility: {
        label: "Mobility (on level surfaces)",
        options: [
          [0, "immobile or < 50 yards"],
          [5, "wheelchair independent, including corners, > 50 yards"],
          [10, "walks with help of one person (verbal or physical) > 50 yards"],
          [15, "independent (but may use any aid; for example, stick) > 50 yards"],
        ],
      },
      stairs: {
        label: "Stairs",
        options: [
          [0, "unable"],
          [5, "needs help (verbal, physical, carrying aid)"],
          [10, "independent"],
        ],
      },
    },
  },
  // The items by their published short names (the form's headings), the answers as the form
  // words them (Berg 1989).
  berg: {
    name: "Berg Balance Scale",
    items: {
      b1: berg(
        "Sitting to standing",
        "able to stand without using hands and stabilize independently",
        "able to stand independently using hands",
        "able to stand using hands after several tries",
        "needs minimal aid to stand or stabilize",
        "needs moderate or maximal assist to stand",
      ),
      b2: berg(
        "Standing unsupported",
        "able to stand safely for 2 minutes",
        "able to stand 2 minutes with supervision",
        "able to stand 30 seconds unsupported",
        "needs several tries to stand 30 seconds unsupported",
        "unable to stand 30 seconds unsupported",
      ),
      b3: berg(
        "Sitting with back unsupported but feet supported on floor or on a stool",
        "able to sit safely and securely for 2 minutes",
        "able to sit 2 minutes under supervision",
        "able to sit 30 seconds",
        "able to sit 10 seconds",
        "unable to sit without support 10 seconds",
      ),
      b4: berg(
        "Standing to sitting",
        "sits safely with minimal use of hands",
        "controls descent by using hands",
        "uses back of legs against chair to control descent",
        "sits independently but has uncontrolled descent",
        "needs assist to sit",
      ),
      b5: berg(
        "Transfers",
        "able to transfer safely with minor use of hands",
        "able to transfer safely definite need of hands",
        "able to transfer with verbal cuing and/or supervision",
        "needs one person to assist",
        "needs two people to assist or supervise to be safe",
      ),
      b6: berg(
        "Standing unsupported with eyes closed",
        "able to stand 10 seconds safely",
        "able to stand 10 seconds with supervision",
        "able to stand 3 seconds",
        "unable to keep eyes closed 3 seconds but stays safely",
        "needs help to keep from falling",
      ),
      b7: berg(
        "Standing unsupported with feet together",
        "able to place feet together independently and stand 1 minute safely",
        "able to place feet together independently and stand 1 minute with supervision",
        "able to place feet together independently but unable to hold for 30 seconds",
        "needs help to attain position but able to stand 15 seconds feet together",
        "needs help to attain position and unable to hold for 15 seconds",
      ),
      b8: berg(
        "Reaching forward with outstretched arm while standing",
        "can reach forward confidently 25 cm (10 inches)",
        "can reach forward 12 cm (5 inches)",
        "can reach forward 5 cm (2 inches)",
        "reaches forward but needs supervision",
        "loses balance while trying/requires external support",
      ),
      b9: berg(
        "Pick up object from the floor from a standing position",
        "able to pick up slipper safely and easily",
        "able to pick up slipper but needs supervision",
        "unable to pick up but reaches 2-5 cm (1-2 inches) from slipper and keeps balance independently",
        "unable to pick up and needs supervision while trying",
        "unable to try/needs assist to keep from losing balance or falling",
      ),
      b10: berg(
        "Turning to look behind over left and right shoulders while standing",
        "looks behind from both sides and weight shifts well",
        "looks behind one side only other side shows less weight shift",
        "turns sideways only but maintains balance",
        "needs supervision when turning",
        "needs assist to keep from losing balance or falling",
      ),
      b11: berg(
        "Turn 360 degrees",
        "able to turn 360 degrees safely in 4 seconds or less",
        "able to turn 360 degrees safely one side only 4 seconds or less",
        "able to turn 360 degrees safely but slowly",
        "needs close supervision or verbal cuing",
        "needs assistance while turning",
      ),
      b12: berg(
        "Placing alternate foot on step or stool while standing unsupported",
        "able to stand independently and safely and complete 8 steps in 20 seconds",
        "able to stand independently and complete 8 steps in > 20 seconds",
        "able to complete 4 steps without aid with supervision",
        "able to complete > 2 steps needs minimal assist",
        "needs assistance to keep from falling/unable to try",
      ),
      b13: berg(
        "Standing unsupported one foot in front",
        "able to place foot tandem independently and hold 30 seconds",
        "able to place foot ahead independently and hold 30 seconds",
        "able to take small step independently and hold 30 seconds",
        "needs help to step but can hold 15 seconds",
        "loses balance while stepping or standing",
      ),
      b14: berg(
        "Standing on one leg",
        "able to lift leg independently and hold > 10 seconds",
        "able to lift leg independently and hold 5-10 seconds",
        "able to lift leg independently and hold ≥ 3 seconds",
        "tries to lift leg unable to hold 3 seconds but remains standing independently",
        "unable to try or needs assist to prevent fall",
      ),
    },
  },
  tug: {
    name: "Timed Up and Go (TUG)",
    items: { seconds: { label: "Time (seconds)" } },
  },
  chair_stand: {
    name: "30-Second Chair Stand",
    items: { stands: { label: "Full stands in 30 seconds" } },
  },
  lefs: {
    name: "Lower Extremity Functional Scale (LEFS)",
    stem: "Today, do you or would you have any difficulty at all with:",
    items: Object.fromEntries(
      lefsActivities.map((label, index) => [`l${index + 1}`, { label, options: lefsScale }]),
    ),
  },
};

/** The messages of a measure's form (field → message), to the staff, in English. */
export const measureErrorTexts = {
  /** The form's message when items have no score. */
  missingItems: (count: number) => `Give a score for every item (${count} missing).`,
  missingItem: "Give a score.",
  between: (min: number, max: number) => `Between ${min} and ${max}.`,
  wholeNumber: (min: number, max: number) => `A whole number between ${min} and ${max}.`,
  oneOf: (values: readonly number[]) => `One of ${values.join(", ")}.`,
  oneDecimal: "To one decimal place, e.g. 12.5.",
  number: "Enter a number.",
  seconds: "Enter the seconds, e.g. 12.5.",
  stands: "Enter the number of full stands, e.g. 12.",
  unknownItem: (key: string) => `No item "${key}" in this measure.`,
  /** PSFS: how many activities it needs. */
  activities: (given: number) => `Name and score 3 to 5 activities (${given} given).`,
  activityText: "Write the activity this score is for.",
  activityScore: "Give this activity a score from 0 to 10.",
  activityLength: "At most 100 characters.",
};

/** A measure as a family reads of it: its plain name and what it measures, in one line. */
export interface MeasureFamilyText {
  name: string;
  what: string;
}

export const measureFamilyTexts: Localized<Record<MeasureKey, MeasureFamilyText>> = {
  en: {
    nprs: {
      name: "Pain score",
      what: "How strong the pain is, from 0 (no pain) to 10 (the worst pain imaginable).",
    },
    psfs: {
      name: "Everyday activities score",
      what: "How well 3 to 5 activities you find hard are going, each from 0 (cannot do it) to 10 (as well as before the problem).",
    },
    barthel: {
      name: "Daily living score (Barthel Index)",
      what: "How much help is needed with 10 daily activities such as eating, bathing, dressing, using the toilet, walking and stairs; 100 means no help is needed.",
    },
    berg: {
      name: "Balance score (Berg Balance Scale)",
      what: "How steady the body stays in 14 everyday movements such as standing up, turning and standing on one leg; 56 is the best score.",
    },
    tug: {
      name: "Stand-up-and-walk time (Timed Up and Go)",
      what: "The seconds it takes to stand up from a chair, walk 3 metres, turn, walk back and sit down; less time is better.",
    },
    chair_stand: {
      name: "Chair stand count (30-second chair stand)",
      what: "How many times the person can stand up from a chair and sit down again in 30 seconds, arms crossed; it shows the strength of the legs.",
    },
    lefs: {
      name: "Leg function score (Lower Extremity Functional Scale)",
      what: "How hard 20 everyday activities such as walking, stairs and squatting are because of a leg problem; 80 means no difficulty.",
    },
  },
  hi: {
    nprs: {
      name: "दर्द का स्कोर",
      what: "दर्द कितना तेज़ है: 0 का मतलब कोई दर्द नहीं, 10 का मतलब सोच से भी ज़्यादा तेज़ दर्द।",
    },
    psfs: {
      name: "रोज़ के कामों का स्कोर",
      what: "जो 3 से 5 काम आपको मुश्किल लगते हैं, वे कितने हो पा रहे हैं: हर काम 0 (बिल्कुल नहीं कर पाते) से 10 (परेशानी से पहले जितना अच्छा) तक।",
    },
    barthel: {
      name: "रोज़ के कामों में मदद (बार्थेल इंडेक्स)",
      what: "खाना, नहाना, कपड़े पहनना, टॉयलेट जाना, चलना और सीढ़ियाँ जैसे 10 रोज़ के कामों में कितनी मदद चाहिए; 100 का मतलब है किसी मदद की ज़रूरत नहीं।",
    },
    berg: {
      name: "संतुलन का स्कोर (बर्ग स्केल)",
      what: "खड़े होना, मुड़ना और एक पैर पर खड़े रहना जैसी 14 रोज़ की हरकतों में शरीर कितना संभला रहता है; 56 सबसे अच्छा स्कोर है।",
    },
    tug: {
      name: "उठकर चलने का समय (टाइम्ड अप एंड गो)",
      what: "कुर्सी से उठकर 3 मीटर चलने, मुड़कर वापस आने और बैठने में कितने सेकंड लगते हैं; कम समय बेहतर है।",
    },
    chair_stand: {
      name: "कुर्सी से उठने की गिनती (30 सेकंड चेयर स्टैंड)",
      what: "हाथ बाँधकर 30 सेकंड में कुर्सी से कितनी बार उठकर वापस बैठ पाते हैं; इससे पैरों की ताकत पता चलती है।",
    },
    lefs: {
      name: "पैरों के काम का स्कोर (लोअर एक्सट्रीमिटी फ़ंक्शनल स्केल)",
      what: "पैर की तकलीफ़ की वजह से चलना, सीढ़ियाँ चढ़ना और उकड़ूँ बैठना जैसे 20 रोज़ के काम कितने मुश्किल हैं; 80 का मतलब कोई मुश्किल नहीं।",
    },
  },
};

/** What a threshold means to a family, by the band key a measure's thresholds name. */
export const measureBandTexts = {
  en: {
    "high-fall-risk": "High risk of a fall",
    "no-pain": "No pain",
    "mild-pain": "Mild pain",
    "moderate-pain": "Moderate pain",
    "severe-pain": "Severe pain",
    "independent-daily":
      "Manages these 10 daily activities without help (this does not mean living alone is safe)",
  },
  hi: {
    "high-fall-risk": "गिरने का खतरा ज़्यादा",
    "no-pain": "कोई दर्द नहीं",
    "mild-pain": "हल्का दर्द",
    "moderate-pain": "मध्यम दर्द",
    "severe-pain": "तेज़ दर्द",
    "independent-daily":
      "ये 10 रोज़ के काम बिना मदद के कर लेते हैं (इसका मतलब यह नहीं कि अकेले रहना सुरक्षित है)",
  },
} as const satisfies Localized<Record<string, string>>;

export type MeasureBand = keyof (typeof measureBandTexts)["en"];

/** A change between two scores, as a family reads it. */
export const measureChangeTexts = {
  en: { better: "Better", worse: "Worse", "no-important-change": "No important change" },
  hi: { better: "बेहतर", worse: "पहले से खराब", "no-important-change": "कोई खास बदलाव नहीं" },
} as const satisfies Localized<Record<string, string>>;

export type MeasureChange = keyof (typeof measureChangeTexts)["en"];

/** A score's unit, by the unit key of a measure's definition. */
export const measureUnitTexts = {
  en: { points: "points", seconds: "seconds", stands: "stands" },
  hi: { points: "अंक", seconds: "सेकंड", stands: "बार" },
} as const satisfies Localized<Record<string, string>>;

export type MeasureUnit = keyof (typeof measureUnitTexts)["en"];
