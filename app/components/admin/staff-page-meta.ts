// The <head> of a staff screen: its title beside the dashboard's name, and no search engine's
// index. One list, so that a new screen cannot leave the robots line out.
import { dashboardTexts } from "#app/domain/appointments/front-desk-texts.ts";

/** The meta of a staff screen whose own title is `title` ("Insights · Appointment Dashboard"). */
export const staffPageMeta = (title: string) => [
  { title: dashboardTexts.titleOf(title) },
  { name: "robots", content: "noindex, nofollow" },
];
