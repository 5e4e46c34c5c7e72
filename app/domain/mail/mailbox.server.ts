// The mailbox an address reaches: one mailbox has many addresses (Jane.Doe+x@gmail.com,
// janedoe@gmail.com, JANEDOE@googlemail.com), and limits on e-mails must count mailboxes, or
// thirty plus-variants of one address send it thirty e-mails. validator.js knows the providers'
// own rules (Gmail ignores dots, Yahoo's subaddresses start with a dash…); beyond those, a +tag
// is set aside for every domain, which may merge two people's addresses at a provider without
// subaddressing: at worst one of them waits for a limit meant for the other.
import validator from "validator";

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const normalized =
    validator.normalizeEmail(address, {
      all_lowercase: true,
      gmail_remove_dots: true,
      gmail_remove_subaddress: true,
      gmail_convert_googlemaildotcom: true,
      outlookdotcom_remove_subaddress: true,
      yahoo_remove_subaddress: true,
      icloud_remove_subaddress: true,
    }) || address;
  const at = normalized.lastIndexOf("@");
  if (at < 1) return normalized;
  const local = normalized.slice(0, at).split("+")[0] || normalized.slice(0, at);
  return `${local}@${normalized.slice(at + 1)}`;
}
