// The notice at collection (DPDP Act s. 5; docs/privacy.md), in Chromium against the production server:
// beside the form, just above its send button, in English and in Hindi, short on a phone, with
// each item collected, the retention period, the rights and whom to ask (the data contact set
// for the test site, sites.ts), the Board, and a link to the policy in the page's language. A
// request sent beside it stores its version, with JavaScript and without; one sent without it
// (not from our page) stores none. The policy page names the data contact in both languages.
// The words are written out here, never imported: a change to them has to change this test.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { privacyNoticeVersion } from "#app/content/privacy-notice.ts";
import { fill, send } from "#tests/e2e/appointment-page.ts";
import {
  fastSubmissions,
  postAppointment,
  useAppointmentServer,
  validAppointment,
} from "#tests/e2e/appointments.ts";
import {
  axeViolations,
  disableJavaScript,
  navigationWait,
  phone,
  useBrowser,
  waitForHydration,
  watchErrors,
} from "#tests/e2e/browser.ts";

const contactPerson = { name: "Dr. Meera Kapoor", email: "dpo@homephysio.example" };

/** What each language's page must show, as a visitor reads it. */
const expected = {
  en: {
    path: "/contact",
    form: "Appointment request",
    send: "Send Request",
    heading: "Your details and your rights",
    summary:
      "We use what you send here only to arrange and follow up your home visit. We keep it for 24 months after your request is completed, then erase it.",
    rights:
      "You can ask to see, correct or erase it, withdraw your consent or make a complaint, as easily as you sent this form: by phone, WhatsApp or e-mail.",
    more: "What we collect, and whom to ask",
    collected: [
      "your name",
      "your phone number",
      "your address",
      "your PIN code",
      "your message, if you write one (it may tell us about your health)",
      "the page you sent it from, its language, and how you came to our site (for example a search, an ad or another website)",
      "whether you ticked the box for updates on WhatsApp",
    ],
    whatsappUpdates:
      "Only if you tick that box, we send this number a WhatsApp message when a visit is booked, moved or cancelled, and a reminder the evening before: the day, time, therapist, your reference and a link, never anything about your health. They go through Meta's WhatsApp Business platform, which delivers them for us. Reply STOP, or use the link on your request's page, to end them.",
    contactIntro: `To see, correct or erase your details, withdraw your consent or make a complaint, contact ${contactPerson.name}:`,
    board:
      "If you are not satisfied with our answer, you can complain to the Data Protection Board of India.",
    policyLink: "Read our full privacy policy",
    policyPath: "/privacy-policy",
    policyH1: "Privacy Policy",
    contactLine: `Data protection contact: ${contactPerson.name}, ${contactPerson.email}`,
    policyPoints: [
      "How Long We Keep Your Data",
      "24 months after the request is completed or closed",
      "A newsletter sign-up that is never confirmed: 7 days.",
      "such as a newsletter confirmation: 7 days after they are delivered",
      "We answer within 30 days, and never later than 90 days",
      "you may complain to the Data Protection Board of India",
      "Updates About Your Visits on WhatsApp",
      "reply STOP to any of our messages, or use the link on your request's page",
    ],
  },
  hi: {
    path: "/hi/contact",
    form: "अपॉइंटमेंट का अनुरोध",
    send: "अनुरोध भेजें",
    heading: "आपकी जानकारी और आपके अधिकार",
    summary:
      "यहाँ भेजी गई जानकारी हम सिर्फ़ आपकी घर पर विज़िट तय करने और उसके फ़ॉलो-अप के लिए इस्तेमाल करते हैं। आपका अनुरोध पूरा होने के बाद हम इसे 24 महीने तक रखते हैं, फिर मिटा देते हैं।",
    rights:
      "आप इसे देखने, सुधारने या मिटाने के लिए कह सकते हैं, अपनी सहमति वापस ले सकते हैं या शिकायत कर सकते हैं, और यह इस फ़ॉर्म को भेजने जितना ही आसान है: बस फ़ोन, व्हाट्सऐप या ईमेल करें।",
    more: "हम क्या लेते हैं, और किससे पूछें",
    collected: [
      "आपका नाम",
      "आपका फ़ोन नंबर",
      "आपका पता",
      "आपका पिन कोड",
      "आपका मैसेज, अगर आप लिखें (इसमें आपकी सेहत की बात हो सकती है)",
      "वह पेज जहाँ से आपने इसे भेजा, उसकी भाषा, और आप हमारी साइट पर कैसे पहुँचे (जैसे सर्च, विज्ञापन या कोई दूसरी वेबसाइट)",
      "आपने व्हाट्सऐप पर जानकारी वाला बॉक्स टिक किया या नहीं",
    ],
    whatsappUpdates:
      "सिर्फ़ तभी, जब आप वह बॉक्स टिक करें, हम इस नंबर पर व्हाट्सऐप मैसेज भेजते हैं: जब कोई विज़िट बुक हो, उसका समय बदले या वह रद्द हो, और एक दिन पहले शाम को याद दिलाने के लिए। उसमें दिन, समय, फिज़ियोथेरेपिस्ट का नाम, आपका रेफ़रेंस और एक लिंक होता है, आपकी सेहत की कोई बात नहीं। ये Meta के व्हाट्सऐप बिज़नेस प्लेटफ़ॉर्म से जाते हैं, जो इन्हें हमारी ओर से पहुँचाता है। बंद करने के लिए STOP लिखकर भेजें, या अपने अनुरोध के पेज का लिंक इस्तेमाल करें।",
    contactIntro: `अपनी जानकारी देखने, सुधारने या मिटाने, सहमति वापस लेने या शिकायत करने के लिए ${contactPerson.name} से संपर्क करें:`,
    board:
      "अगर आप हमारे जवाब से संतुष्ट नहीं हैं, तो आप भारत के डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं।",
    policyLink: "पूरी प्राइवेसी पॉलिसी पढ़ें",
    policyPath: "/hi/privacy-policy",
    policyH1: "प्राइवेसी पॉलिसी",
    contactLine: `डेटा संरक्षण संपर्क: ${contactPerson.name}, ${contactPerson.email}`,
    policyPoints: [
      "हम आपका डेटा कितने समय तक रखते हैं",
      "अनुरोध पूरा होने या बंद होने के 24 महीने बाद तक",
      "न्यूज़लेटर का ऐसा साइन-अप जिसकी पुष्टि कभी नहीं हुई: 7 दिन।",
      "जैसे न्यूज़लेटर की पुष्टि वाला ईमेल: पहुँचने के 7 दिन बाद तक",
      "हम 30 दिन के अंदर जवाब देते हैं, और कभी भी 90 दिन से ज़्यादा देर नहीं करते",
      "भारतीय डेटा संरक्षण बोर्ड (Data Protection Board of India) से शिकायत कर सकते हैं",
      "व्हाट्सऐप पर आपकी विज़िट की जानकारी",
      "हमारे किसी भी मैसेज के जवाब में STOP लिखकर भेजें",
    ],
  },
} as const;

