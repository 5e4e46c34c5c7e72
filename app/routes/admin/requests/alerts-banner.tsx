// The owner's alerts still open (decision 039), above the dashboard: what is wrong, since when, and
// what to do. This is how a broken mail server reaches staff at all, as its alert e-mail cannot.

import type { OpenIncident } from "#app/domain/operations/alert-conditions.ts";
import {
  alertAdvice,
  alertBannerTexts,
  alertNames,
  alertSeen,
} from "#app/domain/operations/alert-texts.ts";
import { formatDateTime } from "#app/lib/dates.ts";

export function AlertsBanner({ alerts }: { alerts: readonly OpenIncident[] }) {
  if (alerts.length === 0) return null;
  return (
    <section
      aria-labelledby="site-alerts"
      className="mb-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
      data-alerts
    >
      <h2 id="site-alerts" className="sr-only">
        {alertBannerTexts.label}
      </h2>
      {alerts.map((alert) => (
        <div key={alert.kind} data-alert={alert.kind} className="py-1">
          <p>
            <strong>{alertNames[alert.kind]}.</strong> {alertSeen(alert.detail)}{" "}
            {alertBannerTexts.since(formatDateTime(new Date(alert.openedAt)))}
          </p>
          <ul className="list-disc pl-5">
            {alertAdvice[alert.kind].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
