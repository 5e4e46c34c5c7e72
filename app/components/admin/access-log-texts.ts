// The access log page's words (app/routes/admin-access-log.tsx).
import type { AccessAction } from "../../../db/schema.ts";

export const accessLogTexts = {
  title: "Access log",
  intro:
    "Who saw or took patients' personal data, when and from where: kept a year, then purged. Searches are recorded without their words.",
  backToRequests: "All requests",
  loadFailed: "The access log could not be loaded. Please try again in a moment.",
  staff: "Member of staff (e-mail)",
  request: "Request (id or reference)",
  from: "From (India date)",
  to: "To (India date)",
  show: "Show",
  clear: "Clear",
  unknownRequest: "No request has that id or reference.",
  empty: "No access recorded matches.",
  columns: {
    at: "When (India time)",
    who: "Who",
    what: "What",
    requests: "Requests",
    detail: "Filter, page, rows",
    address: "From address",
  },
  requestsShown: (count: number) => `${count} requests`,
  count: (total: number) => (total === 1 ? "1 access" : `${total} accesses`),
  page: (page: number, pageCount: number) => `Page ${page} of ${pageCount}`,
  previous: "Previous",
  next: "Next",
  tableLabel: "Accesses, newest first",
} as const;

export const accessActionNames: Record<AccessAction, string> = {
  dashboard: "Request list",
  search: "Search",
  request: "Request page and timeline",
  timeline: "Timeline",
  export: "CSV export",
  "newsletter-export": "Newsletter export",
  "rights-export": "Rights export",
  correction: "Correction",
  erasure: "Erasure",
  "access-log": "Access log read",
};