const text = (value: string | null) => (value ?? "").replace(/\s+/g, " ").trim();

describe("the privacy notice beside the appointment form", () => {
  const server = useAppointmentServer(() => ({ ...fastSubmissions }));
  const context = useBrowser(phone);

  /** The notice: the region named by its heading, inside the form. */
  const noticeOf = (page: Page, lang: keyof typeof expected) =>
    page
      .getByRole("form", { name: expected[lang].form })
      .getByRole("region", { name: expected[lang].heading });

  it.each(["en", "hi"] as const)(
    "shows in the page's language (%s) just above the send button, short on a phone, and links to the policy",
    async (lang) => {
      const want = expected[lang];
      const page = await context().newPage();
      const errors = watchErrors(page);
      expect((await page.goto(server.url() + want.path))?.status()).toBe(200);
      await waitForHydration(page);
      const notice = noticeOf(page, lang);
      expect(await notice.count()).toBe(1);

      // Beside the form: under its last field, straight above its send button.
      const box = async (selector: string) => (await page.locator(selector).boundingBox()) ?? null;
      const noticeBox = await notice.boundingBox();
      const message = await box("#message");
      const button = await box(`form[aria-label="${want.form}"] button[type="submit"]`);
      expect(noticeBox && message && button).toBeTruthy();
      if (!noticeBox || !message || !button) return;
      expect(noticeBox.y).toBeGreaterThan(message.y + message.height);
      expect(button.y).toBeGreaterThanOrEqual(noticeBox.y + noticeBox.height);
      expect(button.y - (noticeBox.y + noticeBox.height)).toBeLessThan(40);
      // Short: on a 390 px phone its closed form is under half the screen, and fits its width.
      expect(noticeBox.height).toBeLessThan(844 / 2);
      expect(noticeBox.x + noticeBox.width).toBeLessThanOrEqual(390);

      // What, why and how long, and the rights, in view without a tap.
      const paragraphs = await notice.locator(":scope > p").allTextContents();
      expect(paragraphs.map(text)).toEqual([want.summary, want.rights, want.policyLink]);
      const details = notice.locator("details");
      expect(await details.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(false);

      // One tap: each item collected, whom to ask and how, the Board.
      await notice.getByText(want.more, { exact: true }).click();
      expect(await details.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(true);
      expect(
        (await details.locator("ul").first().locator("li").allTextContents()).map(text),
      ).toEqual([...want.collected]);
      // What the WhatsApp updates say, through whom, and how they stop (decision 038).
      expect(await details.getByText(want.whatsappUpdates, { exact: true }).isVisible()).toBe(true);
      expect(await details.getByText(want.contactIntro, { exact: true }).isVisible()).toBe(true);
      const hrefs = await details
        .locator("ul")
        .nth(1)
        .locator("a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(hrefs).toHaveLength(3);
      expect(hrefs[0]).toBe("tel:+919876543210");
      expect(hrefs[1]).toMatch(/^https:\/\/wa\.me\/919876543210\?text=/);
      expect(hrefs[2]).toBe(`mailto:${contactPerson.email}`);
      expect(await details.getByText(want.board, { exact: true }).isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);

      // The full policy, in the same language.
      const link = notice.getByRole("link", { name: want.policyLink, exact: true });
      expect(await link.getAttribute("href")).toBe(want.policyPath);
      await link.click();
      await page.waitForURL(server.url() + want.policyPath, navigationWait);
      await expect
        .poll(async () => text(await page.locator("h1").textContent()), navigationWait)
        .toBe(want.policyH1);
      expect(errors).toEqual([]);
    },
  );

  it.each(["en", "hi"] as const)(
    "the policy page (%s) names the data contact and states the periods, the rights' answer and the Board",
    async (lang) => {
      const want = expected[lang];
      const page = await context().newPage();
      expect((await page.goto(server.url() + want.policyPath))?.status()).toBe(200);
      // Under "Contact Us", the person with their e-mail (the business's address follows).
      const lines = (await page.locator("article address p").allTextContents()).map(text);
      expect(lines).toContain(want.contactLine);
      const mail = page.locator(`article address a[href="mailto:${contactPerson.email}"]`);
      expect(await mail.count()).toBe(1);
      const body = text(await page.locator("article").textContent());
      for (const point of want.policyPoints) expect(body).toContain(point);
    },
  );

  it("stores the version of the notice shown with each request, and the WhatsApp box's answer, with JavaScript or without", async () => {
    // English, hydrated: the form sends without a reload; the WhatsApp box left as it came,
    // unticked (decision 038).
    const withScript = await context().newPage();
    await withScript.goto(`${server.url()}/contact`);
    await waitForHydration(withScript);
    const box = withScript.getByRole("checkbox", {
      name: "Send me updates about my visits on WhatsApp at this number",
    });
    expect(await box.isChecked()).toBe(false);
    await fill(withScript, { ...validAppointment, name: "Notice Reader" });
    await send(withScript);
    await expect.poll(() => withScript.locator("[data-reference]").count(), navigationWait).toBe(1);

    // Hindi, without JavaScript: the prerendered page's own form, answered by a redirect.
    const without = await context().newPage();
    await disableJavaScript(without);
    await without.goto(`${server.url()}/hi/contact`);
    await fill(without, { ...validAppointment, name: "Bina Script" });
    // The box ticked, in Hindi, without JavaScript: a plain checkbox of the form.
    await without
      .getByRole("checkbox", { name: "मेरी विज़िट की जानकारी इसी नंबर पर व्हाट्सऐप पर भेजें" })
      .check();
    const hindiSend = without.locator(`form[aria-label="${expected.hi.form}"] button`);
    await hindiSend.evaluate((node) =>
      node.scrollIntoView({ block: "center", behavior: "instant" }),
    );
    await hindiSend.click();
    await without.waitForURL(/\/hi\/contact\/received\?ref=/, navigationWait);

    // Not from our page: no notice was shown, so none is stored.
    const posted = await postAppointment(server.url(), {
      ...validAppointment,
      name: "Never Shown",
    });
    expect(posted.status).toBe(303);

    const stored = await server.storedAppointments();
    const versionOf = (name: string) =>
      stored.filter((row) => row.name === name).map((row) => row.noticeVersion);
    expect(versionOf("Notice Reader")).toEqual([privacyNoticeVersion]);
    expect(versionOf("Bina Script")).toEqual([privacyNoticeVersion]);
    expect(versionOf("Never Shown")).toEqual([null]);
    // Consent only where the box was ticked: stored as the request's moment.
    const consentOf = (name: string) =>
      stored
        .filter((row) => row.name === name)
        .map((row) => row.whatsappConsentAt?.getTime() === row.createdAt.getTime());
    expect(consentOf("Bina Script")).toEqual([true]);
    for (const name of ["Notice Reader", "Never Shown"]) {
      expect(stored.filter((row) => row.name === name).map((row) => row.whatsappConsentAt)).toEqual(
        [null],
      );
    }
  });
});
