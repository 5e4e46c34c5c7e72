// The questions families ask before booking, per page. Each list is shown on its page and
// given to search engines as FAQPage data, so the two always say the same thing.
// Answers stay within what the spec states: no fees, session lengths or visit counts (the spec
// gives none; the physiotherapist decides them), no names or credentials beyond "certified".
import { areaEntries, type ServiceSlug } from "#app/content/catalog.ts";
import { contactFaqHi, homeFaqHi, serviceFaqsHi } from "#app/content/hi/faq.ts";
import type { Localized } from "#app/content/localized.ts";
import type { FaqEntry } from "#app/content/types.ts";

const areaList = `${areaEntries
  .slice(0, -1)
  .map((area) => area.name)
  .join(", ")} and ${areaEntries.at(-1)?.name}`;

const areas: FaqEntry = {
  question: "Which areas do you cover?",
  answer: `Our physiotherapists visit homes across Delhi NCR: ${areaList}.`,
};

/** The spec's promise: a reply within 24 hours; support from 9:00 AM to 7:00 PM every day. */
function afterRequest(whose: string): FaqEntry {
  return {
    question: "What happens after I send a request?",
    answer: `We contact you within 24 hours to understand ${whose} needs and arrange the first home visit with a certified physiotherapist near you. Our support hours are 9:00 AM to 7:00 PM, every day.`,
  };
}

function sessionLength(extra = ""): FaqEntry {
  return {
    question: "How long is each session?",
    answer: `The first visit usually takes longer, because it includes a full assessment. Later sessions are typically shorter and focus on treatment and exercises. Your physiotherapist decides how long each session lasts and how often to visit, based on the condition and progress, and explains the plan before you begin.${extra}`,
  };
}

function referral(reports: string): FaqEntry {
  return {
    question: "Do I need a doctor's referral to book?",
    answer: `No, you do not need a referral to book. If you have ${reports}, please keep them ready for the first visit, so that your physiotherapist can plan treatment around your doctor's advice.`,
  };
}

const stroke: FaqEntry[] = [
  {
    question: "How soon after a stroke can rehabilitation at home start?",
    answer:
      "Rehabilitation can usually begin once the medical team confirms it is safe, often soon after discharge from hospital. Starting early helps, because recovery is often quickest in the first few months. If you are unsure, ask the treating neurologist and share their advice with us.",
  },
  sessionLength(
    " Sessions are paced to your loved one's stamina, with rest breaks when needed, and the plan is reviewed with the family as recovery goes on.",
  ),
  {
    question: "What should we prepare at home before the first visit?",
    answer:
      "Clear some space around the bed and have a sturdy chair nearby. Your loved one should wear comfortable clothes and footwear. Keep the list of current medicines and any walking aid already in use at hand. It helps if a family member or caregiver can be present, so they can learn how to help with exercises and safe transfers. You do not need to buy equipment in advance; the physiotherapist will tell you if anything would help.",
  },
  referral("the hospital discharge summary, the neurologist's notes or recent scans and reports"),
  afterRequest("your loved one's"),
  areas,
];

const postSurgery: FaqEntry[] = [
  {
    question: "How soon after surgery can physiotherapy at home begin?",
    answer:
      "Often soon after you are discharged, as your surgeon advises. The right time depends on the operation and on your surgeon's protocol, so we follow your discharge advice and any precautions you have been given, and check them with you before we start.",
  },
  sessionLength(),
  {
    question: "What should I prepare at home?",
    answer:
      "Clear a safe path between the bed, the bathroom and where you sit, and remove loose rugs or cables from it. Have a firm chair ready, with armrests if you have one. Wear loose, comfortable clothing that lets the physiotherapist see and move the operated area, and keep the walker, crutches or stick you were given, and any brace or support, close by.",
  },
  referral("your discharge summary, your surgeon's instructions or recent X-rays and reports"),
  afterRequest("your"),
  areas,
];

const backPain: FaqEntry[] = [
  {
    question: "Should I see a doctor before starting physiotherapy for back pain?",
    answer:
      "You can book without a doctor's referral; if you have an X-ray or MRI report or a prescription, keep it ready for the first visit. Please see a doctor promptly, though, if your pain followed a fall or an accident, or comes with fever, numbness around the groin, trouble controlling your bladder or bowels, or new weakness in your legs. Your physiotherapist also checks for such warning signs at the first visit and will tell you if you need a doctor's review.",
  },
  sessionLength(),
  {
    question: "What should I prepare at home?",
    answer:
      "Wear comfortable clothing you can move freely in, and clear a little floor space or use a firm bed for exercises. If you work at a desk at home, the physiotherapist can look at your desk and chair and suggest changes.",
  },
  {
    question: "Will I get exercises to do between visits?",
    answer:
      "Yes. Your physiotherapist teaches you a home exercise programme and posture advice, so that you keep improving between visits and lower the chance of the pain coming back.",
  },
  afterRequest("your"),
  areas,
];

