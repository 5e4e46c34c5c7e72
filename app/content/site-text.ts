// The words of the site's chrome and shared pieces (header, footer, contact bar, 404, labels the
// templates repeat), in each language: one record shape, both languages required by the type.
// The root loader sends the page's language's record with the page (useSiteText), so these words
// are in the HTML and the route data, never in the JavaScript bundle. With the pages' own records
// beside it in app/content/, this is the public site's catalogue (decision 026); the spec's words
// are marked "spec".
import { overallRating } from "#app/content/business.ts";
import type { AreaSlug, ServiceSlug } from "#app/content/catalog.ts";
import { homeVisit, serviceIllustrations } from "#app/content/illustrations.ts";
import type { Localized } from "#app/content/localized.ts";
import type { BlogPost } from "#app/content/types.ts";

export interface SiteText {
  skipLink: string;
  nav: { home: string; about: string; blog: string; contact: string; privacy: string };
  mainNavLabel: string;
  mobileNavLabel: string;
  bookNow: string;
  /** The header's staff words: English on Hindi pages too, as staff work in English. */
  admin: string;
  logout: string;
  /** The toasts after Logout (spec). */
  logoutToasts: { done: string; failed: string };
  openMenu: string;
  closeMenu: string;
  /** The header's link to the same page in the other language. */
  switchLanguage: { label: string; lang: string; title: string };
  /** English pages only: a short line, in Hindi, pointing Hindi readers to the Hindi page. */
  otherLanguageLine?: { text: string; link: string; lang: string };
  footer: {
    tagline: string;
    phone: string;
    email: string;
    hours: string;
    quickLinks: string;
    services: string;
    areas: string;
    rights: string;
  };
  /** The short names of the services and areas (footer, cards, 404). */
  serviceNames: Record<ServiceSlug, string>;
  areaNames: Record<AreaSlug, string>;
  contactBar: { label: string; call: string; chat: string; chatMessage: string };
  notFound: {
    title: string;
    page: string;
    home: string;
    helpBefore: string;
    or: string;
    request: string;
    ourServices: string;
  };
  /**
   * The page a staff screen or the family's status page shows while the database does not
   * answer (decision 041): 503, with the phone number ({phone}) for whoever needs the clinic now.
   */
  databaseAway: { title: string; text: string };
  /**
   * Words the page templates and sections repeat. Braces are placeholders the component fills:
   * {name}, {area}, {rating}, {index}, {total}, {years}, {languages}.
   */
  labels: {
    /** A card's link to its page; screen readers hear `learnMoreAbout` after it. */
    learnMore: string;
    /** " about {name}": completes "Learn more" for screen readers, {name} the page's name. */
    learnMoreAbout: string;
    faqHeading: string;
    /** The name of the hero's panel with the phone number. */
    callUs: string;
    callToBook: string;
    /** The provider's overall rating as every page's hero says it (business.ts), filled in here. */
    overallRating: string;
    /** A testimonial's stars: {rating} out of 5. */
    ratedOutOf5: string;
    /** Heard after every chat link's words (screen readers only). */
    opensWhatsApp: string;
    patientTestimonials: string;
    /** What screen readers call the testimonials' carousel and each of its slides. */
    carousel: string;
    slide: string;
    previousTestimonial: string;
    nextTestimonial: string;
    /** A testimonial slide's name: {index} of {total}. */
    testimonialOf: string;
    /** Before an article's note. */
    pleaseNote: string;
    yourPhysiotherapists: string;
    whatFamiliesSay: string;
    /** A service-area page's eyebrow and testimonials heading: {area} is the area's name. */
    homePhysiotherapyIn: string;
    whatPatientsInSay: string;
    /** A team member's council registration and their years and languages. */
    registration: string;
    practiceAndLanguages: string;
    readMore: string;
    backToBlog: string;
    blogPostNotFound: string;
    blogPostNotFoundText: string;
    lastUpdated: string;
    /** Under the privacy policy's heading: {name} is the business's name. */
    privacyText: string;
    /** The country at the end of the business's address. */
    country: string;
  };
  /** The blog's category labels; a post keeps its English category as the key. */
  blogCategories: Record<BlogPost["category"], string>;
  /**
   * What the pictures show (alt text): the home visit (every page's hero), and each service
   * page's own (sent by the service route's loader). The English is illustrations.ts's.
   */
  pictures: { homeVisit: string; services: Record<ServiceSlug, string> };
  /** The toast area's name and its close buttons' (screen readers). */
  toasts: { region: string; close: string };
}

