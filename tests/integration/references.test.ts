// Requests' references (decision 023): six characters without look-alikes, unique, made by a
// permutation keyed with a random key of each database, so that a family holding one reference
// (or fifty) can compute no other, nor how many requests the clinic has had. On both databases.
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { createAppointment } from "#app/domain/appointments/appointments.server.ts";
import { appointments } from "#db/schema.ts";
import { describeEachDatabase, queryRows } from "#tests/integration/databases.ts";
import { appointmentInput, staffMail } from "#tests/integration/fixtures.ts";

const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const size = 31n ** 6n;

const numberOf = (reference: string) =>
  [...reference].reduce((n, char) => n * 31n + BigInt(alphabet.indexOf(char)), 0n);
const referenceOf = (n: bigint) =>
  Array.from({ length: 6 }, (_, i) => alphabet[Number((n / 31n ** BigInt(5 - i)) % 31n)]).join("");

const mod = (n: bigint) => ((n % size) + size) % size;

/** The inverse of `n` modulo 31^6, when there is one (n prime to 31). */
function inverse(n: bigint): bigint | undefined {
  let [a, b, x, y] = [mod(n), size, 1n, 0n];
  while (b !== 0n) {
    const q = a / b;
    [a, b, x, y] = [b, a - q * b, y, x - q * y];
  }
  return a === 1n ? mod(x) : undefined;
}

/**
 * Whether one affine map n → a·n + b (mod 31^6) takes each number to the next: the shape of the
 * earlier, unkeyed numbering (a = 3^18, b = 7919), and of any counter stepped by a constant.
 */
function affineChain(numbers: bigint[]): boolean {
  for (let i = 0; i + 2 < numbers.length; i++) {
    const [x0, x1, x2] = numbers.slice(i, i + 3) as [bigint, bigint, bigint];
    const step = inverse(x1 - x0);
    if (step === undefined) continue;
    const a = mod((x2 - x1) * step);
    const b = mod(x1 - a * x0);
    return numbers.slice(1).every((next, j) => next === mod(a * (numbers[j] as bigint) + b));
  }
  throw new Error("no three consecutive numbers to solve for a map");
}

describeEachDatabase("request references", (database) => {
  it("gives 50 requests 50 references with no relation a family could compute", async () => {
    const references: string[] = [];
    for (let n = 0; n < 50; n++) {
      const { appointment } = await createAppointment(database.db, appointmentInput(), staffMail);
      references.push(appointment.reference ?? "");
    }
    expect(references.every((reference) => /^[2-9A-HJKMNP-Z]{6}$/.test(reference))).toBe(true);
    expect(new Set(references).size).toBe(50);
    const numbers = references.map(numberOf);
    // Not a counter, nor any affine permutation of one (what the earlier numbering was).
    expect(affineChain(numbers)).toBe(false);
    // The control: the earlier numbering is caught by the same check.
    const earlier = Array.from({ length: 50 }, (_, n) => mod(BigInt(n + 1) * 3n ** 18n + 7919n));
    expect(affineChain(earlier)).toBe(true);
    // Spread over the whole range, not clustered after the first.
    const spread = Math.max(...numbers.map(Number)) - Math.min(...numbers.map(Number));
    expect(spread).toBeGreaterThan(Number(size) / 2);
  });

  it("keys the permutation with this database's own random key: the same count, another reference", async () => {
    const [row] = await queryRows<{ key: string }>(
      database.db,
      sql`SELECT key FROM appointment_reference_key`,
    );
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
    const outputs = await queryRows<{ same: string; other: string; max: string; count: number }>(
      database.db,
      sql`SELECT
          keyed_reference_number(1, ${row?.key ?? ""})::text AS same,
          keyed_reference_number(1, 'another database''s key')::text AS other,
          max(keyed_reference_number(n, ${row?.key ?? ""}))::text AS max,
          count(DISTINCT keyed_reference_number(n, ${row?.key ?? ""}))::int AS count
        FROM generate_series(0, 4999) AS n`,
    );
    const [result] = outputs;
    expect(result?.same).not.toBe(result?.other);
    // A permutation within the 31^6 references: 5,000 numbers, 5,000 references.
    expect(result?.count).toBe(5000);
    expect(BigInt(result?.max ?? "0") < size).toBe(true);
  });

  it("passes over a reference the earlier numbering already gave", async () => {
    const [next] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT keyed_reference_number(
          (SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM appointment_reference_seq) % 887503681,
          (SELECT key FROM appointment_reference_key))::text AS n`,
    );
    const taken = referenceOf(BigInt(next?.n ?? "0"));
    await database.db.insert(appointments).values({
      name: "Old Request",
      phone: "98765 43210",
      address: "H-12, Sector 43, Gurugram",
      pincode: "122002",
      reference: taken,
    });
    const { appointment } = await createAppointment(database.db, appointmentInput(), staffMail);
    expect(appointment.reference).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(appointment.reference).not.toBe(taken);
  });
});
