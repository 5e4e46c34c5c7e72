// The care record in the person's data file (decision 051; DPDP Act s. 11): every assessment (the
// corrected ones too), measure, note and amendment, and the home programme with its ticks, as the
// file's other sections write theirs: plain lines, times in India time.
import type { CareRecord } from "#app/domain/care/care.server.ts";
import { bodyRegionTexts, redFlagTexts } from "#app/domain/care/care-texts.ts";
import { measureStaffTexts } from "#app/domain/care/measure-texts.ts";
import { formatDateTime } from "#app/lib/dates.ts";

const indiaTime = (date: Date) => `${formatDateTime(date)} (India time)`;
const indented = (text: string, depth: string) => text.replace(/\n/g, `\n${depth}`);

export function careFileLines(record: CareRecord): string[] {
  const out: string[] = [];
  const empty =
    record.assessments.length === 0 &&
    record.measures.length === 0 &&
    record.notes.length === 0 &&
    !record.programme;
  out.push(`  Your care record: ${empty ? "none" : ""}`);
  if (empty) return out;
  for (const row of [...record.assessments].reverse()) {
    out.push(
      `    Assessment by ${row.authorName}, ${indiaTime(row.createdAt)}${row.supersedesId ? " (corrects an earlier one)" : ""}:`,
      `      Problem: ${indented(row.problem, "      ")}`,
    );
    if (row.since) out.push(`      Since: ${row.since}`);
    if (row.history) out.push(`      History: ${indented(row.history, "      ")}`);
    for (const flag of row.redFlags) {
      out.push(`      Red flag: ${redFlagTexts[flag as keyof typeof redFlagTexts]?.label ?? flag}`);
    }
    for (const region of row.regions) {
      const name = bodyRegionTexts[region.region as keyof typeof bodyRegionTexts] ?? region.region;
      out.push(`      Pain in ${name}: ${region.pain} of 10`);
    }
    for (const goal of row.goals) out.push(`      Goal: ${goal}`);
  }
  for (const point of record.measures) {
    out.push(
      `    ${measureStaffTexts[point.measure].name}, ${indiaTime(point.at)} (${point.occasion}): ${point.score}${point.struck ? ` (struck out as recorded in error by ${point.struck.by}, ${indiaTime(point.struck.at)}: ${point.struck.reason})` : ""}`,
    );
  }
  for (const note of record.notes) {
    const what = note.amendsId
      ? "Amendment"
      : note.signedAt
        ? "Visit note, signed"
        : "Visit note, draft";
    out.push(`    ${what} by ${note.authorName}, ${indiaTime(note.signedAt ?? note.updatedAt)}:`);
    for (const [label, text] of [
      ["Subjective", note.subjective],
      ["Objective", note.objective],
      ["Assessment", note.assessment],
      ["Plan", note.plan],
    ] as const) {
      if (text) out.push(`      ${label}: ${indented(text, "      ")}`);
    }
  }
  if (record.programme) {
    out.push(`    Home exercises since ${record.programme.startsOn}:`);
    for (const item of record.programme.items) {
      out.push(
        `      ${item.exercise}: ${item.sets} × ${item.reps}${item.holdSeconds ? `, hold ${item.holdSeconds} s` : ""}, ${item.timesPerDay} a day`,
      );
    }
    if (record.adherence) {
      out.push(
        `      Ticked as done: ${record.adherence.ticked} of ${record.adherence.expected} over the last ${record.adherence.days} days`,
      );
    }
  }
  return out;
}
