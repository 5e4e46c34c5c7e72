// The staff accounts' e-mails, each with a password link (auth.server.ts): the one that confirms
// a new account's address (its owner chooses the password there) and the one that resets a
// forgotten password. Their payload holds the link, sealed while it waits in the outbox.
import { type MailKind, payloadText } from "#app/domain/mail/mail-kinds.server.ts";
import { accountLinkHours } from "#app/domain/staff/auth.server.ts";

export const accountConfirmationKind = "account-confirmation";
export const passwordResetKind = "password-reset";

export function accountMailKinds(siteName: string): MailKind[] {
  return [
    {
      kind: accountConfirmationKind,
      compose: async (_db, message) => ({
        subject: `Confirm your ${siteName} staff account`,
        text: [
          `An account for the ${siteName} appointment dashboard was created with this address.`,
          "",
          `Confirm the address and choose your password by opening this link (it works for ${accountLinkHours.confirm} hours, once):`,
          payloadText(message.payload, "url"),
          "",
          "Until you do, nobody can sign in to the account. An administrator still has to give it access.",
          "If you did not ask for this account, ignore this e-mail: nothing more will happen.",
        ].join("\n"),
      }),
    },
    {
      kind: passwordResetKind,
      compose: async (_db, message) => ({
        subject: `Reset your ${siteName} staff password`,
        text: [
          `Someone, probably you, asked to reset the password of your ${siteName} staff account.`,
          "",
          `Choose a new password by opening this link (it works for ${accountLinkHours.reset} hour, once):`,
          payloadText(message.payload, "url"),
          "",
          "Setting it signs the account out everywhere.",
          "If you did not ask for this, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      }),
    },
  ];
}
