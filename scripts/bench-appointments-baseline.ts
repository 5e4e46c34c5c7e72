// The baseline of `npm run bench:appointments`: the least a server can do for the same request.
// A bare node:http handler that reads the same urlencoded body and inserts the same row into
// the same kind of database, with no validation, no guards, no log, no React Router and no
// outbox. Started by scripts/bench-appointments.ts as a process of its own, as our server is:
//   node scripts/bench-appointments-baseline.ts <port> <postgres://… | pglite folder>
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { pgliteExtensions } from "#app/db.server.ts";

const [portArg, target] = process.argv.slice(2);
if (!portArg || !target) {
  console.error(
    "usage: node scripts/bench-appointments-baseline.ts <port> <database URL | folder>",
  );
  process.exit(2);
}
const migrationsFolder = resolve("db/migrations");
const insertSql =
  "INSERT INTO appointments (name, phone, address, pincode, message) VALUES ($1, $2, $3, $4, $5)";

// The same tables as the app's (migrations applied only to set up, never per request); then the
// database driver alone.
let insert: (values: (string | null)[]) => Promise<unknown>;
let close: () => Promise<void>;
if (/^postgres(ql)?:/.test(target)) {
  // The same pool size as the app's (app/db.server.ts).
  const pool = new pg.Pool({ connectionString: target, max: 10 });
  await migrateNodePostgres(drizzleNodePostgres({ client: pool }), { migrationsFolder });
  insert = (values) => pool.query(insertSql, values);
  close = () => pool.end();
} else {
  const client = await PGlite.create({
    dataDir: join(resolve(target), "pglite"),
    extensions: await pgliteExtensions(),
  });
  await migratePglite(drizzlePglite({ client }), { migrationsFolder });
  insert = (values) => client.query(insertSql, values);
  close = () => client.close();
}

const server = createServer((req, res) => {
  if (req.method !== "POST") {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const field = (name: string) => form.get(name) ?? "";
    insert([
      field("name"),
      field("phone"),
      field("address"),
      field("pincode"),
      field("message") || null,
    ]).then(
      () => res.writeHead(303, { Location: "/contact/received" }).end(),
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
  });
});
server.listen(Number(portArg), "127.0.0.1");

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => {
      close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  });
}
