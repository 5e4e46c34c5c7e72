// A message whose payload opens something (a password link) is stored sealed: encrypted and
// authenticated (AES-256-GCM, node:crypto) with a key derived from the site's secret key, which is
// kept outside the database (app/domain/staff/secret-key.server.ts). A copy of the database or a
// backup holds only ciphertext; the outbox opens it to compose the e-mail, and forgets it once the
// e-mail is sent (mail-sender.server.ts). The recipient is bound in: a sealed link moved to another
// row's address does not open.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const version = "v1";

/** What the outbox stores of a sealed payload. */
export interface SealedPayload {
  sealed: string;
}

export interface PayloadSealer {
  seal(value: unknown, recipient: string): SealedPayload;
  /** The value sealed for `recipient`; throws when the key or the recipient is not the one. */
  open(payload: SealedPayload, recipient: string): unknown;
}

export function isSealed(payload: unknown): payload is SealedPayload {
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof (payload as { sealed?: unknown }).sealed === "string"
  );
}

export function payloadSealer(secret: string): PayloadSealer {
  const key = Buffer.from(hkdfSync("sha256", secret, "", "home-physio outbox payload", 32));
  return {
    seal(value, recipient) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(recipient.toLowerCase()));
      const text = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
      const sealed = Buffer.concat([iv, text, cipher.getAuthTag()]).toString("base64url");
      return { sealed: `${version}.${sealed}` };
    },
    open(payload, recipient) {
      const [tag, body] = payload.sealed.split(".");
      if (tag !== version || !body) throw new Error("the payload is not sealed by this site");
      const bytes = Buffer.from(body, "base64url");
      if (bytes.length < 12 + 16) throw new Error("the sealed payload is cut short");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(recipient.toLowerCase()));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      try {
        const text = Buffer.concat([
          decipher.update(bytes.subarray(12, bytes.length - 16)),
          decipher.final(),
        ]);
        return JSON.parse(text.toString("utf8"));
      } catch {
        throw new Error(
          "the sealed payload does not open with this key (the secret key changed since it was queued)",
        );
      }
    },
  };
}
