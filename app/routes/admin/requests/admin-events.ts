// The dashboard's live updates: a server-sent-events stream that says "change" whenever any
// appointment is inserted or updated anywhere (docs/accounts.md). Admins only, for as long as
// they are: whenever a session ends or a role is revoked anywhere (staff_access_changed), and
// every keep-alive, the stream checks its own session and role again and ends with "ended" when
// either is gone. The browser's EventSource reconnects by itself (after `retry` ms) when the
// connection drops.
// Not in the access log: the stream carries no personal data, only that something changed; the
// list it makes the dashboard fetch again is recorded by the dashboard's loader, as every list.

import { requireAdmin, staffOf } from "#app/domain/staff/staff-session.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/admin-events";

/** A comment line now and then keeps proxies from closing an idle stream. */
const keepAliveMs = 25_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "data");
  const services = context.get(servicesContext);
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        stop();
        try {
          controller.close();
        } catch {
          // Already closed.
        }
      };
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      /** Still an admin's stream? Else say so and end it. */
      const recheck = async () => {
        const staff = await staffOf(request, context).catch(() => undefined);
        if (staff?.isAdmin) return true;
        send("event: ended\ndata: signed-out\n\n");
        close();
        return false;
      };
      send("retry: 2000\n: connected\n\n");
      const unsubscribe = services.appointmentEvents.subscribe(() =>
        send("event: change\ndata: appointments\n\n"),
      );
      const unsubscribeAccess = services.staffAccessEvents.subscribe(() => void recheck());
      const keepAlive = setInterval(() => {
        void recheck().then((still) => still && send(": keep-alive\n\n"));
      }, keepAliveMs);
      stop = () => {
        unsubscribe();
        unsubscribeAccess();
        clearInterval(keepAlive);
      };
      request.signal.addEventListener("abort", close);
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
