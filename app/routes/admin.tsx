import { redirect } from "react-router";

// Nobody can be signed in until staff sign-in ships, so every visitor is unauthenticated:
// the spec sends unauthenticated visitors of protected pages to /auth.
export function loader() {
  return redirect("/auth");
}
