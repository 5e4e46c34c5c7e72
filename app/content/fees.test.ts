import { describe, expect, it } from "vitest";
import { feesIn, rupees, withFeesQuestion } from "#app/content/fees.ts";

const set = {
  homeSession: 1200,
  packageSessions: 10,
  packagePrice: 10800,
  packageDays: 90,
  sample: false,
};

describe("the fees", () => {
  it("writes rupees as India does, in Western digits", () => {
    expect(rupees(1200)).toBe("₹1,200");
    expect(rupees(10800)).toBe("₹10,800");
    expect(rupees(125000)).toBe("₹1,25,000");
  });

  it("states the free assessment, a session and a package with the settings' figures", () => {
    const { section, question } = feesIn("en", set);
    expect(section.items.map(({ title }) => title)).toEqual([
      "Free assessment: ₹0",
      "Session at home: ₹1,200",
      "Package of 10 sessions: ₹10,800",
    ]);
    expect(section.items[2]?.text).toContain("₹1,080 a session, to be used within 90 days");
    expect(section.intro).toBe(
      "What physiotherapy at home costs, before you book. At the free assessment the physiotherapist explains the plan and what it costs; you decide after it. No hidden charges: you know what your whole plan costs before treatment starts.",
    );
    expect(question.question).toBe("How much does physiotherapy at home cost?");
    expect(question.answer).toBe(
      "The first visit is a free assessment: the physiotherapist examines you and explains the plan and what it costs. After that, a session at home costs ₹1,200, or ₹10,800 for a package of 10 sessions (₹1,080 a session). There are no hidden charges.",
    );
  });

  it("says the same in Hindi, with the same figures", () => {
    const { section, question } = feesIn("hi", set);
    expect(section.items.map(({ title }) => title)).toEqual([
      "मुफ़्त जाँच: ₹0",
      "घर पर एक सेशन: ₹1,200",
      "10 सेशन का पैकेज: ₹10,800",
    ]);
    expect(question.answer).toContain("₹1,200");
    expect(question.answer).toContain("10 सेशन का पैकेज ₹10,800 में (₹1,080 प्रति सेशन)");
    expect(section.items[2]?.text).toContain("90 दिन के अंदर");
    expect(`${JSON.stringify(section)}${JSON.stringify(question)}`).not.toMatch(/\{\w+\}/);
  });

  it("says the figures are examples while any is a sample, in each language", () => {
    expect(feesIn("en", { ...set, sample: true }).section.intro).toMatch(
      /^Example figures only: our own fees are not set here yet\. What physiotherapy at home costs/,
    );
    expect(feesIn("hi", { ...set, sample: true }).section.intro).toMatch(/^ये सिर्फ़ उदाहरण/);
    expect(feesIn("hi", set).section.intro).not.toMatch(/उदाहरण/);
  });

  it("puts the question about cost second in a page's FAQ", () => {
    const entries = [1, 2, 3].map((n) => ({ question: `Q${n}?`, answer: `A${n}.` }));
    const cost = { question: "Cost?", answer: "₹1,200." };
    expect(withFeesQuestion(entries, cost).map((entry) => entry.question)).toEqual([
      "Q1?",
      "Cost?",
      "Q2?",
      "Q3?",
    ]);
    expect(entries).toHaveLength(3);
  });
});
