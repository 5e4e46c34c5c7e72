// Session tokens are stored hashed: the `sessions` table holds "sha256:<hex>" of each token, and
// only the browser's cookie holds the token itself, so a copy of the database or a backup holds
// no session anyone can use (docs/accounts.md). Better Auth 1.7 stores the token as it is and has
// no option for this; its adapter is wrapped instead: every lookup by token hashes the token
// first, and a row it reads back by its token gets that token in place of the hash (Better Auth
// signs it into the refreshed cookie). Whatever a lookup is given is hashed, a stored hash too:
// otherwise the hash, signed into a cookie by whoever holds a copy and the key, would open the
// session. A row read by another field keeps its hash, which therefore finds nothing; the site
// ends sessions by their account (endSessions, Better Auth's deleteUserSessions), never so.
import { createHash } from "node:crypto";
import type { DBAdapter, DBTransactionAdapter, Where } from "@better-auth/core/db/adapter";

const hashedPrefix = "sha256:";

/** What the database stores of a session token. */
function storedSessionToken(token: string): string {
  return `${hashedPrefix}${createHash("sha256").update(token).digest("hex")}`;
}

const sessionModel = "session";

type Row = Record<string, unknown>;

/** The where clauses with every token value hashed, and which hash came from which token. */
function hashedWhere(where: Where[] | undefined, tokens: Map<string, string>): Where[] | undefined {
  return where?.map((clause) => {
    if (clause.field !== "token") return clause;
    const hash = (value: string) => {
      const stored = storedSessionToken(value);
      tokens.set(stored, value);
      return stored;
    };
    const { value } = clause;
    if (typeof value === "string") return { ...clause, value: hash(value) };
    if (Array.isArray(value)) {
      return { ...clause, value: (value as unknown[]).map((v) => hash(String(v))) as string[] };
    }
    return clause;
  });
}

/** A row read back with the token it was asked for by, rather than the stored hash. */
function withTokens<T>(row: T, tokens: Map<string, string>): T {
  if (!row || typeof row !== "object") return row;
  const token = (row as Row).token;
  if (typeof token !== "string") return row;
  const raw = tokens.get(token);
  return raw ? ({ ...(row as Row), token: raw } as T) : row;
}

function wrap<A extends DBTransactionAdapter>(adapter: A): A {
  return {
    ...adapter,
    async create(data) {
      if (data.model !== sessionModel) return adapter.create(data);
      const token = (data.data as Row).token;
      if (typeof token !== "string") return adapter.create(data);
      const stored = storedSessionToken(token);
      const row = await adapter.create({ ...data, data: { ...data.data, token: stored } });
      return withTokens(row, new Map([[stored, token]]));
    },
    async findOne(data) {
      if (data.model !== sessionModel) return adapter.findOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.findOne({ ...data, where: hashedWhere(data.where, tokens) ?? [] });
      return withTokens(row, tokens);
    },
    async findMany(data) {
      if (data.model !== sessionModel) return adapter.findMany(data);
      const tokens = new Map<string, string>();
      const rows = await adapter.findMany({ ...data, where: hashedWhere(data.where, tokens) });
      return rows.map((row) => withTokens(row, tokens));
    },
    async update(data) {
      if (data.model !== sessionModel) return adapter.update(data);
      const tokens = new Map<string, string>();
      const update = { ...data.update };
      if (typeof update.token === "string") update.token = storedSessionToken(update.token);
      const row = await adapter.update({
        ...data,
        where: hashedWhere(data.where, tokens) ?? [],
        update,
      });
      return withTokens(row, tokens);
    },
    updateMany(data) {
      if (data.model !== sessionModel) return adapter.updateMany(data);
      const update = { ...data.update };
      if (typeof update.token === "string") update.token = storedSessionToken(update.token);
      return adapter.updateMany({
        ...data,
        where: hashedWhere(data.where, new Map()) ?? [],
        update,
      });
    },
    delete(data) {
      if (data.model !== sessionModel) return adapter.delete(data);
      return adapter.delete({ ...data, where: hashedWhere(data.where, new Map()) ?? [] });
    },
    deleteMany(data) {
      if (data.model !== sessionModel) return adapter.deleteMany(data);
      return adapter.deleteMany({ ...data, where: hashedWhere(data.where, new Map()) ?? [] });
    },
    count(data) {
      if (data.model !== sessionModel) return adapter.count(data);
      return adapter.count({ ...data, where: hashedWhere(data.where, new Map()) });
    },
    async consumeOne(data) {
      if (data.model !== sessionModel) return adapter.consumeOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.consumeOne({
        ...data,
        where: hashedWhere(data.where, tokens) ?? [],
      });
      return withTokens(row, tokens);
    },
    async incrementOne(data) {
      if (data.model !== sessionModel) return adapter.incrementOne(data);
      const tokens = new Map<string, string>();
      const row = await adapter.incrementOne({
        ...data,
        where: hashedWhere(data.where, tokens) ?? [],
      });
      return withTokens(row, tokens);
    },
  } as A;
}

/** Better Auth's adapter, storing session tokens hashed (transactions' adapters included). */
export function withHashedSessionTokens(adapter: DBAdapter): DBAdapter {
  const wrapped = wrap(adapter as unknown as DBTransactionAdapter) as unknown as DBAdapter;
  return {
    ...wrapped,
    transaction: (callback) => adapter.transaction((trx) => callback(wrap(trx))),
  };
}
