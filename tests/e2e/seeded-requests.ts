// A family's request stored straight into a browser test's database (its server's seed), as the
// form would leave it once the desk has called: contacted, with a reference of the site's own
// series, in the family's language.
import { sql } from "drizzle-orm";
import type { Database } from "#app/db.server.ts";
import { appointments } from "#db/schema.ts";

export interface SeededFamily {
  name: string;
  /** Ten digits, as the form takes them. */
  phone: string;
  language: "en" | "hi";
}

/** The request's id and reference. */
export async function insertRequest(
  db: Database,
  family: SeededFamily,
): Promise<{ id: string; reference: string }> {
  const [request] = await db
    .insert(appointments)
    .values({
      name: family.name,
      phone: family.phone,
      phoneKey: `91${family.phone}`,
      address: "House 12, Sector 50, Noida",
      pincode: "201301",
      status: "contacted",
      language: family.language,
      reference: sql`next_appointment_reference()`,
    })
    .returning({ id: appointments.id, reference: appointments.reference });
  if (!request?.reference) throw new Error("the request was not stored");
  return { id: request.id, reference: request.reference };
}
