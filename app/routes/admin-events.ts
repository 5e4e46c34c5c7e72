// The dashboard's live updates: a server-sent-events stream that says "change" whenever any
// appointment is inserted or updated anywhere (docs/accounts.md). Admins only; the browser's
// EventSource reconnects by itself (after `retry` ms) when the connection drops.
import { servicesContext } from "~/domain/services.server";
import { requireAdmin } from "~/lib/staff-session.server";
import type { Route } from "./+types/admin-events";

/** A comment line now and then keeps proxies from closing an idle stream. */
const keepAliveMs = 25_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "data");
  const events = context.get(servicesContext).appointmentEvents;
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send("retry: 2000\n: connected\n\n");
      const unsubscribe = events.subscribe(() => send("event: change\ndata: appointments\n\n"));
      const keepAlive = setInterval(() => send(": keep-alive\n\n"), keepAliveMs);
      stop = () => {
        unsubscribe();
        clearInterval(keepAlive);
      };
      request.signal.addEventListener("abort", () => {
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "X-Accel-Buffering": "no",
    },
  });
}
