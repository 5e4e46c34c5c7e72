// What each public route shows, written out by hand from the pages as they are served (not
// derived from app/content): a change to the content, the routes or the templates that alters
// what a visitor or a crawler reads has to change this list too, on purpose.

export interface ExpectedPage {
  path: string;
  /** The page's one h1, exactly. */
  h1: string;
  /** A sentence of the page's main content, exactly as a reader sees it. */
  text: string;
  /** The aggregate rating in the page's structured data. */
  rating: { value: number; count: number };
}

const overall = { value: 4.8, count: 500 };

/** Every public route: prerendered, in the sitemap, in this order. */
export const expectedPages: ExpectedPage[] = [
  {
    path: "/",
    h1: "Get Certified Physiotherapist at home",
    text: "Fill in the appointment form or chat with us on WhatsApp and tell us briefly about your condition.",
    rating: overall,
  },
  {
    path: "/about",
    h1: "About Us",
    text: "Travelling to a clinic is hard when you are in pain, recovering from surgery or caring for an elderly parent.",
    rating: overall,
  },
  {
    path: "/blog",
    h1: "Health & Wellness Blog",
    text: "Five gentle stretches that can ease everyday lower back stiffness, with clear steps, hold times and the warning signs that mean you should see a doctor first.",
    rating: overall,
  },
  {
    path: "/blog/1",
    h1: "5 Essential Stretches for Lower Back Pain Relief",
    text: "Lower back pain is one of the most common reasons people in Delhi NCR reach out to a physiotherapist.",
    rating: overall,
  },
  {
    path: "/blog/2",
    h1: "Recovery Tips After Knee Surgery",
    text: "The operation fixes the structural problem; rehabilitation rebuilds the strength, movement and confidence around it.",
    rating: overall,
  },
  {
    path: "/blog/3",
    h1: "The Benefits of At-Home Physiotherapy",
    text: "Home physiotherapy brings a qualified physiotherapist to you.",
    rating: overall,
  },
  {
    path: "/blog/4",
    h1: "Preventing Sports Injuries: A Guide for Athletes",
    text: "Many sports injuries are not simply bad luck.",
    rating: overall,
  },
  {
    path: "/blog/5",
    h1: "Maintaining Mobility as You Age",
    text: "Much of what we call 'getting old' is actually the effect of moving less.",
    rating: overall,
  },
  {
    path: "/blog/6",
    h1: "Understanding Chronic Pain Management",
    text: "Pain that lasts longer than about three months, beyond the usual time for tissues to heal, is called chronic or persistent pain.",
    rating: overall,
  },
  {
    path: "/contact",
    h1: "Get in Touch",
    text: "Fill out the form below and we'll get back to you within 24 hours",
    rating: overall,
  },
  {
    path: "/privacy-policy",
    h1: "Privacy Policy",
    text: "Our website and booking service are not directed to people under 18 years of age, and we do not knowingly collect personal data directly from them.",
    rating: overall,
  },
  {
    path: "/service-areas/gurugram",
    h1: "Home Physiotherapy in Gurugram",
    text: "No long drives on Golf Course Road or NH-48 when you are in pain.",
    rating: { value: 4.8, count: 500 },
  },
  {
    path: "/service-areas/delhi",
    h1: "Home Physiotherapy in Delhi",
    text: "Licensed physiotherapists come to your home across South, West, North and East Delhi.",
    rating: { value: 4.7, count: 400 },
  },
  {
    path: "/service-areas/noida",
    h1: "Home Physiotherapy in Noida",
    text: "Certified physiotherapists visit homes across Noida's sectors, bringing assessment and treatment to your doorstep.",
    rating: { value: 4.7, count: 350 },
  },
  {
    path: "/service-areas/greater-noida",
    h1: "Home Physiotherapy in Greater Noida",
    text: "Licensed physiotherapists visit your home across Greater Noida, from Pari Chowk to Tech Zone.",
    rating: { value: 4.6, count: 250 },
  },
  {
    path: "/service-areas/faridabad",
    h1: "Home Physiotherapy in Faridabad",
    text: "Licensed physiotherapists visit your home across Faridabad, from NIT to Surajkund Road.",
    rating: { value: 4.8, count: 200 },
  },
  {
    path: "/stroke-rehabilitation-at-home",
    h1: "Stroke Rehabilitation at Home",
    text: "This ability, called neuroplasticity, is what rehabilitation builds on: regular, purposeful practice of movements such as reaching, standing and walking helps the brain relearn them.",
    rating: overall,
  },
  {
    path: "/post-surgery-physiotherapy-at-home",
    h1: "Post-Surgery Physiotherapy at Home",
    text: "We get you moving safely after surgery, within the precautions and limits set by your surgeon.",
    rating: overall,
  },
  {
    path: "/back-pain-physiotherapy-at-home",
    h1: "Back Pain Physiotherapy at Home",
    text: "Manual therapy and gentle mobilisation to ease pain and stiffness so you can move more freely.",
    rating: overall,
  },
  {
    path: "/sports-injury-physiotherapy",
    h1: "Sports Injury Physiotherapy at Home",
    text: "Progress from pain relief to strength, balance and agility, moving on only when each stage is ready.",
    rating: overall,
  },
  {
    path: "/senior-physiotherapy-at-home",
    h1: "Senior Physiotherapy at Home",
    text: "Balance training and a home safety check to help reduce the risk of falls around the house.",
    rating: overall,
  },
];

/** One prerendered page per template, plus every prerendered page of its own. */
export const templatePaths = [
  "/",
  "/about",
  "/blog",
  "/blog/1",
  "/contact",
  "/privacy-policy",
  "/service-areas/gurugram",
  "/stroke-rehabilitation-at-home",
];

/** Those, and the pages rendered per request: axe checks these at both widths. */
export const axePaths = [...templatePaths, "/no-such-page", "/auth"];
