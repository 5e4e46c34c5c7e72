// The five service pages: words only; the service template in app/components lays them out.
// The layout appends the business name to SEO titles and adds contact details, so neither appears here.
import { overallRating } from "#app/content/business.ts";
import { serviceCatalog } from "#app/content/catalog.ts";
import { servicesHi } from "#app/content/hi/services.ts";
import type { Localized } from "#app/content/localized.ts";
import type { ServicePage } from "#app/content/types.ts";

const strokeMessage = "Hi, I would like to book stroke rehabilitation at home.";
const postSurgeryMessage = "Hi, I need post-surgery physiotherapy at home.";
const backPainMessage = "Hi, I need physiotherapy at home for back pain.";
const sportsInjuryMessage = "Hi, I need physiotherapy for a sports injury.";
const seniorMessage = "Hi, I would like physiotherapy at home for a senior family member.";

const stroke: ServicePage = {
  ...serviceCatalog.stroke,
  summary:
    "Neuro-physiotherapy at home to rebuild movement, balance and independence after a stroke.",
  icon: "brain",
  seo: {
    title: "Stroke Rehabilitation at Home in Delhi NCR",
    description:
      "Stroke rehabilitation at home by certified neuro-physiotherapists across Delhi NCR. Tailored plans for weakness, balance, walking and daily tasks.",
    keywords: [
      "stroke rehabilitation at home",
      "stroke rehabilitation at home Gurugram",
      "neuro physiotherapy at home Delhi",
      "paralysis physiotherapy at home Noida",
      "hemiplegia physiotherapy at home",
      "stroke recovery exercises at home",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Stroke Rehabilitation at Home",
    text: "Certified neuro-physiotherapists visit your home to help your loved one regain movement, balance and confidence, one step at a time.",
    chat: { label: "Book a Free Assessment", message: strokeMessage },
  },
  about: {
    heading: "Recovering from a Stroke at Home",
    paragraphs: [
      "After a stroke, the brain can form new connections and hand over work from damaged areas to healthy ones. This ability, called neuroplasticity, is what rehabilitation builds on: regular, purposeful practice of movements such as reaching, standing and walking helps the brain relearn them. Recovery is often quickest in the first few months, so starting rehabilitation early, once the medical team confirms it is safe, gives the best chance to make the most of this period.",
      "Rehabilitation at home means practising in the very place where those skills are needed: getting out of your own bed, walking to your own bathroom, sitting at your own dining table. It also spares the tiring trips to a clinic soon after discharge. Our physiotherapists follow the neurologist's advice, set realistic goals with the family, and adjust the plan as your loved one improves. Every recovery is different, and improvement can continue well beyond the early months with steady practice.",
    ],
  },
  benefits: {
    heading: "How Home Stroke Rehabilitation Helps",
    cards: [
      {
        icon: "clipboard",
        title: "Personalized Rehab Plan",
        description:
          "A plan based on your neurologist's recommendations and our own assessment, with goals that fit your loved one's needs and home.",
      },
      {
        icon: "calendar",
        title: "Daily Home Visits",
        description:
          "Sessions at home as often as the plan calls for, daily where recommended, every day between 9:00 AM and 7:00 PM.",
      },
      {
        icon: "activity",
        title: "Speech & Balance Therapy",
        description:
          "Balance, coordination and walking practice in every session, with home practice that supports the exercises set by your speech therapist.",
      },
      {
        icon: "users",
        title: "Family Guidance",
        description:
          "We show family members and caregivers how to help with exercises, positioning and safe transfers between visits.",
      },
    ],
  },
  conditions: {
    heading: "What We Help With After a Stroke",
    items: [
      "Hemiplegia and one-sided weakness",
      "Balance problems and unsteady walking (gait)",
      "Spasticity and muscle stiffness",
      "Shoulder pain on the affected side",
      "Reduced hand and arm function",
      "Difficulty with transfers: bed, chair and toilet",
      "Foot drop and trouble clearing the foot while walking",
      "Poor sitting and standing balance",
      "Fatigue and weakness after a hospital stay",
    ],
  },
  reasons: {
    heading: "Why Families Choose Us",
    items: [
      "Verified, certified neuro-physiotherapists with 10+ years of experience",
      "Plans that follow your neurologist's recommendations",
      "One-to-one sessions at home, with no travel after discharge",
      "Clear, trackable milestones reviewed with the family",
      "Home safety and fall-prevention advice",
      "Caregiver training for exercises and safe transfers",
      "Visits every day, 9:00 AM to 7:00 PM",
      "Available across Delhi NCR: Gurugram, Delhi, Noida, Greater Noida and Faridabad",
    ],
  },
  cta: {
    heading: "Start Stroke Rehabilitation at Home",
    text: "Tell us about your loved one's condition and we will reply within 24 hours to plan a first home session.",
    chat: { label: "Chat on WhatsApp", message: strokeMessage },
  },
};

const postSurgery: ServicePage = {
  ...serviceCatalog.postSurgery,
  summary:
    "Safe, guided recovery at home after joint replacement, spine, cardiac and other surgery.",
  icon: "bone",
  seo: {
    title: "Post-Surgery Physiotherapy at Home in Delhi NCR",
    description:
      "Post-surgery physiotherapy at home in Delhi NCR after knee or hip replacement, spine and other surgery. Certified physiotherapists who follow your surgeon.",
    keywords: [
      "post-surgery physiotherapy at home",
      "physiotherapy after knee replacement at home",
      "hip replacement physiotherapy at home Delhi",
      "post-operative physiotherapy Gurugram",
      "physiotherapy after surgery at home Noida",
      "rehabilitation after surgery at home",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Post-Surgery Physiotherapy at Home",
    text: "Recover from surgery in the comfort of home, with certified physiotherapists who follow your surgeon's protocol at every stage.",
    chat: { label: "Book Your Recovery Plan", message: postSurgeryMessage },
  },
  benefits: {
    heading: "Why Recover at Home",
    cards: [
      {
        icon: "shield",
        title: "Safe Early Movement",
        description:
          "We get you moving safely after surgery, within the precautions and limits set by your surgeon.",
      },
      {
        icon: "heart-pulse",
        title: "Pain and Swelling Care",
        description:
          "Positioning, ice, elevation and gentle exercise to help you stay comfortable as you recover.",
      },
      {
        icon: "trending-up",
        title: "Strength and Range of Motion",
        description:
          "Step-by-step exercises to rebuild strength and joint movement for walking, stairs and daily tasks.",
      },
      {
        icon: "home",
        title: "No Travel After Discharge",
        description:
          "Sessions happen at home, so there are no tiring trips to a clinic in the early weeks after surgery.",
      },
    ],
  },
  conditions: {
    heading: "Surgeries We Support Recovery From",
    items: [
      "Knee replacement",
      "Hip replacement",
      "Spine surgery",
      "Shoulder surgery",
      "Cardiac surgery",
      "Neuro surgery",
      "Joint replacement",
      "Fracture fixation",
      "Ligament reconstruction",
    ],
  },
  reasons: {
    heading: "What You Get",
    items: [
      "A home assessment and a plan that follows your surgeon's protocol",
      "Daily home sessions, or as often as your plan requires",
      "Exercises that respect post-operative precautions",
      "Pain and swelling management advice",
      "Walking practice with a walker, crutches or stick",
      "Practice for stairs and for getting in and out of bed, chairs and the toilet",
      "A home exercise programme for the days between visits",
      "Regular updates for family",
    ],
  },
  cta: {
    heading: "Plan Your Recovery After Surgery",
    text: "Share your surgery details and discharge advice, and we will reply within 24 hours to arrange your first home session.",
    chat: { label: "Start Your Recovery", message: postSurgeryMessage },
  },
};

const backPain: ServicePage = {
  ...serviceCatalog.backPain,
  summary: "Hands-on treatment, exercise and posture advice at home to ease back and neck pain.",
  icon: "activity",
  seo: {
    title: "Back Pain Physiotherapy at Home in Delhi NCR",
    description:
      "Back pain physiotherapy at home in Delhi NCR for slip disc, sciatica, posture and neck pain. Certified physiotherapists, manual therapy and exercise plans.",
    keywords: [
      "back pain physiotherapy at home",
      "back pain physiotherapy at home Gurugram",
      "slip disc physiotherapy at home Delhi",
      "sciatica treatment at home Noida",
      "neck pain physiotherapy at home",
      "lower back pain exercises",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Back Pain Physiotherapy at Home",
    text: "Find the cause of your back or neck pain and treat it at home, with certified physiotherapists and a plan built around your daily routine.",
    chat: { label: "Book My Free Assessment", message: backPainMessage },
  },
  benefits: {
    heading: "How We Help Your Back",
    cards: [
      {
        icon: "stethoscope",
        title: "Find the Cause",
        description:
          "A detailed assessment of your posture, movement and routine, including checks for warning signs that need a doctor's review.",
      },
      {
        icon: "hand-heart",
        title: "Hands-On Relief",
        description:
          "Manual therapy and gentle mobilisation to ease pain and stiffness so you can move more freely.",
      },
      {
        icon: "dumbbell",
        title: "Stronger Core, Better Posture",
        description:
          "Exercises that build core strength and good posture to support your back and help prevent flare-ups.",
      },
      {
        icon: "home",
        title: "Advice for Work and Home",
        description:
          "Practical tips for your desk, chair, bed and daily lifting, set up in your own space.",
      },
    ],
  },
  conditions: {
    heading: "Back and Neck Problems We Treat",
    items: [
      "Poor posture",
      "Slip disc and sciatica",
      "Sedentary lifestyle and desk-job strain",
      "Muscular strain",
      "Lower back pain",
      "Upper back pain",
      "Neck pain",
    ],
  },
  reasons: {
    heading: "Our Treatment Approach",
    items: [
      "Manual therapy and soft-tissue mobilisation",
      "Core strengthening",
      "Posture correction",
      "Ergonomic advice for your home and office workstation",
      "Dry needling, where appropriate",
      "Heat and cold therapy",
      "TENS for pain relief",
      "A home exercise programme to keep you moving",
    ],
  },
  cta: {
    heading: "Get Relief from Back Pain at Home",
    text: "Tell us where it hurts and how long it has been going on, and we will reply within 24 hours to book your home visit.",
    chat: { label: "Book Now", message: backPainMessage },
  },
};

const sportsInjury: ServicePage = {
  ...serviceCatalog.sportsInjury,
  summary: "Structured rehab at home to recover from sports injuries and return to play safely.",
  icon: "dumbbell",
  seo: {
    title: "Sports Injury Physiotherapy at Home in Delhi NCR",
    description:
      "Sports injury physiotherapy at home in Delhi NCR for ACL tears, sprains, tennis elbow and shoulder injuries. Staged rehab and return-to-sport protocols.",
    keywords: [
      "sports injury physiotherapy",
      "sports injury physiotherapy Gurugram",
      "ACL rehabilitation at home Delhi",
      "ankle sprain physiotherapy Noida",
      "tennis elbow physiotherapy at home",
      "return to sport rehabilitation",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Sports Injury Physiotherapy at Home",
    text: "Recover from your injury with certified physiotherapists who guide you from early healing to a safe, staged return to your sport.",
    chat: { label: "Book a Free Assessment", message: sportsInjuryMessage },
  },
  benefits: {
    heading: "Rehab Built Around Your Sport",
    cards: [
      {
        icon: "target",
        title: "Sport-Specific Assessment",
        description:
          "We look at the injury, how it happened and what your sport demands before we plan your rehab.",
      },
      {
        icon: "trending-up",
        title: "Structured Rehab Stages",
        description:
          "Progress from pain relief to strength, balance and agility, moving on only when each stage is ready.",
      },
      {
        icon: "award",
        title: "Safe Return to Play",
        description:
          "Clear criteria and testing help you and your coach decide when you are ready to train and compete again.",
      },
      {
        icon: "shield",
        title: "Injury Prevention",
        description:
          "Warm-up routines, strength work and technique advice to lower the risk of the same injury coming back.",
      },
    ],
  },
  conditions: {
    heading: "Sports Injuries We Treat",
    items: [
      "ACL and MCL tears",
      "Tennis elbow",
      "Ankle sprains",
      "Shoulder injuries",
      "Knee injuries",
      "Ligament injuries",
      "Muscle strains",
      "Rotator cuff injuries",
    ],
  },
  reasons: {
    heading: "What You Get",
    items: [
      "A detailed assessment of your injury and movement",
      "A plan that follows your orthopaedic or sports doctor's advice",
      "Pain and swelling management in the early phase",
      "Progressive strength, mobility and balance training",
      "Rehab after surgery such as ACL reconstruction",
      "Sport-specific drills as your recovery allows",
      "Return-to-sport protocols with clear criteria at each stage",
      "An injury-prevention and home exercise programme",
    ],
  },
  cta: {
    heading: "Get Back to Your Sport",
    text: "Tell us about your injury and your sport, and we will reply within 24 hours to plan your first session at home.",
    chat: { label: "Start Your Recovery", message: sportsInjuryMessage },
  },
};

const senior: ServicePage = {
  ...serviceCatalog.senior,
  summary: "Gentle physiotherapy at home to help older adults stay mobile, steady and independent.",
  icon: "hand-heart",
  seo: {
    title: "Senior Physiotherapy at Home in Delhi NCR",
    description:
      "Physiotherapy at home for seniors in Delhi NCR. Certified physiotherapists help with arthritis, balance, fall prevention, Parkinson's and general weakness.",
    keywords: [
      "senior physiotherapy at home",
      "elderly physiotherapy at home Gurugram",
      "geriatric physiotherapy at home Delhi",
      "fall prevention exercises for seniors",
      "physiotherapy for elderly parents Noida",
      "arthritis physiotherapy at home",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Senior Physiotherapy at Home",
    text: "Patient, gentle care at home that helps your parents and grandparents move with more comfort, stay steady on their feet and keep doing what they enjoy.",
    chat: { label: "Book a Free Assessment", message: seniorMessage },
  },
  benefits: {
    heading: "Care That Fits Later Life",
    cards: [
      {
        icon: "shield",
        title: "Safer at Home",
        description:
          "Balance training and a home safety check to help reduce the risk of falls around the house.",
      },
      {
        icon: "footprints",
        title: "Better Mobility",
        description:
          "Gentle exercises to ease stiffness and build the strength needed for walking, stairs and getting up from a chair.",
      },
      {
        icon: "smile",
        title: "Independence in Daily Life",
        description:
          "Practice with everyday tasks so your loved one can do more for themselves, with confidence.",
      },
      {
        icon: "heart",
        title: "Patient, Respectful Care",
        description:
          "Sessions at a comfortable pace, with time to listen and explain, and regular updates for the family.",
      },
    ],
  },
  conditions: {
    heading: "Conditions We Help With",
    items: [
      "Arthritis and joint stiffness",
      "Balance problems and fall prevention",
      "Post-fall recovery",
      "Parkinson's disease",
      "Neurological conditions",
      "Mobility limitations",
      "Osteoporosis",
      "General weakness",
    ],
  },
  reasons: {
    heading: "Why Families Choose Us",
    items: [
      "Certified physiotherapists with 10+ years of experience",
      "Trusted by 500+ local families",
      "Gentle sessions at a pace your loved one is comfortable with",
      "Assessment of balance, strength and fall risk",
      "Plans that work alongside advice from your family doctor",
      "Regular updates for family members, including those living away",
      "Visits every day, 9:00 AM to 7:00 PM",
      "Home visits across Gurugram, Delhi, Noida, Greater Noida and Faridabad",
    ],
  },
  cta: {
    heading: "Help Your Loved One Stay Active at Home",
    text: "Tell us about your parent or grandparent's needs, and we will reply within 24 hours to arrange a first home visit.",
    chat: { label: "Chat on WhatsApp", message: seniorMessage },
  },
};

export const services: ServicePage[] = [stroke, postSurgery, backPain, sportsInjury, senior];

export const servicesByLang: Localized<ServicePage[]> = { en: services, hi: servicesHi };