const sportsInjury: FaqEntry[] = [
  {
    question: "How soon after an injury or surgery can I start?",
    answer:
      "Care for pain and swelling can often start soon after an injury. After surgery, such as ACL reconstruction, we start when your surgeon says it is safe and follow their protocol. If you cannot put weight on the injured limb, or there is severe swelling or an obvious deformity, see a doctor before starting physiotherapy.",
  },
  sessionLength(
    " How fast you progress, and when you return to your sport, depends on meeting clear criteria at each stage, not on a fixed date.",
  ),
  {
    question: "What should I prepare at home?",
    answer:
      "Wear sports clothing that lets the injured area be seen and moved, and clear some floor space for exercises. Keep any brace, strapping or support you were given nearby. Your physiotherapist will tell you if simple equipment would help as you progress.",
  },
  referral("notes from a doctor, scans or surgery reports"),
  afterRequest("your"),
  areas,
];

const senior: FaqEntry[] = [
  {
    question: "How soon after a fall or a hospital stay can sessions start?",
    answer:
      "Once their doctor confirms it is safe, often soon after your parent or grandparent is back home. If a fall has caused new pain, swelling or difficulty walking, please have them checked by a doctor first. For general stiffness, weakness or unsteadiness, you can book at any time.",
  },
  sessionLength(
    " Sessions go at a pace your loved one is comfortable with, and we keep the family updated, including family members who live away.",
  ),
  {
    question: "What should we prepare at home?",
    answer:
      "A clear, well-lit space to walk in, without loose rugs or cables, and a sturdy chair. Comfortable clothes and well-fitting footwear, plus glasses, a hearing aid or a walking aid if they use one. It helps if a family member can be present at the first visit.",
  },
  referral("a discharge summary, the list of current medicines or recent reports"),
  afterRequest("your loved one's"),
  areas,
];

/** The FAQ of each service page. */
export const serviceFaqs: Record<ServiceSlug, FaqEntry[]> = {
  "stroke-rehabilitation-at-home": stroke,
  "post-surgery-physiotherapy-at-home": postSurgery,
  "back-pain-physiotherapy-at-home": backPain,
  "sports-injury-physiotherapy": sportsInjury,
  "senior-physiotherapy-at-home": senior,
};

export const contactFaq: FaqEntry[] = [
  afterRequest("your"),
  {
    question: "When can I reach you?",
    answer:
      "Our support hours are 9:00 AM to 7:00 PM, every day. You can send the appointment form or a WhatsApp message at any time, and we contact you within 24 hours.",
  },
  {
    question: "What should I write in the message?",
    answer:
      "The message is optional. If you like, describe the condition or the reason for physiotherapy briefly, mention any recent surgery or hospital stay, and say which times suit you for a visit.",
  },
  {
    question: "Can I book for a family member?",
    answer:
      "Yes, you can book for a parent, a spouse or another adult family member. Enter the address where the physiotherapist should visit and a phone number we can reach you on, and say in the message who the sessions are for.",
  },
  referral("a discharge summary, a prescription or recent reports"),
  areas,
];

export const homeFaq: FaqEntry[] = [
  {
    question: "How does physiotherapy at home work?",
    answer:
      "You book a session with the form or on WhatsApp, we match you with a certified physiotherapist near your area, and treatment starts at your home.",
  },
  {
    question: "What conditions do you treat at home?",
    answer:
      "Stroke rehabilitation, recovery after surgery, back and neck pain, sports injuries, and care for seniors, such as help with balance, mobility and stiffness.",
  },
  {
    question: "Who will visit us?",
    answer:
      "A certified physiotherapist who works near your area. Our therapists have 10+ years of experience, and we have served 500+ local families.",
  },
  {
    question: "When are you available?",
    answer:
      "Every day from 9:00 AM to 7:00 PM. When you send a request, we contact you within 24 hours.",
  },
  referral("a discharge summary, a prescription or recent reports"),
  areas,
];

export const homeFaqByLang: Localized<FaqEntry[]> = { en: homeFaq, hi: homeFaqHi };
export const contactFaqByLang: Localized<FaqEntry[]> = { en: contactFaq, hi: contactFaqHi };
export const serviceFaqsByLang: Localized<Record<ServiceSlug, FaqEntry[]>> = {
  en: serviceFaqs,
  hi: serviceFaqsHi,
};
