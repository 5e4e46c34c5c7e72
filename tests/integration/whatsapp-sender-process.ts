// A WhatsApp sender in a process of its own, for whatsapp-killed.test.ts (run with `node`, not
// Vitest), to be killed mid-run:
//   node whatsapp-sender-process.ts <dataDir> <apiUrl>
// It opens the PGlite folder and sends what is due through the Cloud API at apiUrl, three
// messages a claim, with a one-second lease; then closes and exits.
import { resolve } from "node:path";
import { openDatabase } from "#app/db.server.ts";
import { sendDueWhatsappMessages } from "#app/domain/messages/whatsapp-sender.server.ts";
import { createLogger } from "#app/lib/logger.server.ts";
import {
  cloudApiPhoneNumberId,
  cloudApiToken,
  whatsappTestTemplates,
} from "#tests/integration/cloud-api.ts";

const [dataDir = "", apiUrl = ""] = process.argv.slice(2);
const migrationsFolder = resolve(import.meta.dirname, "../../db/migrations");

const handle = await openDatabase({ dataDir, migrationsFolder });
process.stdout.write("opened\n");
await sendDueWhatsappMessages(
  handle.db,
  createLogger("error", { write: () => {} }),
  {
    api: {
      apiUrl,
      phoneNumberId: cloudApiPhoneNumberId,
      token: cloudApiToken,
      templates: whatsappTestTemplates,
    },
    siteUrl: "http://localhost:3000",
    secret: "a-test-secret-that-seals-status-links-0123",
    maxAttempts: 5,
    retryBaseSeconds: 30,
    leaseSeconds: 1,
  },
  3,
);
await handle.close();
