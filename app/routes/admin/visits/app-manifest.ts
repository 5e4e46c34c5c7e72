// The therapist app's web app manifest (decision 049): installable from /visits on Android ("Add
// to home screen"), opening straight to the day, its scope the day alone. Linked from /visits
// only; it holds no one's data, so it answers without a session.
import { getStaffSettings } from "#app/config/staff-settings.server.ts";
import { therapistAppTexts as texts } from "#app/domain/visits/visit-texts.ts";

export function loader() {
  const manifest = {
    name: `${getStaffSettings().clinic}: ${texts.appShortName}`,
    short_name: texts.appShortName,
    id: "/visits",
    start_url: "/visits",
    scope: "/visits",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0a6358",
    icons: [
      { src: "/icons/visits-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/visits-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/visits-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
