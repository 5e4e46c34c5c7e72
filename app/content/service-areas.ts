// Service-area pages: one record per city in Delhi NCR, laid out by the service-area template.
import { areaCatalog } from "#app/content/catalog.ts";
import { serviceAreasHi } from "#app/content/hi/service-areas.ts";
import type { Localized } from "#app/content/localized.ts";
import type { ServiceAreaPage } from "#app/content/types.ts";

const gurugram: ServiceAreaPage = {
  ...areaCatalog.gurugram,
  seo: {
    title: "Home Physiotherapy in Gurugram | Physiotherapist at Home",
    description:
      "Certified physiotherapists at home in Gurugram for stroke rehab, post-surgery recovery and back pain. Visits every day, 9 AM to 7 PM, across DLF and Sohna Road.",
    keywords: [
      "physiotherapy at home Gurugram",
      "home physiotherapist Gurugram",
      "physiotherapist in Gurgaon",
      "stroke rehabilitation Gurugram",
      "post-surgery physiotherapy Gurugram",
      "back pain physiotherapy Gurugram",
    ],
  },
  rating: { value: 4.8, count: 500 },
  hero: {
    heading: "Home Physiotherapy in Gurugram",
    text: "Certified physiotherapists visit your home anywhere in Gurugram, from DLF Phase 1 to Golf Course Extension Road. Get one-to-one care without the traffic or the waiting room.",
    bookLabel: "Book Home Visit",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Gurugram.",
    },
  },
  whyChoose: {
    heading: "Why Gurugram Families Choose Us",
    cards: [
      {
        icon: "user-check",
        title: "Certified Physiotherapists",
        description:
          "Every visit is made by a licensed physiotherapist with 10+ years of experience.",
      },
      {
        icon: "home",
        title: "Care in Your Own Home",
        description:
          "No long drives on Golf Course Road or NH-48 when you are in pain. Your sessions take place in the comfort of your own home.",
      },
      {
        icon: "clock",
        title: "Open Every Day",
        description:
          "Home visits run every day from 9:00 AM to 7:00 PM. Send us a message and we will reply within 24 hours.",
      },
    ],
  },
  services: {
    heading: "Physiotherapy Services in Gurugram",
    cards: [
      {
        icon: "brain",
        title: "Stroke Rehabilitation",
        description:
          "Step-by-step work on balance, walking and daily activities after a stroke. Family members are shown how to help safely between sessions.",
      },
      {
        icon: "bone",
        title: "Post-Surgery Rehabilitation",
        description:
          "Guided recovery after knee or hip replacement, spine surgery and fractures. We follow your surgeon's advice at every stage.",
      },
      {
        icon: "activity",
        title: "Back & Neck Pain",
        description:
          "Relief for back and neck pain linked to long desk hours and commuting. Treatment combines manual therapy, exercise and posture advice.",
      },
      {
        icon: "dumbbell",
        title: "Sports Injury Rehabilitation",
        description:
          "Rehabilitation for sprains, ligament injuries and running pains. We help you return to your sport gradually and safely.",
      },
    ],
  },
  localities: {
    heading: "Areas We Serve in Gurugram",
    text: "Our physiotherapists make home visits across Gurugram, including these localities and the sectors around them.",
    list: [
      "DLF Phase 1",
      "DLF Phase 2",
      "DLF Phase 3",
      "DLF Phase 4",
      "DLF Phase 5",
      "Sushant Lok",
      "Golf Course Road",
      "Golf Course Extension Road",
      "Sohna Road",
      "South City",
      "Nirvana Country",
      "Palam Vihar",
      "Sector 56",
      "MG Road",
    ],
  },
  testimonials: [
    {
      name: "Rajesh Sharma",
      initials: "RS",
      location: "DLF Phase 4",
      rating: 5,
      text: "My father had a stroke last year and taking him to a clinic was very difficult. The physiotherapist came home three times a week and was very patient with him. He now walks inside the house with a stick and is far more confident.",
    },
    {
      name: "Anjali Mehta",
      initials: "AM",
      location: "Sushant Lok",
      rating: 5,
      text: "After my knee replacement I was nervous about doing exercises on my own. The sessions at home were well planned and each step was explained clearly. I was climbing stairs again sooner than I expected.",
    },
    {
      name: "Vikram Singh",
      initials: "VS",
      location: "Sohna Road",
      rating: 5,
      text: "Years of long hours at my desk had left me with constant lower back pain. Evening sessions at home fitted around my work, and the exercises I was given have made a real difference.",
    },
  ],
  cta: {
    heading: "Start Your Recovery at Home in Gurugram",
    text: "Tell us about your condition and we will arrange a visit from a certified physiotherapist near you.",
    bookLabel: "Schedule Appointment",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Gurugram.",
    },
  },
};

