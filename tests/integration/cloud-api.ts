// A local stand-in for Meta's WhatsApp Cloud API messages endpoint, as Meta's reference documents
// it (https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages):
//   POST /<version>/<phone-number-id>/messages, Authorization: Bearer <token>, a JSON body;
//   200 {"messaging_product":"whatsapp","contacts":[{"input":<to>,"wa_id":<to>}],
//        "messages":[{"id":"wamid.…"}]};
//   an error as {"error":{"message","type","code","error_subcode","error_data":{…},"fbtrace_id"}}
//   (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes), e.g. 429 with
//   code 130429 (throughput), 500 with code 131000, 400 with code 131026 (undeliverable).
// It checks the token and the path, records every body, and answers as a test asks.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { FamilyMessageKind } from "#app/domain/messages/family-message-texts.ts";

export const cloudApiVersion = "v23.0";
export const cloudApiToken = "test-token-EAAG0123456789";
export const cloudApiPhoneNumberId = "106540352242922";

/** The approved templates' names the tests configure. */
export const whatsappTestTemplates: Record<FamilyMessageKind, string> = {
  family_visit_booked: "physio_visit_booked",
  family_visit_moved: "physio_visit_moved",
  family_visit_cancelled: "physio_visit_cancelled",
  family_visit_reminder: "physio_visit_reminder",
  family_receipt: "physio_payment_receipt",
  family_payment_link: "physio_payment_link",
};

/** How to answer one request: Meta's error with this code, or hold it (never answer). */
type CloudAnswer =
  | { status: 200 }
  | { status: number; code: number; title?: string }
  | { hold: true };

interface ReceivedMessage {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product: string;
    recipient_type: string;
    to: string;
    type: string;
    template: {
      name: string;
      language: { code: string };
      components: {
        type: string;
        sub_type?: string;
        index?: string;
        parameters: { type: string; text?: string; payload?: string }[];
      }[];
    };
  };
  /** The wamid answered, when answered 200. */
  messageId?: string;
}

export interface FakeCloudApi {
  /** WHATSAPP_API_URL: the address with its version. */
  url: string;
  /** Every request that reached the messages endpoint with the right token, in order. */
  received: ReceivedMessage[];
  /** Answers the next requests so, in order; after them, 200. */
  answerNext(...answers: CloudAnswer[]): void;
  /** Requests held unanswered so far. */
  held(): number;
  close(): Promise<void>;
}

/** A request's body as text (the local stand-ins of Meta's and Razorpay's APIs). */
export const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });

export async function startFakeCloudApi(): Promise<FakeCloudApi> {
  const received: ReceivedMessage[] = [];
  const queue: CloudAnswer[] = [];
  const holding = new Set<() => void>();
  let sent = 0;
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      answer(status, {
        error: { message, type: "OAuthException", code, error_subcode: 2494010, fbtrace_id: "AbC" },
      });
    const text = await readBody(req);
    if (
      req.method !== "POST" ||
      req.url !== `/${cloudApiVersion}/${cloudApiPhoneNumberId}/messages`
    ) {
      return error(400, 100, "Unsupported post request.");
    }
    if (req.headers.authorization !== `Bearer ${cloudApiToken}`) {
      return error(401, 190, "Invalid OAuth access token.");
    }
    const record: ReceivedMessage = {
      path: req.url,
      authorization: req.headers.authorization,
      body: JSON.parse(text),
    };
    received.push(record);
    const next = queue.shift() ?? { status: 200 };
    if ("hold" in next) {
      // As if the API took the message and the answer never came back.
      const release = () => res.destroy();
      holding.add(release);
      return;
    }
    if (next.status !== 200 && "code" in next) {
      return error(next.status, next.code, next.title ?? `(#${next.code}) refused`);
    }
    sent++;
    record.messageId = `wamid.TEST${String(sent).padStart(6, "0")}`;
    answer(200, {
      messaging_product: "whatsapp",
      contacts: [{ input: record.body.to, wa_id: record.body.to }],
      messages: [{ id: record.messageId }],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${cloudApiVersion}`,
    received,
    answerNext: (...answers) => void queue.push(...answers),
    held: () => holding.size,
    async close() {
      for (const release of holding) release();
      holding.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
