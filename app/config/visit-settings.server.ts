// The settings of home visits (staff-side: no rebuild): the travel held after each visit, and the
// booking form's length of a visit.
import { getEnv } from "#app/config/env.server.ts";

export interface VisitSettingsOfSite {
  travelMinutes: number;
  defaultMinutes: 45 | 60 | 90;
}

export function getVisitSettings(): VisitSettingsOfSite {
  const env = getEnv();
  return {
    travelMinutes: env.VISIT_TRAVEL_MINUTES,
    defaultMinutes: env.VISIT_DEFAULT_MINUTES as 45 | 60 | 90,
  };
}
