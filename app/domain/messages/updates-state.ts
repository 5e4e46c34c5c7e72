// Whether a family gets WhatsApp updates (decision 038), as the status page, the request's page and
// the messages' queue all read it: asked for on the form and not stopped ("on"), stopped, or never
// asked for ("none"). No imports: the pages' bundles take the type.

export type UpdatesState = "on" | "stopped" | "none";

export function updatesState(request: {
  whatsappConsentAt: Date | null;
  whatsappStoppedAt: Date | null;
}): UpdatesState {
  if (request.whatsappConsentAt === null) return "none";
  return request.whatsappStoppedAt === null ? "on" : "stopped";
}
