// The care record's words (decision 051; docs/care.md): the therapist's and the desk's screens in
// English, what the family reads in English and Hindi (docs/hindi-glossary.md).

/** Red flags: what the therapist ticks at the assessment, and what to do about each. */
export const redFlagTexts = {
  "bladder-bowel": {
    label: "New loss of bladder or bowel control, or numbness between the legs",
    action: "Stop. Tell the family to go to an emergency department today (possible cauda equina).",
  },
  "chest-pain": {
    label: "Chest pain, or breathlessness at rest",
    action: "Stop the session. Call 112 if it is severe or lasting; otherwise the doctor today.",
  },
  "new-weakness": {
    label: "New weakness, numbness, slurred speech or a drooping face",
    action: "Stop. Possible stroke: call 112 now and note the time it began.",
  },
  "calf-swelling": {
    label: "A hot, swollen, painful calf (after surgery or bed rest)",
    action:
      "Do not exercise the leg. Ask the surgeon or doctor to see the patient today (possible DVT).",
  },
  "fever-wound": {
    label: "Fever, or a red, hot or weeping wound",
    action: "No treatment on that area. The doctor or surgeon should see it within a day.",
  },
  "weight-night-pain": {
    label: "Unexplained weight loss, or pain at night that nothing eases",
    action: "Refer to the doctor before going on; note it in the assessment.",
  },
  "fall-head": {
    label: "A fall with a blow to the head, or on blood thinners",
    action: "Check for headache, vomiting or drowsiness; if any, to an emergency department now.",
  },
} as const;

export type RedFlag = keyof typeof redFlagTexts;

/** The body chart's regions, as the therapist taps them. */
export const bodyRegionTexts = {
  "head-neck": "Head and neck",
  "shoulder-left": "Left shoulder",
  "shoulder-right": "Right shoulder",
  "arm-left": "Left arm and hand",
  "arm-right": "Right arm and hand",
  "upper-back": "Upper back",
  "lower-back": "Lower back",
  "hip-left": "Left hip",
  "hip-right": "Right hip",
  "knee-left": "Left knee",
  "knee-right": "Right knee",
  "ankle-left": "Left ankle and foot",
  "ankle-right": "Right ankle and foot",
} as const;

export type BodyRegion = keyof typeof bodyRegionTexts;

/** The assessment form's and the note's refusals. */
export const careFormTexts = {
  problem: "Say what the problem is (up to 2,000 characters).",
  since: "Since when: up to 200 characters.",
  history: "The history: up to 4,000 characters.",
  goal: "A goal is up to 200 characters; give one to three.",
  goalsNeeded: "Give at least one goal, in the family's words.",
  regionPain: "Pain for a region is a whole number from 0 to 10.",
  redFlag: "That red flag is not on the list.",
  noteField: (field: string) => `${field}: up to 4,000 characters.`,
  noteEmpty: "Write at least one part of the note.",
  noteSigned: "This note is signed: add an amendment instead.",
  noteNotSigned: "Only a signed note is amended; save this one as final first.",
  noNote: "That note is not on this request.",
  noMeasure: "That measure is not on this request, or is already struck out.",
  strikeReason: "Say why it was recorded in error (3 to 500 characters).",
  measure: "Choose a measure from the list.",
  occasion: "Choose when it was taken: start, on the way or discharge.",
  programmeEmpty: "Choose at least one exercise.",
  programmeTooMany: "A programme holds up to 12 exercises.",
  programmeUnknown: (count: number) =>
    count === 1
      ? "1 exercise chosen is not in the library."
      : `${count} exercises chosen are not in the library.`,
  programmeNumbers:
    "Sets 1–10, repetitions 1–100, hold 1–300 seconds and times a day 1–6, in whole numbers.",
  notYours: "This visit is not one of yours.",
  erased: "This request's personal data was erased: nothing can be added.",
  failed: "That could not be saved. Please try again.",
  reason: "Say why you need to read it (3 to 200 characters): the access log keeps it.",
} as const;