const delhi: ServiceAreaPage = {
  ...areaCatalog.delhi,
  seo: {
    title: "Home Physiotherapy in Delhi | Physiotherapist at Home",
    description:
      "Licensed physiotherapists at home across Delhi, from Saket and Vasant Kunj to Dwarka and Rohini. Stroke, post-surgery and pain care every day, 9 AM to 7 PM.",
    keywords: [
      "physiotherapy at home Delhi",
      "home physiotherapist Delhi",
      "physiotherapist in South Delhi",
      "stroke rehabilitation Delhi",
      "elderly physiotherapy at home Delhi",
      "knee replacement physiotherapy Delhi",
    ],
  },
  rating: { value: 4.7, count: 400 },
  hero: {
    heading: "Home Physiotherapy in Delhi",
    text: "Licensed physiotherapists come to your home across South, West, North and East Delhi. Recover in familiar surroundings with a treatment plan made for you.",
    bookLabel: "Book Home Visit",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Delhi.",
    },
  },
  whyChoose: {
    heading: "Why Delhi Families Choose Us",
    cards: [
      {
        icon: "award",
        title: "Experienced Physiotherapists",
        description:
          "Our licensed physiotherapists bring 10+ years of experience in neurological, orthopaedic and elderly care.",
      },
      {
        icon: "clipboard",
        title: "Personalised Treatment Plans",
        description:
          "Each plan starts with a detailed assessment at home. Goals and exercises are reviewed as you progress.",
      },
      {
        icon: "users",
        title: "Trusted Across Delhi NCR",
        description:
          "More than 500 families across Delhi NCR have chosen us for care at home. We reply to every enquiry within 24 hours.",
      },
    ],
  },
  services: {
    heading: "Physiotherapy Services in Delhi",
    cards: [
      {
        icon: "brain",
        title: "Stroke Rehabilitation",
        description:
          "Regular home sessions to rebuild movement, balance and independence after a stroke. Progress is tracked at every visit.",
      },
      {
        icon: "bone",
        title: "Post-Surgery Rehabilitation",
        description:
          "Structured recovery after joint replacement, ligament repair or fracture surgery, in line with your surgeon's advice.",
      },
      {
        icon: "hand-heart",
        title: "Elderly Care",
        description:
          "Gentle exercises for strength, balance and mobility that help older adults stay active and reduce the risk of falls.",
      },
      {
        icon: "activity",
        title: "Back & Neck Pain",
        description:
          "Assessment and treatment for slipped disc, sciatica, spondylosis and posture-related pain, with exercises you can continue on your own.",
      },
    ],
  },
  localities: {
    heading: "Areas We Serve in Delhi",
    text: "We make home visits across Delhi, including these neighbourhoods and the colonies nearby.",
    list: [
      "Greater Kailash",
      "Saket",
      "Vasant Kunj",
      "Hauz Khas",
      "Defence Colony",
      "Lajpat Nagar",
      "Dwarka",
      "Rohini",
      "Janakpuri",
      "Punjabi Bagh",
      "Rajouri Garden",
      "Mayur Vihar",
      "Preet Vihar",
    ],
  },
  testimonials: [
    {
      name: "Sunita Kapoor",
      initials: "SK",
      location: "Vasant Kunj",
      rating: 5,
      text: "My mother is 78 and had become unsteady on her feet. The physiotherapist worked on her balance at home and showed us how to make the house safer. She now walks to the park with us every evening.",
    },
    {
      name: "Amit Verma",
      initials: "AV",
      location: "Dwarka",
      rating: 5,
      text: "I needed physiotherapy after ankle surgery and could not travel. The therapist was punctual, explained every exercise and increased the workload slowly. I am back at work and walking normally.",
    },
  ],
  cta: {
    heading: "Book Physiotherapy at Home in Delhi",
    text: "Share a few details about your condition and we will arrange a visit by a licensed physiotherapist in your area.",
    bookLabel: "Book Now",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Delhi.",
    },
  },
};

