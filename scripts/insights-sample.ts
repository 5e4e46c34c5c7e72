// About three months of made-up requests that look like the clinic's (the same every run, from a
// seeded random sequence), for the insights page's screenshots: more on weekdays and lately,
// mostly from the five areas, some from around them; search and ads ahead of the rest; most
// contacted within hours, a few after the promise, a few still waiting; a little junk. Most
// requests are taken by whoever works them first; some are handed to someone beforehand, and
// some of those are cleared by another member of staff (decision 032: who is charged).
import type { appointmentActivity, appointments } from "#db/schema.ts";

type NewRow = typeof appointments.$inferInsert;
type NewActivity = typeof appointmentActivity.$inferInsert;

/** A member of staff of the sample. */
export interface SampleStaff {
  id: string;
  email: string;
}

/** mulberry32: small, fast, and the same sequence for the same seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One of the choices, each as likely as its weight. */
function pick<T>(next: () => number, choices: [T, number][]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let at = next() * total;
  for (const [choice, weight] of choices) {
    at -= weight;
    if (at < 0) return choice;
  }
  return choices[choices.length - 1]?.[0] as T;
}

const pincodes: [string, number][] = [
  ["122001", 10], // Gurugram
  ["122002", 9],
  ["122018", 7],
  ["110017", 7], // Delhi
  ["110085", 5],
  ["110024", 5],
  ["201301", 7], // Noida
  ["201304", 4],
  ["201310", 5], // Greater Noida
  ["121001", 4], // Faridabad
  ["121002", 2],
  ["201001", 3], // Ghaziabad: not served
  ["124001", 1], // Rohtak
  ["131001", 1], // Sonipat
  ["999999", 0.5], // not a PIN code India Post knows
];

/** Where the visit began, and how it came. */
const sources: [{ landing: string | null; channel: NewRow["channel"] }, number][] = [
  [{ landing: "/", channel: "search" }, 14],
  [{ landing: "/stroke-rehabilitation-at-home", channel: "search" }, 10],
  [{ landing: "/stroke-rehabilitation-at-home", channel: "ads" }, 8],
  [{ landing: "/post-surgery-physiotherapy-at-home", channel: "ads" }, 7],
  [{ landing: "/back-pain-physiotherapy-at-home", channel: "search" }, 8],
  [{ landing: "/senior-physiotherapy-at-home", channel: "search" }, 4],
  [{ landing: "/service-areas/gurugram", channel: "search" }, 5],
  [{ landing: "/service-areas/noida", channel: "ads" }, 3],
  [{ landing: "/", channel: "direct" }, 9],
  [{ landing: "/", channel: "social" }, 5],
  [{ landing: "/blog/1", channel: "social" }, 3],
  [{ landing: "/blog/2", channel: "other" }, 2],
  [{ landing: "/contact", channel: "direct" }, 3],
  [{ landing: null, channel: null }, 2],
];

const names = ["Asha Rani", "Rakesh Gupta", "Sunita Sharma", "Vikram Mehta", "Kamla Devi"];

const hour = 3_600_000;

/**
 * The sample, as of `now`: requests over the 13 weeks before it, those contacted first contacted
 * by one of `staff` (the first most often), and their owners over time.
 */
export function sampleRequests(
  now: Date,
  staff: SampleStaff[],
): { requests: NewRow[]; handOvers: NewActivity[] } {
  const next = random(16);
  const rows: NewRow[] = [];
  const handOvers: NewActivity[] = [];
  const handOver = (row: NewRow, at: Date, to: SampleStaff) =>
    handOvers.push({
      appointmentId: row.id ?? "",
      kind: "owner_changed",
      byUserId: to.id,
      byEmail: to.email,
      ownerEmail: to.email,
      createdAt: at,
    });
  const days = 91;
  for (let back = days; back >= 0; back--) {
    const day = new Date(now.getTime() - back * 24 * hour);
    const weekday = new Date(day.getTime() + 5.5 * hour).getUTCDay();
    // Busier lately and on weekdays.
    const expected = (2 + (3 * (days - back)) / days) * (weekday === 0 ? 0.5 : 1);
    const count = Math.max(0, Math.round(expected + (next() - 0.5) * 3));
    for (let i = 0; i < count; i++) {
      // Between 8 in the morning and 10 at night, India time.
      const startOfDay = Math.floor((day.getTime() + 5.5 * hour) / (24 * hour)) * 24 * hour;
      const createdAt = new Date(startOfDay - 5.5 * hour + (8 + next() * 14) * hour);
      if (createdAt > now) continue;
      const age = now.getTime() - createdAt.getTime();
      const source = pick(next, sources);
      // Hours to the first call: most within a few, a tail past the promise.
      const delay = pick(next, [
        [0.2 + next() * 1.5, 45],
        [2 + next() * 6, 30],
        [8 + next() * 16, 15],
        [24 + next() * 30, 10],
      ]);
      const reached = delay * hour < age && next() > 0.01;
      const junk = next() < 0.02;
      const n = rows.length + 1;
      const contacter = reached
        ? pick(
            next,
            staff.map((member, index) => [member, 3 - index]),
          )
        : undefined;
      // One in four handed to someone within the hour (the others taken by whoever works them).
      const assigned = next() < 0.25 ? staff[Math.floor(next() * staff.length)] : undefined;
      const assignedAt = new Date(createdAt.getTime() + next() * hour);
      const firstContactAt = reached ? new Date(createdAt.getTime() + delay * hour) : null;
      const row: NewRow = {
        id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
        name: names[n % names.length] ?? "Asha Rani",
        phone: `98${String(10_000_000 + n * 7919).slice(0, 8)}`,
        address: `H-${n}, Sector ${10 + (n % 60)}`,
        pincode: pick(next, pincodes),
        message: null,
        createdAt,
        junk,
        status: reached
          ? age > 5 * 24 * hour && next() < 0.7
            ? "completed"
            : "contacted"
          : "pending",
        firstContactAt,
        firstContactBy: contacter?.id ?? null,
        ownerId: null,
        landingPath: source.landing,
        channel: source.channel,
      };
      const handed =
        assigned && assignedAt < now && (!firstContactAt || assignedAt < firstContactAt);
      if (handed) {
        handOver(row, assignedAt, assigned);
        row.ownerId = assigned.id;
      }
      // Working a request nobody owns takes it, in the same moment (decision 032).
      if (contacter && firstContactAt && !handed) {
        handOver(row, firstContactAt, contacter);
        row.ownerId = contacter.id;
      }
      rows.push(row);
    }
  }
  return { requests: rows, handOvers };
}