/** The therapist's page and the request's section. */
export const carePageTexts = {
  title: "Care record",
  back: "Back to my visits",
  cardLink: "Care record",
  visitOf: (name: string, when: string) => `${name}, ${when}`,
  assessment: "Assessment",
  assessmentNone: "No assessment yet.",
  assessmentCorrect: "Correct the assessment",
  assessmentSave: "Save the assessment",
  problem: "Presenting problem",
  since: "Since when",
  history: "Relevant history",
  redFlags: "Red flags",
  redFlagsHint: "Tick any that apply: each says what to do, and the desk is told at once.",
  redFlagsNone: "No red flags.",
  regions: "Body chart: pain (0–10) in each region involved",
  regionsHint: "Leave a region empty when it is not involved.",
  goals: "Goals, in the family's words",
  goalHint: "For example: walk to the balcony alone.",
  goal: (n: number) => `Goal ${n}`,
  by: (name: string, when: string) => `${name}, ${when}`,
  corrects: (when: string) => `Corrects the assessment of ${when}`,
  measures: "Outcome measures",
  measuresNone: "No measures yet.",
  measureRecord: "Record a measure",
  measureChoose: "Measure",
  occasion: "When",
  occasions: { start: "Start (assessment)", interval: "On the way", discharge: "Discharge" },
  measureSave: "Save the measure",
  strike: "Recorded in error? Strike it out",
  strikeReason: "Why it was recorded in error",
  strikeSave: "Strike out this measure",
  struck: "Struck out",
  struckBy: (name: string, when: string, reason: string) =>
    `Struck out by ${name}, ${when}: ${reason}`,
  activityScore: "Score (0–10)",
  change: (difference: number, important: boolean, better: boolean, band: string | null) =>
    `${difference > 0 ? "+" : ""}${difference} since the first${important ? (better ? ", an important improvement" : ", an important worsening") : ", not yet an important change"}${band ? `; ${band}` : ""}`,
  doneToday: "done today",
  measureDue: (n: number) => `Measures are due at this session (every ${n} sessions).`,
  notes: "Visit notes",
  notesNone: "No notes yet.",
  note: "This visit's note",
  template: "Start from a template",
  templateUse: "Use the template",
  soap: {
    subjective: "Subjective: what the patient says",
    objective: "Objective: what was found",
    assessment: "Assessment: your judgement",
    plan: "Plan",
  },
  saveDraft: "Save as draft",
  sign: "Sign as final",
  signed: (name: string, when: string) => `Signed by ${name}, ${when}`,
  draft: (when: string) => `Draft, saved ${when}`,
  amend: "Amend this note",
  amendSave: "Save the amendment",
  amendment: (name: string, when: string) => `Amendment by ${name}, ${when}`,
  programme: "Exercises at home",
  programmeNone: "No programme yet.",
  programmeBuild: "Choose the exercises",
  programmeSave: "Give this programme",
  programmeSuggested: "Suited to the condition",
  programmeOthers: "Other exercises",
  dose: (sets: number, reps: number, hold: number | null, perDay: number) =>
    `${sets} × ${reps}${hold ? `, hold ${hold} s` : ""}, ${perDay} a day`,
  adherence: (percent: number, days: number) =>
    `Done ${percent}% of the time over ${days === 1 ? "1 day" : `${days} days`}`,
  adherenceNone: "Nothing ticked yet.",
  lastDays: "The last days",
  saved: "Saved.",
  loadFailed: "This care record could not be shown: it is not one of your visits, or it is gone.",
} as const;

/** The request's page, for the desk: that a record exists, and its content only with a reason. */
export const careDeskTexts = {
  heading: "Care record",
  link: "Care record: assessment, measures, notes, exercises",
  none: "No care record yet.",
  exists: (assessments: number, notes: number, measures: number, programme: boolean) =>
    `${assessments === 0 ? "No assessment" : "Assessment recorded"}; ${notes === 1 ? "1 note" : `${notes} notes`}; ${measures === 1 ? "1 measure" : `${measures} measures`}; ${programme ? "a home programme" : "no home programme"}.`,
  reasonLabel: "Why do you need to read it?",
  read: "Read the care record",
  discharge:
    "Discharge summary (PDF, in the family's language): to send; the family also finds it on their status page once the discharge measures are in",
  readNote: "Health records: reading them is entered in the access log with your reason.",
  flags: (flags: string) => `Red flags at the assessment: ${flags}`,
  flagsHandled: "Mark the red flags handled",
  flagsHandledBy: (who: string, when: string) => `Red flags handled by ${who}, ${when}`,
  adherenceLow: (percent: number) => `Exercises at home: ${percent}% over the last 3 days`,
} as const;