// spec, both: the same on every page (staff read English).
const staffLogoutToasts = { done: "Logged out successfully", failed: "Failed to logout" };

const en: SiteText = {
  skipLink: "Skip to content",
  nav: {
    home: "Home",
    about: "About Us",
    blog: "Blog",
    contact: "Contact",
    privacy: "Privacy Policy",
  },
  mainNavLabel: "Main",
  mobileNavLabel: "Mobile",
  bookNow: "Book Now",
  admin: "Admin",
  logout: "Logout",
  logoutToasts: staffLogoutToasts,
  openMenu: "Open menu",
  closeMenu: "Close menu",
  switchLanguage: { label: "हिंदी", lang: "hi", title: "यह पेज हिंदी में" },
  otherLanguageLine: {
    text: "हिंदी में पढ़ना आसान है?",
    link: "यह पेज हिंदी में पढ़ें",
    lang: "hi",
  },
  footer: {
    tagline: "Certified physiotherapists who treat you at home across Delhi NCR.",
    phone: "Phone:",
    email: "Email:",
    hours: "Mon-Sun 9:00 AM - 7:00 PM",
    quickLinks: "Quick links",
    services: "Services",
    areas: "Areas we serve",
    rights: "All rights reserved.",
  },
  serviceNames: {
    "stroke-rehabilitation-at-home": "Stroke Rehabilitation",
    "post-surgery-physiotherapy-at-home": "Post-Surgery Physiotherapy",
    "back-pain-physiotherapy-at-home": "Back Pain Physiotherapy",
    "sports-injury-physiotherapy": "Sports Injury Physiotherapy",
    "senior-physiotherapy-at-home": "Senior Physiotherapy",
  },
  areaNames: {
    gurugram: "Gurugram",
    delhi: "Delhi",
    noida: "Noida",
    "greater-noida": "Greater Noida",
    faridabad: "Faridabad",
  },
  contactBar: {
    label: "Quick contact",
    call: "Call Now",
    chat: "WhatsApp",
    chatMessage: "Hi, I would like to book a free assessment for physiotherapy at home.",
  },
  notFound: {
    title: "Page Not Found",
    // spec, both
    page: "Oops! Page not found",
    home: "Return to Home",
    helpBefore: "Looking for help at home? Call us on",
    or: "or",
    request: "request an appointment",
    ourServices: "Our services",
  },
  databaseAway: {
    title: "Our records cannot be reached just now",
    text: "Nothing stored is lost, and this page works again by itself once they are back. Please try again in a few minutes, or call us on {phone}.",
  },
  labels: {
    learnMore: "Learn more",
    learnMoreAbout: " about {name}",
    faqHeading: "Frequently Asked Questions",
    callUs: "Call us",
    callToBook: "Call us to book a home visit",
    overallRating: `${overallRating.value} out of 5 · ${overallRating.count} ratings`,
    ratedOutOf5: "Rated {rating} out of 5",
    opensWhatsApp: " (opens WhatsApp in a new tab)",
    patientTestimonials: "Patient testimonials",
    carousel: "carousel",
    slide: "slide",
    previousTestimonial: "Previous testimonial",
    nextTestimonial: "Next testimonial",
    testimonialOf: "{index} of {total}",
    pleaseNote: "Please note: ",
    yourPhysiotherapists: "Your Physiotherapists",
    whatFamiliesSay: "What Families Say",
    homePhysiotherapyIn: "Home physiotherapy · {area}",
    whatPatientsInSay: "What Patients in {area} Say",
    registration: "Registration:",
    practiceAndLanguages: "{years} years of practice · Speaks {languages}",
    readMore: "Read More",
    // spec, both
    backToBlog: "Back to Blog",
    blogPostNotFound: "Blog Post Not Found",
    blogPostNotFoundText: "The article you are looking for does not exist.",
    lastUpdated: "Last Updated:",
    privacyText: "How {name} handles your personal data.",
    country: "India",
  },
  blogCategories: {
    "Pain Management": "Pain Management",
    "Post-Surgery Care": "Post-Surgery Care",
    "General Health": "General Health",
    "Sports Medicine": "Sports Medicine",
    "Elderly Care": "Elderly Care",
  },
  pictures: {
    homeVisit: homeVisit.alt,
    services: {
      "stroke-rehabilitation-at-home": serviceIllustrations["stroke-rehabilitation-at-home"].alt,
      "post-surgery-physiotherapy-at-home":
        serviceIllustrations["post-surgery-physiotherapy-at-home"].alt,
      "back-pain-physiotherapy-at-home":
        serviceIllustrations["back-pain-physiotherapy-at-home"].alt,
      "sports-injury-physiotherapy": serviceIllustrations["sports-injury-physiotherapy"].alt,
      "senior-physiotherapy-at-home": serviceIllustrations["senior-physiotherapy-at-home"].alt,
    },
  },
  toasts: { region: "Notifications", close: "Close toast" },
};