const noida: ServiceAreaPage = {
  ...areaCatalog.noida,
  seo: {
    title: "Home Physiotherapy in Noida | Physiotherapist at Home",
    description:
      "Certified physiotherapists at home in Noida, from Sector 18 and Sector 62 to Sector 137. Stroke, post-surgery and pain rehab every day, 9:00 AM to 7:00 PM.",
    keywords: [
      "physiotherapy at home Noida",
      "home physiotherapist Noida",
      "physiotherapist in Noida",
      "stroke rehabilitation Noida",
      "post-surgery physiotherapy Noida",
      "back pain treatment Noida",
    ],
  },
  rating: { value: 4.7, count: 350 },
  hero: {
    heading: "Home Physiotherapy in Noida",
    text: "Certified physiotherapists visit homes across Noida's sectors, bringing assessment and treatment to your doorstep. Start your recovery without travelling to a clinic.",
    bookLabel: "Book Home Visit",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Noida.",
    },
  },
  whyChoose: {
    heading: "Why Noida Families Choose Us",
    cards: [
      {
        icon: "shield",
        title: "Licensed and Experienced",
        description:
          "All our physiotherapists are licensed and bring 10+ years of experience in home rehabilitation.",
      },
      {
        icon: "target",
        title: "One-to-One Attention",
        description:
          "Each session is dedicated to you alone, with a plan based on a detailed assessment at home.",
      },
      {
        icon: "calendar",
        title: "Visits Every Day",
        description:
          "Choose a time between 9:00 AM and 7:00 PM on any day of the week. We reply to every enquiry within 24 hours.",
      },
    ],
  },
  services: {
    heading: "Physiotherapy Services in Noida",
    cards: [
      {
        icon: "brain",
        title: "Stroke Rehabilitation",
        description:
          "Home-based therapy to improve strength, balance and walking after a stroke, with guidance for family caregivers.",
      },
      {
        icon: "bone",
        title: "Post-Surgery Rehabilitation",
        description:
          "Recovery programmes after knee or hip replacement, spine surgery and fracture fixation, matched to your surgeon's instructions.",
      },
      {
        icon: "activity",
        title: "Back & Neck Pain",
        description:
          "Hands-on treatment and targeted exercises for back pain, neck stiffness and sciatica. We also advise on posture for work and home.",
      },
      {
        icon: "hand-heart",
        title: "Elderly Care",
        description:
          "Gentle strength and balance training that helps seniors move with more confidence and stay independent at home.",
      },
    ],
  },
  localities: {
    heading: "Areas We Serve in Noida",
    text: "Our physiotherapists visit homes in these Noida sectors and the neighbouring ones.",
    list: [
      "Sector 15",
      "Sector 18",
      "Sector 27",
      "Sector 44",
      "Sector 50",
      "Sector 62",
      "Sector 75",
      "Sector 76",
      "Sector 78",
      "Sector 93",
      "Sector 128",
      "Sector 137",
    ],
  },
  testimonials: [
    {
      name: "Neha Gupta",
      initials: "NG",
      location: "Sector 50",
      rating: 5,
      text: "My husband needed physiotherapy after a hip replacement. The physiotherapist was thorough and always on time, and she adjusted the exercises as he got stronger. He is now walking without a walker.",
    },
    {
      name: "Suresh Agarwal",
      initials: "SA",
      location: "Sector 137",
      rating: 5,
      text: "I had been living with neck pain for months because of my work routine. The sessions at home helped me understand what was causing it, and the pain has reduced a great deal.",
    },
  ],
  cta: {
    heading: "Get a Physiotherapist at Home in Noida",
    text: "Book a visit or message us with your concern, and a certified physiotherapist will plan your care.",
    bookLabel: "Schedule Appointment",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Noida.",
    },
  },
};

