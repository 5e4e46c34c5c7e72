// The newsletter's e-mail: the double opt-in confirmation, the one message an address gets before
// it is confirmed. Its payload holds the links (`NewsletterLinks`), whose raw tokens exist nowhere
// else. Whatever a newsletter message says ends with the way out: one without an unsubscribe link
// fails its attempt rather than go out without one.
import { type MailKind, payloadText } from "#app/domain/mail/mail-kinds.server.ts";

export const newsletterConfirmKind = "newsletter-confirm";

export interface NewsletterLinks {
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** How long a newsletter confirmation link works. */
export const newsletterConfirmDays = 7;

export function newsletterMailKinds(siteName: string): MailKind[] {
  return [
    {
      kind: newsletterConfirmKind,
      compose: async (_db, message) => {
        const link = (name: keyof NewsletterLinks) => payloadText(message.payload, name);
        const unsubscribeUrl = link("unsubscribeUrl");
        return {
          subject: `Confirm your subscription to the ${siteName} newsletter`,
          text: [
            `Someone, probably you, asked for the ${siteName} newsletter to be sent to this address.`,
            "",
            `Confirm the subscription by opening this link (it works for ${newsletterConfirmDays} days):`,
            link("confirmUrl"),
            "",
            "If you did not ask for it, ignore this e-mail: nothing more will be sent to you.",
            "",
            "--",
            `To stop receiving e-mails from the ${siteName} newsletter, unsubscribe here:`,
            unsubscribeUrl,
          ].join("\n"),
        };
      },
    },
  ];
}