const hi: SiteText = {
  skipLink: "सीधे मुख्य जानकारी पर जाएँ",
  nav: {
    home: "होम",
    about: "हमारे बारे में",
    blog: "ब्लॉग",
    contact: "संपर्क",
    privacy: "प्राइवेसी पॉलिसी",
  },
  mainNavLabel: "मुख्य",
  mobileNavLabel: "मोबाइल",
  bookNow: "अभी बुक करें",
  admin: "Admin",
  logout: "Logout",
  logoutToasts: staffLogoutToasts,
  openMenu: "मेन्यू खोलें",
  closeMenu: "मेन्यू बंद करें",
  switchLanguage: { label: "English", lang: "en", title: "This page in English" },
  footer: {
    tagline: "सर्टिफाइड फिज़ियोथेरेपिस्ट, जो पूरे दिल्ली एनसीआर में आपके घर आकर इलाज करते हैं।",
    phone: "फ़ोन:",
    email: "ईमेल:",
    hours: "सोम–रवि, सुबह 9:00 – शाम 7:00",
    quickLinks: "ज़रूरी लिंक",
    services: "सेवाएँ",
    areas: "हम कहाँ आते हैं",
    rights: "सर्वाधिकार सुरक्षित।",
  },
  serviceNames: {
    "stroke-rehabilitation-at-home": "स्ट्रोक रिहैबिलिटेशन",
    "post-surgery-physiotherapy-at-home": "सर्जरी के बाद फिज़ियोथेरेपी",
    "back-pain-physiotherapy-at-home": "कमर दर्द की फिज़ियोथेरेपी",
    "sports-injury-physiotherapy": "खेल की चोट की फिज़ियोथेरेपी",
    "senior-physiotherapy-at-home": "बुज़ुर्गों की फिज़ियोथेरेपी",
  },
  areaNames: {
    gurugram: "गुरुग्राम",
    delhi: "दिल्ली",
    noida: "नोएडा",
    "greater-noida": "ग्रेटर नोएडा",
    faridabad: "फरीदाबाद",
  },
  contactBar: {
    label: "तुरंत संपर्क",
    call: "अभी कॉल करें",
    chat: "व्हाट्सऐप",
    chatMessage: "नमस्ते, मुझे घर पर फिज़ियोथेरेपी की मुफ़्त जाँच बुक करनी है।",
  },
  notFound: {
    title: "पेज नहीं मिला",
    page: "माफ़ कीजिए! यह पेज नहीं मिला",
    home: "होम पेज पर जाएँ",
    helpBefore: "घर पर इलाज चाहिए? हमें कॉल करें:",
    or: "या",
    request: "अपॉइंटमेंट के लिए अनुरोध भेजें",
    ourServices: "हमारी सेवाएँ",
  },
  databaseAway: {
    title: "अभी हमारा रिकॉर्ड खुल नहीं पा रहा है",
    text: "जो कुछ दर्ज है वह सुरक्षित है, और रिकॉर्ड लौटते ही यह पेज अपने-आप फिर चलने लगेगा। कृपया कुछ मिनट बाद फिर कोशिश करें, या हमें {phone} पर कॉल करें।",
  },
  labels: {
    learnMore: "और जानें",
    learnMoreAbout: ": {name} के बारे में",
    faqHeading: "अक्सर पूछे जाने वाले सवाल",
    callUs: "हमें कॉल करें",
    callToBook: "घर पर विज़िट बुक करने के लिए हमें कॉल करें",
    overallRating: `5 में से ${overallRating.value} · ${overallRating.count} रेटिंग`,
    ratedOutOf5: "5 में से {rating} रेटिंग",
    opensWhatsApp: " (नए टैब में व्हाट्सऐप खुलेगा)",
    patientTestimonials: "मरीज़ों के अनुभव",
    carousel: "कैरोसेल",
    slide: "स्लाइड",
    previousTestimonial: "पिछला अनुभव",
    nextTestimonial: "अगला अनुभव",
    testimonialOf: "{total} में से {index}",
    pleaseNote: "ध्यान दें: ",
    yourPhysiotherapists: "आपके फिज़ियोथेरेपिस्ट",
    whatFamiliesSay: "परिवार क्या कहते हैं",
    homePhysiotherapyIn: "घर पर फिज़ियोथेरेपी · {area}",
    whatPatientsInSay: "{area} के मरीज़ क्या कहते हैं",
    registration: "रजिस्ट्रेशन:",
    practiceAndLanguages: "{years} साल का अनुभव · भाषाएँ: {languages}",
    readMore: "पूरा पढ़ें",
    backToBlog: "ब्लॉग पर वापस जाएँ",
    blogPostNotFound: "ब्लॉग पोस्ट नहीं मिली",
    blogPostNotFoundText: "आप जो लेख ढूँढ रहे हैं, वह मौजूद नहीं है।",
    lastUpdated: "पिछला अपडेट:",
    privacyText: "{name} आपकी निजी जानकारी को कैसे संभालता है।",
    country: "भारत",
  },
  blogCategories: {
    "Pain Management": "दर्द से राहत",
    "Post-Surgery Care": "सर्जरी के बाद देखभाल",
    "General Health": "आम सेहत",
    "Sports Medicine": "स्पोर्ट्स मेडिसिन",
    "Elderly Care": "बुज़ुर्गों की देखभाल",
  },
  pictures: {
    homeVisit: "घर पर एक फिज़ियोथेरेपिस्ट मरीज़ को चलने में मदद करते हुए",
    services: {
      "stroke-rehabilitation-at-home": "वॉकर के सहारे चलते मरीज़ के साथ एक फिज़ियोथेरेपिस्ट",
      "post-surgery-physiotherapy-at-home":
        "सर्जरी के बाद बिस्तर पर घुटने की एक्सरसाइज़ करवाते एक फिज़ियोथेरेपिस्ट",
      "back-pain-physiotherapy-at-home":
        "रीढ़ की हड्डी, जहाँ से वह कमर दर्द आता है जिसका इलाज सेशन में होता है",
      "sports-injury-physiotherapy": "चोट के बाद फिर से खेल में लौटा खिलाड़ी, गेंद को किक करते हुए",
      "senior-physiotherapy-at-home": "छड़ी वाले एक बुज़ुर्ग को कुर्सी से उठने में मदद करते एक फिज़ियोथेरेपिस्ट",
    },
  },
  toasts: { region: "सूचनाएँ", close: "सूचना बंद करें" },
};

export const siteText: Localized<SiteText> = { en, hi };