const greaterNoida: ServiceAreaPage = {
  ...areaCatalog.greaterNoida,
  seo: {
    title: "Home Physiotherapy in Greater Noida | Physio at Home",
    description:
      "Physiotherapy at home in Greater Noida for pain, fractures, stroke and weak muscles. Licensed physiotherapists visit Pari Chowk, Alpha, Beta and Omega Sectors.",
    keywords: [
      "physiotherapy at home Greater Noida",
      "home physiotherapist Greater Noida",
      "physiotherapist in Greater Noida",
      "post-fracture rehabilitation Greater Noida",
      "stroke therapy Greater Noida",
      "pain management Greater Noida",
    ],
  },
  rating: { value: 4.6, count: 250 },
  hero: {
    heading: "Home Physiotherapy in Greater Noida",
    text: "Licensed physiotherapists visit your home across Greater Noida, from Pari Chowk to Tech Zone. Get expert care at a time that suits your family.",
    bookLabel: "Book Home Visit",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Greater Noida.",
    },
  },
  whyChoose: {
    heading: "Why Greater Noida Families Choose Us",
    cards: [
      {
        icon: "calendar",
        title: "Flexible Scheduling",
        description:
          "Pick an early morning or evening slot within our visiting hours of 9:00 AM to 7:00 PM, every day of the week.",
      },
      {
        icon: "stethoscope",
        title: "Doctor-Approved Plans",
        description:
          "Your treatment plan is built around your doctor's or surgeon's advice and reviewed as you recover.",
      },
      {
        icon: "wallet",
        title: "Affordable Rates",
        description:
          "Transparent pricing with no hidden charges and flexible payment options. All costs are explained clearly before your first session.",
      },
    ],
  },
  services: {
    heading: "Physiotherapy Services in Greater Noida",
    cards: [
      {
        icon: "activity",
        title: "Pain Management",
        description:
          "Treatment for back, neck, knee and shoulder pain using manual therapy and exercise, with advice to prevent it returning.",
      },
      {
        icon: "bone",
        title: "Post-Fracture Rehabilitation",
        description:
          "Restore strength and movement once your plaster or brace comes off. Exercises progress as your bone heals.",
      },
      {
        icon: "brain",
        title: "Post-Stroke Therapy",
        description:
          "Regular home sessions to work on movement, balance and daily tasks after a stroke, with support for caregivers.",
      },
      {
        icon: "dumbbell",
        title: "Muscle Strengthening",
        description:
          "Progressive exercise programmes to rebuild strength after illness, long bed rest or inactivity.",
      },
    ],
  },
  localities: {
    heading: "Areas We Serve in Greater Noida",
    text: "We make home visits across Greater Noida, including these sectors and neighbourhoods.",
    list: [
      "Pari Chowk",
      "Alpha Sectors",
      "Beta Sectors",
      "Gamma Sectors",
      "Omega Sectors",
      "Zeta Sectors",
      "Surajpur",
      "Knowledge Park",
      "Jaypee Greens",
      "Gaur City",
      "Sector Chi",
      "Tech Zone",
    ],
  },
  testimonials: [
    {
      name: "Pooja Yadav",
      initials: "PY",
      location: "Jaypee Greens",
      rating: 5,
      text: "My mother fractured her wrist and was very stiff once the plaster came off. The physiotherapist visited in the evenings, when I could be at home, and her movement has improved steadily.",
    },
    {
      name: "Manoj Tiwari",
      initials: "MT",
      location: "Beta Sectors",
      rating: 5,
      text: "After my father's stroke we were unsure how to help him at home. The therapist worked with him patiently and taught us exercises to continue daily. He can now get up from his chair on his own.",
    },
  ],
  cta: {
    heading: "Book Physiotherapy at Home in Greater Noida",
    text: "Tell us what you need and we will arrange a visit from a licensed physiotherapist at a time that suits you.",
    bookLabel: "Book Now",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I need a physiotherapist at home in Greater Noida.",
    },
  },
};

