// Home page words: hero, how it works, services, testimonials and closing call to action.
import { overallRating } from "#app/content/business.ts";
import { serviceCatalog, servicePath } from "#app/content/catalog.ts";
import { homeHi } from "#app/content/hi/home.ts";
import type { Localized } from "#app/content/localized.ts";
import type {
  Card,
  CardLink,
  ChatAction,
  PageSeo,
  Rating,
  Testimonial,
} from "#app/content/types.ts";

/** A home service card leads to its service page, so no card is a dead end. */
type ServiceCard = Card & { link: CardLink };

function linkTo(service: (typeof serviceCatalog)[keyof typeof serviceCatalog]): CardLink {
  return { to: servicePath(service.slug), pageName: service.name };
}

/** One numbered step of the booking process. */
interface HomeStep {
  title: string;
  description: string;
  /** Its drawing (public/illustrations/), beside the title that says the same. */
  illustration: string;
}

export interface HomeContent {
  seo: PageSeo;
  rating: Rating;
  hero: {
    heading: string;
    text: string;
    /** Button to the form (bookPath). */
    bookLabel: string;
    chat: ChatAction;
    /** Up to three short trust points shown under the buttons. */
    trustPoints: string[];
  };
  howItWorks: {
    heading: string;
    intro: string;
    steps: [HomeStep, HomeStep, HomeStep];
    /** Button to the form (bookPath) under the steps. */
    buttonLabel: string;
  };
  ourServices: {
    heading: string;
    intro: string;
    cards: [ServiceCard, ServiceCard, ServiceCard, ServiceCard];
  };
  testimonials: {
    heading: string;
    items: [Testimonial, Testimonial, Testimonial];
  };
  /** The cards themselves come from services.ts. */
  specialized: {
    heading: string;
    intro: string;
  };
  cta: {
    heading: string;
    text: string;
    /** Button to the form (bookPath). */
    buttonLabel: string;
  };
}

const home: HomeContent = {
  seo: {
    title: "Physiotherapist at Home in Gurugram | Home Physiotherapy",
    description:
      "Certified physiotherapists visit your home in Gurugram and across Delhi NCR for pain relief, post-surgery rehab, sports injuries and elderly care.",
    keywords: [
      "physiotherapist at home Gurugram",
      "home physiotherapy Gurugram",
      "physiotherapy at home Delhi NCR",
      "home physio near me",
      "post-surgery physiotherapy at home",
      "elderly physiotherapy at home",
      "back pain physiotherapy at home",
    ],
  },
  rating: overallRating,
  hero: {
    heading: "Get Certified Physiotherapist at home",
    text: "Our certified physiotherapists come to your home across Gurugram and Delhi NCR, so you can recover in comfort with a treatment plan built around you.",
    bookLabel: "Book a Free Assessment",
    chat: {
      label: "Chat on WhatsApp",
      message: "Hi, I would like to book a free assessment for physiotherapy at home.",
    },
    trustPoints: ["10+ years experience", "500+ families served", "Mon–Sun, 9 AM – 7 PM"],
  },
  howItWorks: {
    heading: "How It Works",
    intro: "Getting physiotherapy at home takes three simple steps.",
    steps: [
      {
        title: "Book a Session",
        description:
          "Fill in the appointment form or chat with us on WhatsApp and tell us briefly about your condition.",
        illustration: "/illustrations/step-book.svg",
      },
      {
        title: "Get Matched",
        description:
          "We match you with a certified physiotherapist who works near your area and suits your needs.",
        illustration: "/illustrations/step-match.svg",
      },
      {
        title: "Start Treatment at Home",
        description:
          "Your physiotherapist assesses you at home and begins a treatment plan at a pace that is right for you.",
        illustration: "/illustrations/step-home.svg",
      },
    ],
    buttonLabel: "Book Now",
  },
  ourServices: {
    heading: "Our Services",
    intro:
      "Physiotherapy for a wide range of needs, delivered by experienced professionals in the comfort of your home.",
    cards: [
      {
        icon: "dumbbell",
        title: "Sports Injury Recovery",
        description:
          "Treatment for sprains, strains and ligament injuries, with guided exercises to help you return to activity safely.",
        link: linkTo(serviceCatalog.sportsInjury),
      },
      {
        icon: "stethoscope",
        title: "Post-Surgery Rehabilitation",
        description:
          "Structured rehab after knee or hip replacement, fracture fixation and spine surgery to rebuild strength and movement.",
        link: linkTo(serviceCatalog.postSurgery),
      },
      {
        icon: "activity",
        title: "Pain Management",
        description:
          "Relief for back, neck, shoulder and joint pain through manual therapy, exercise and advice on posture.",
        link: linkTo(serviceCatalog.backPain),
      },
      {
        icon: "hand-heart",
        title: "Elderly Care",
        description:
          "Gentle sessions for seniors to improve balance, mobility and confidence, and to lower the risk of falls.",
        link: linkTo(serviceCatalog.senior),
      },
    ],
  },
  testimonials: {
    heading: "What Our Patients Say",
    items: [
      {
        name: "Ritu Malhotra",
        initials: "RM",
        location: "DLF Phase 4, Gurugram",
        rating: 5,
        text: "My father started physiotherapy at home after his knee replacement. The physiotherapist was punctual and patient, and explained every exercise clearly. He is now walking around the house on his own again.",
      },
      {
        name: "Amit Bansal",
        initials: "AB",
        location: "Sector 62, Noida",
        rating: 5,
        text: "I had lower back pain from long hours at my desk. The sessions at home saved me the travel, and the exercises I was taught have helped a lot.",
      },
      {
        name: "Neha Kapoor",
        initials: "NK",
        location: "Vasant Kunj, New Delhi",
        rating: 5,
        text: "After a sports injury to my ankle, the physiotherapist built a step-by-step plan for me. Booking was easy, and the sessions always fitted around my schedule.",
      },
    ],
  },
  specialized: {
    heading: "Specialized Physiotherapy Services",
    intro:
      "Focused treatment programmes for specific conditions, each delivered at home by our certified physiotherapists.",
  },
  cta: {
    heading: "Ready to Start Your Recovery at Home?",
    text: "Book an appointment and a certified physiotherapist will visit you at home. We are available every day from 9:00 AM to 7:00 PM across Delhi NCR.",
    buttonLabel: "Schedule Appointment",
  },
};

/** The home page in each language. */
export const homeByLang: Localized<HomeContent> = { en: home, hi: homeHi };