/** The request's timeline: that something was written, never what. */
export const careTimeline = {
  assessmentRecorded: (flags: number) =>
    flags === 0
      ? "Assessment recorded"
      : `Assessment recorded, with ${flags === 1 ? "1 red flag" : `${flags} red flags`}`,
  measureRecorded: (name: string) => `Measure recorded: ${name}`,
  noteSigned: "Visit note signed",
  noteAmended: "Visit note amended",
  measureStruck: (name: string) => `Measure struck out as recorded in error: ${name}`,
  programmeSet: (count: number) =>
    `Home programme given: ${count === 1 ? "1 exercise" : `${count} exercises`}`,
  redFlagsHandled: "Red flags handled",
} as const;

/** What the family reads on the status page, in their language. */
export const careFamilyTexts = {
  en: {
    progress: "Progress",
    goals: "Your goals",
    sessions: (done: number) => (done === 1 ? "1 session done" : `${done} sessions done`),
    measure: (name: string, first: string, now: string, max: string) =>
      `${name}: ${first} → ${now} of ${max}`,
    measureOnce: (name: string, score: string, max: string) => `${name}: ${score} of ${max}`,
    better: "better",
    worse: "worse",
    same: "about the same",
    important: "a change that matters",
    chartLabel: (name: string) => `${name} at each measurement`,
    noLonger: (band: string) => `no longer: ${band.toLowerCase()}`,
    exercises: "Exercises at home",
    exercisesIntro:
      "Tick each exercise when it is done today. Your therapist sees it at the next visit.",
    done: "Done today",
    markDone: "Mark done",
    undo: "Not done",
    stop: "Stop if:",
    howOften: (sets: number, reps: number, hold: number | null, perDay: number) =>
      `${sets} sets of ${reps}${hold ? `, hold for ${hold} seconds` : ""}, ${perDay === 1 ? "once a day" : `${perDay} times a day`}`,
    print: "Print the exercises",
    discharge: "Discharge summary (PDF)",
  },
  hi: {
    progress: "प्रगति",
    goals: "आपके लक्ष्य",
    sessions: (done: number) => `${done} सेशन हो गए`,
    measure: (name: string, first: string, now: string, max: string) =>
      `${name}: ${first} → ${now} (${max} में से)`,
    measureOnce: (name: string, score: string, max: string) => `${name}: ${score} (${max} में से)`,
    better: "बेहतर",
    worse: "कम",
    same: "लगभग उतना ही",
    important: "एक ज़रूरी बदलाव",
    chartLabel: (name: string) => `हर जाँच पर ${name}`,
    noLonger: (band: string) => `अब नहीं: ${band}`,
    exercises: "घर पर एक्सरसाइज़",
    exercisesIntro: "आज जो एक्सरसाइज़ हो जाए, उस पर टिक करें। आपके फिज़ियोथेरेपिस्ट अगली विज़िट पर इसे देखेंगे।",
    done: "आज हो गई",
    markDone: "हो गई",
    undo: "नहीं हुई",
    stop: "रोक दें अगर:",
    howOften: (sets: number, reps: number, hold: number | null, perDay: number) =>
      `${sets} सेट, हर सेट में ${reps} बार${hold ? `, ${hold} सेकंड रोकें` : ""}, दिन में ${perDay} बार`,
    print: "एक्सरसाइज़ प्रिंट करें",
    discharge: "डिस्चार्ज सारांश (PDF)",
  },
} as const;

/**
 * Short note templates per condition (the request's condition key): prompts to start from, each
 * replaced by what was found. The therapist edits them; nothing is saved until they do.
 */
export const noteTemplates: Record<
  string,
  { label: string; note: Record<"subjective" | "objective" | "assessment" | "plan", string> }
> = {
  stroke: {
    label: "Stroke",
    note: {
      subjective: "Patient/family report since last visit: … Falls: none / … Pain: …/10.",
      objective: "Sit to stand: … Walking: … m with … aid. Balance: … Affected arm: …",
      assessment: "Progress towards goals: … Limiting factor: …",
      plan: "Next visit: … Home programme: continue / change …",
    },
  },
  postSurgery: {
    label: "After surgery",
    note: {
      subjective: "Pain: …/10. Swelling: … Sleep: … Walking aid: …",
      objective: "Wound: clean and dry / … Knee/hip range: flexion …°, extension …°. Quadriceps: …",
      assessment: "Range and strength against the surgeon's protocol: …",
      plan: "Next visit: … Progress to: …",
    },
  },
  backPain: {
    label: "Back or neck pain",
    note: {
      subjective: "Pain: …/10, where: … Worse with: … Better with: … Red flags asked: none.",
      objective: "Movement: … Neurology: … Posture: …",
      assessment: "Responding / not responding to: …",
      plan: "Next visit: … Advice given: …",
    },
  },
  sportsInjury: {
    label: "Sports injury",
    note: {
      subjective: "Pain: …/10. Activity tolerated: …",
      objective: "Range: … Strength: … Special tests: …",
      assessment: "Stage of healing: … Return to sport: …",
      plan: "Next visit: … Load progression: …",
    },
  },
  senior: {
    label: "Older adult, balance",
    note: {
      subjective: "Falls since last visit: none / … Confidence: … Pain: …/10.",
      objective: "Timed Up and Go: … s. Chair stands: … Walking: …",
      assessment: "Falls risk: … Progress: …",
      plan: "Next visit: … Home safety advice: …",
    },
  },
};

