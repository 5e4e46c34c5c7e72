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

/**
 * The Hindi twin of every public route, under /hi, in the same order: the same ratings, the h1 and
 * a sentence of the main text as a Hindi reader sees them (copied from the served pages).
 */
export const expectedHindiPages: ExpectedPage[] = [
  {
    path: "/hi",
    h1: "घर पर पाएँ सर्टिफाइड फिज़ियोथेरेपिस्ट",
    text: "अपॉइंटमेंट फ़ॉर्म भरें या व्हाट्सऐप पर हमसे चैट करें, और अपनी तकलीफ़ के बारे में थोड़ा बताएँ।",
    rating: overall,
  },
  {
    path: "/hi/about",
    h1: "हमारे बारे में",
    text: "जब दर्द हो, सर्जरी के बाद ठीक हो रहे हों या बुज़ुर्ग माता-पिता की देखभाल कर रहे हों, तब क्लिनिक जाना मुश्किल होता है।",
    rating: overall,
  },
  {
    path: "/hi/blog",
    h1: "सेहत और तंदुरुस्ती ब्लॉग",
    text: "पाँच हल्के स्ट्रेच जो कमर की रोज़ की जकड़न कम कर सकते हैं: साफ़ स्टेप, कितनी देर रोकें, और वे खतरे के संकेत जिनमें पहले डॉक्टर को दिखाना चाहिए।",
    rating: overall,
  },
  {
    path: "/hi/blog/1",
    h1: "कमर दर्द में आराम के लिए 5 ज़रूरी स्ट्रेच",
    text: "दिल्ली एनसीआर में लोगों के फिज़ियोथेरेपिस्ट के पास आने की सबसे आम वजहों में कमर दर्द एक है।",
    rating: overall,
  },
  {
    path: "/hi/blog/2",
    h1: "घुटने की सर्जरी के बाद रिकवरी के टिप्स",
    text: "ऑपरेशन ढांचे की समस्या ठीक करता है; रिहैबिलिटेशन उसके आसपास ताकत, हरकत और भरोसा फिर से बनाता है।",
    rating: overall,
  },
  {
    path: "/hi/blog/3",
    h1: "घर पर फिज़ियोथेरेपी के फ़ायदे",
    text: "घर पर फिज़ियोथेरेपी में योग्य फिज़ियोथेरेपिस्ट आपके पास आते हैं।",
    rating: overall,
  },
  {
    path: "/hi/blog/4",
    h1: "खेल में चोट से बचाव: खिलाड़ियों के लिए गाइड",
    text: "खेल की कई चोटें सिर्फ बदकिस्मती नहीं होतीं।",
    rating: overall,
  },
  {
    path: "/hi/blog/5",
    h1: "बढ़ती उम्र में चलना-फिरना बनाए रखें",
    text: "जिसे हम 'बूढ़ा होना' कहते हैं, उसका बड़ा हिस्सा असल में कम हिलने-डुलने का असर है।",
    rating: overall,
  },
  {
    path: "/hi/blog/6",
    h1: "पुराने दर्द (क्रॉनिक पेन) को समझना और सँभालना",
    text: "जो दर्द लगभग तीन महीने से ज़्यादा रहे, यानी टिशू के ठीक होने के सामान्य समय के बाद भी, उसे क्रॉनिक या पुराना दर्द कहते हैं।",
    rating: overall,
  },
  {
    path: "/hi/contact",
    h1: "हमसे संपर्क करें",
    text: "नीचे दिया फ़ॉर्म भरें, हम 24 घंटे के अंदर आपसे संपर्क करेंगे",
    rating: overall,
  },
  {
    path: "/hi/privacy-policy",
    h1: "प्राइवेसी पॉलिसी",
    text: "हमारी वेबसाइट और बुकिंग सेवा 18 साल से कम उम्र के लोगों के लिए नहीं है, और हम जान-बूझकर उनसे सीधे व्यक्तिगत डेटा इकट्ठा नहीं करते।",
    rating: overall,
  },
  {
    path: "/hi/service-areas/gurugram",
    h1: "गुरुग्राम में घर पर फिज़ियोथेरेपी",
    text: "दर्द में गोल्फ़ कोर्स रोड या एनएच-48 पर लंबी ड्राइव की ज़रूरत नहीं।",
    rating: { value: 4.8, count: 500 },
  },
  {
    path: "/hi/service-areas/delhi",
    h1: "दिल्ली में घर पर फिज़ियोथेरेपी",
    text: "लाइसेंसधारी फिज़ियोथेरेपिस्ट साउथ, वेस्ट, नॉर्थ और ईस्ट दिल्ली में आपके घर आते हैं।",
    rating: { value: 4.7, count: 400 },
  },
  {
    path: "/hi/service-areas/noida",
    h1: "नोएडा में घर पर फिज़ियोथेरेपी",
    text: "सर्टिफाइड फिज़ियोथेरेपिस्ट नोएडा के सेक्टरों में घर-घर आते हैं और जाँच व इलाज आपके दरवाज़े तक लाते हैं।",
    rating: { value: 4.7, count: 350 },
  },
  {
    path: "/hi/service-areas/greater-noida",
    h1: "ग्रेटर नोएडा में घर पर फिज़ियोथेरेपी",
    text: "लाइसेंसधारी फिज़ियोथेरेपिस्ट पूरे ग्रेटर नोएडा में, परी चौक से टेक ज़ोन तक, आपके घर आते हैं।",
    rating: { value: 4.6, count: 250 },
  },
  {
    path: "/hi/service-areas/faridabad",
    h1: "फरीदाबाद में घर पर फिज़ियोथेरेपी",
    text: "लाइसेंसधारी फिज़ियोथेरेपिस्ट पूरे फरीदाबाद में, एनआईटी से सूरजकुंड रोड तक, आपके घर आते हैं।",
    rating: { value: 4.8, count: 200 },
  },
  {
    path: "/hi/stroke-rehabilitation-at-home",
    h1: "घर पर स्ट्रोक रिहैबिलिटेशन",
    text: "इसे न्यूरोप्लास्टिसिटी कहते हैं, और रिहैब इसी पर टिका है: हाथ बढ़ाने, खड़े होने और चलने जैसी हरकतों का नियमित, सोचा-समझा अभ्यास दिमाग को इन्हें दोबारा सीखने में मदद करता है।",
    rating: overall,
  },
  {
    path: "/hi/post-surgery-physiotherapy-at-home",
    h1: "घर पर सर्जरी के बाद फिज़ियोथेरेपी",
    text: "सर्जरी के बाद हम आपको सुरक्षित तरीके से चलना-फिरना शुरू करवाते हैं, आपके सर्जन की बताई सावधानियों और सीमाओं के अंदर।",
    rating: overall,
  },
  {
    path: "/hi/back-pain-physiotherapy-at-home",
    h1: "घर पर कमर दर्द की फिज़ियोथेरेपी",
    text: "दर्द और जकड़न कम करने के लिए मैनुअल थेरेपी और हल्का मोबिलाइज़ेशन, ताकि आप ज़्यादा आसानी से चल-फिर सकें।",
    rating: overall,
  },
  {
    path: "/hi/sports-injury-physiotherapy",
    h1: "घर पर खेल की चोट की फिज़ियोथेरेपी",
    text: "दर्द में आराम से ताकत, संतुलन और फुर्ती तक आगे बढ़ें, और हर स्टेज के लिए तैयार होने पर ही अगली स्टेज पर जाएँ।",
    rating: overall,
  },
  {
    path: "/hi/senior-physiotherapy-at-home",
    h1: "घर पर बुज़ुर्गों की फिज़ियोथेरेपी",
    text: "बैलेंस ट्रेनिंग और घर की सुरक्षा जाँच, ताकि घर में गिरने का खतरा कम करने में मदद मिले।",
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
