import { data } from "react-router";
import { NotFoundScreen, notFoundMeta } from "#app/components/not-found-screen.tsx";
import { islandClientLoader, islandPage } from "#app/islands/island-page.tsx";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => notFoundMeta(args);

/** Served without React Router in the browser: its islands do what moves (decision 040). */
export const handle = islandPage;
export const clientLoader = islandClientLoader;

export default function NotFound() {
  return <NotFoundScreen />;
}