/** The discharge summary (a PDF in the family's language). */
export const dischargeTexts = {
  en: {
    title: "Discharge summary",
    patient: "Patient",
    reference: "Request",
    period: (from: string, to: string) => `Care from ${from} to ${to}`,
    sessions: (done: number) => (done === 1 ? "1 session done" : `${done} sessions done`),
    found: "What was found",
    goals: "Goals",
    done: "What was done",
    exercises: "Exercises at home",
    measures: "Measures before and after",
    // No arrow: the PDF's font has none (it drew a box where "→" was).
    measure: (name: string, first: string, last: string, max: string, change: string) =>
      `${name}: ${first} at the start, ${last} at the end, of ${max} (${change})`,
    measureOnce: (name: string, score: string, max: string) => `${name}: ${score} of ${max}`,
    advice: "Advice",
    adviceDefault: "Keep doing the exercises at home as shown. Call us if anything gets worse.",
    therapists: "Physiotherapist",
    none: "Not recorded.",
  },
  hi: {
    title: "डिस्चार्ज सारांश",
    patient: "मरीज़",
    reference: "अनुरोध",
    period: (from: string, to: string) => `${from} से ${to} तक इलाज`,
    sessions: (done: number) => `${done} सेशन हुए`,
    found: "जाँच में क्या मिला",
    goals: "लक्ष्य",
    done: "क्या किया गया",
    exercises: "घर पर एक्सरसाइज़",
    measures: "पहले और बाद के स्कोर",
    measure: (name: string, first: string, last: string, max: string, change: string) =>
      `${name}: शुरू में ${first}, आख़िर में ${last} (${max} में से, ${change})`,
    measureOnce: (name: string, score: string, max: string) => `${name}: ${score} (${max} में से)`,
    advice: "सलाह",
    adviceDefault: "घर पर एक्सरसाइज़ वैसे ही करते रहें जैसे बताया गया है। कोई परेशानी बढ़े तो हमें फ़ोन करें।",
    therapists: "फिज़ियोथेरेपिस्ट",
    none: "दर्ज नहीं।",
  },
} as const;

/** The exercise library's page, for admins (/admin/exercises). */
export const exerciseAdminTexts = {
  title: "Exercise library",
  navLink: "Exercise library (home programmes)",
  back: "Requests",
  loadFailed: "The exercise library could not be loaded. Please reload the page.",
  intro:
    "The exercises therapists give as home programmes, in English and Hindi. An exercise taken out stays in the programmes that have it.",
  add: "Add an exercise",
  edit: (name: string) => `Edit: ${name}`,
  fields: {
    key: "Short name for the address (letters, digits and hyphens)",
    nameEn: "Name (English)",
    nameHi: "Name (Hindi)",
    purposeEn: "What it is for (English)",
    purposeHi: "What it is for (Hindi)",
    howEn: "How to do it (English), one step per line",
    howHi: "How to do it (Hindi), one step per line",
    sets: "Sets",
    reps: "Repetitions",
    hold: "Hold, seconds (empty: none)",
    perDay: "Times a day",
    stopIfEn: "Stop if (English)",
    stopIfHi: "Stop if (Hindi)",
    conditions: "Suits",
    active: "Offered to therapists",
  },
  save: "Save the exercise",
  saved: "Saved.",
  inactive: "(not offered)",
  refusals: {
    key: "The short name: 2 to 40 lowercase letters, digits and hyphens.",
    taken: "An exercise has that short name already.",
    text: "Fill in each name, purpose and stop-if, in both languages (up to 300 characters each).",
    steps:
      "Give 1 to 8 steps in each language, the same number in both, each up to 300 characters.",
    numbers: "Sets 1–10, repetitions 1–100, hold 1–300 seconds or empty, times a day 1–6.",
    conditions: "Choose the conditions from the list.",
  },
} as const;