const faridabadChat = {
  label: "Chat on WhatsApp",
  message: "Hi, I would like to book a home physiotherapy session in Faridabad.",
};

const faridabad: ServiceAreaPage = {
  ...areaCatalog.faridabad,
  seo: {
    title: "Home Physiotherapy in Faridabad | Physiotherapist at Home",
    description:
      "Licensed physiotherapists at home in Faridabad for pain, stroke rehab, mobility and post-op care. Visits in Sector 15, Sector 21, NIT and Greenfield Colony.",
    keywords: [
      "physiotherapy at home Faridabad",
      "home physiotherapist Faridabad",
      "physiotherapist in Faridabad",
      "stroke rehabilitation Faridabad",
      "post-surgery physiotherapy Faridabad",
      "pain management Faridabad",
    ],
  },
  rating: { value: 4.8, count: 200 },
  hero: {
    heading: "Home Physiotherapy in Faridabad",
    text: "Licensed physiotherapists visit your home across Faridabad, from NIT to Surajkund Road. Message us on WhatsApp to book a session at a time that works for you.",
    chat: faridabadChat,
  },
  whyChoose: {
    heading: "Why Faridabad Families Choose Us",
    cards: [
      {
        icon: "award",
        title: "Licensed Professionals",
        description:
          "Every session is delivered by a licensed physiotherapist with 10+ years of experience in home rehabilitation.",
      },
      {
        icon: "clock",
        title: "Convenient Timing",
        description:
          "Evening and weekend visits are available, so care fits around work and family. We visit every day from 9:00 AM to 7:00 PM.",
      },
      {
        icon: "trending-up",
        title: "Proven Results",
        description:
          "We use evidence-based techniques and record your progress at every visit, so you can see how your recovery is going.",
      },
    ],
  },
  services: {
    heading: "Physiotherapy Services in Faridabad",
    cards: [
      {
        icon: "activity",
        title: "Pain Management",
        description:
          "Relief for back, neck, knee and joint pain through manual therapy, exercise and practical advice for daily life.",
      },
      {
        icon: "brain",
        title: "Stroke Rehabilitation",
        description:
          "Home therapy to rebuild strength, balance and independence after a stroke, with guidance for family members.",
      },
      {
        icon: "footprints",
        title: "Mobility Improvement",
        description:
          "Exercises for walking, balance and flexibility that help you move around the home and outdoors with more confidence.",
      },
      {
        icon: "heart-pulse",
        title: "Post-Surgery Care",
        description:
          "Safe, structured recovery after joint replacement, spine or fracture surgery, in line with your surgeon's advice.",
      },
    ],
  },
  localities: {
    heading: "Areas We Serve in Faridabad",
    text: "Our physiotherapists make home visits across Faridabad, including these sectors and neighbourhoods.",
    list: [
      "Sector 14",
      "Sector 15",
      "Sector 16",
      "Sector 21",
      "Sector 28",
      "Sector 31",
      "Sector 37",
      "Greenfield Colony",
      "Surajkund Road",
      "NIT Faridabad",
      "Old Faridabad",
      "New Industrial Township",
    ],
  },
  testimonials: [
    {
      name: "Kavita Malhotra",
      initials: "KM",
      location: "Sector 15",
      rating: 5,
      text: "My knee pain had made even short walks difficult. The physiotherapist came on weekends when my son could be at home, and the exercises have helped me walk to the market again.",
    },
    {
      name: "Deepak Chauhan",
      initials: "DC",
      location: "Greenfield Colony",
      rating: 5,
      text: "After my spine surgery I needed regular physiotherapy but could not sit in a car for long. The home sessions were well organised and the therapist explained each stage of recovery clearly.",
    },
  ],
  cta: {
    heading: "Book a Home Physiotherapy Session in Faridabad",
    text: "Send us a message on WhatsApp and we will arrange a visit from a licensed physiotherapist near you.",
    chat: faridabadChat,
  },
};

export const serviceAreas: ServiceAreaPage[] = [gurugram, delhi, noida, greaterNoida, faridabad];

export const serviceAreasByLang: Localized<ServiceAreaPage[]> = {
  en: serviceAreas,
  hi: serviceAreasHi,
};
