// Which statements of a migration break the release before it (docs/database.md, "Upgrades
// without downtime"): during a rolling upgrade the new release migrates the shared database while
// instances of the previous one keep serving, and they keep running its queries, built from its
// db/schema.ts, until the last of them stops. A statement breaks them when it takes away or
// changes what that schema declares. The statements are read by PostgreSQL's own parser
// (libpg-query), so quoting, schemas, comments and several commands in one ALTER TABLE are read
// as the database reads them.
import { parse } from "libpg-query";
import type { DeclaredTables } from "#scripts/schema-columns.ts";

export interface BreakingChange {
  /** The statement as written in the migration (its comments left out). */
  statement: string;
  table: string;
  /** Absent when the whole table goes. */
  column?: string;
  /** What the statement does, in a few words ("drops the column"). */
  change: string;
  /** Why the previous release then fails. */
  why: string;
}

// Why each kind breaks the previous release. Drizzle names every column a table declares in its
// selects and its inserts' column lists, so a missing column fails every query on the table.
const reasons = {
  gone: "the previous release's queries name it: from the moment this migration commits until its last instance stops, each of them fails (a 500, a request not stored)",
  type: "the previous release reads and writes the old type (a value it writes may be refused, one it reads parsed otherwise), and PostgreSQL rewrites the table under an ACCESS EXCLUSIVE lock that stalls every query of its instances meanwhile",
  notNull:
    "the previous release declares it nullable and stores rows without it: those inserts are refused",
  addNotNull:
    "the previous release does not know the column, so its inserts leave it out: they are refused",
  dropDefault:
    "the previous release leaves this value to the database's default: its inserts are refused without it",
} as const;

type Node = Record<string, unknown>;

interface RangeVar {
  schemaname?: string;
  relname: string;
}

/** The relation's table name, when it is one the schema could declare (no other schema). */
function tableName(relation: RangeVar | undefined): string | undefined {
  if (!relation) return undefined;
  return !relation.schemaname || relation.schemaname === "public" ? relation.relname : undefined;
}

/** `DROP TABLE a, public.b` names lists of strings. */
function droppedTables(objects: Node[]): string[] {
  return objects.flatMap((object) => {
    const items = ((object.List as Node | undefined)?.items ?? []) as Node[];
    const names = items.map((item) => (item.String as { sval: string }).sval);
    const name = names.at(-1);
    const schema = names.length > 1 ? names.at(-2) : undefined;
    return name && (!schema || schema === "public") ? [name] : [];
  });
}

function hasConstraint(columnDef: Node, contype: string): boolean {
  const constraints = (columnDef.constraints ?? []) as Node[];
  return constraints.some((item) => (item.Constraint as Node | undefined)?.contype === contype);
}

/** The statement's own text: what PostgreSQL's offsets (bytes of UTF-8) point at, comments left out. */
function statementText(sql: Buffer, location = 0, length?: number): string {
  const end = length === undefined ? sql.length : location + length;
  return sql
    .subarray(location, end)
    .toString("utf8")
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .trim();
}

/**
 * The statements of `migrationSql` that break a release whose schema declares `previous`.
 * Rejects when the SQL does not parse (PostgreSQL would refuse it too).
 */
export async function findBreakingChanges(
  previous: DeclaredTables,
  migrationSql: string,
): Promise<BreakingChange[]> {
  const sql = Buffer.from(migrationSql, "utf8");
  const stmts = (await parse(migrationSql)).stmts ?? [];
  const found: BreakingChange[] = [];
  for (const { stmt, stmt_location, stmt_len } of stmts) {
    const statement = statementText(sql, stmt_location, stmt_len);
    const add = (table: string, change: string, why: string, column?: string) =>
      found.push({ statement, table, column, change, why });
    const node = stmt as Node;

    if (node.DropStmt) {
      const drop = node.DropStmt as Node;
      if (drop.removeType !== "OBJECT_TABLE") continue;
      for (const table of droppedTables(drop.objects as Node[])) {
        if (previous.has(table)) add(table, "drops the table", reasons.gone);
      }
    } else if (node.RenameStmt) {
      const rename = node.RenameStmt as Node & { relation?: RangeVar; subname?: string };
      const table = tableName(rename.relation);
      if (!table || !previous.has(table)) continue;
      if (rename.renameType === "OBJECT_TABLE") add(table, "renames the table", reasons.gone);
      if (rename.renameType === "OBJECT_COLUMN" && rename.subname) {
        if (previous.get(table)?.has(rename.subname)) {
          add(table, "renames the column", reasons.gone, rename.subname);
        }
      }
    } else if (node.AlterObjectSchemaStmt) {
      const move = node.AlterObjectSchemaStmt as Node & { relation?: RangeVar };
      const table = tableName(move.relation);
      if (move.objectType === "OBJECT_TABLE" && table && previous.has(table)) {
        add(table, "moves the table to another schema", reasons.gone);
      }
    } else if (node.AlterTableStmt) {
      const alter = node.AlterTableStmt as Node & { relation?: RangeVar; cmds: Node[] };
      const table = tableName(alter.relation);
      const columns = table ? previous.get(table) : undefined;
      if (!table || !columns) continue;
      const commands = alter.cmds.map((cmd) => cmd.AlterTableCmd as Node & { name?: string });
      for (const cmd of commands) {
        const column = cmd.name;
        const declared = column === undefined ? undefined : columns.get(column);
        switch (cmd.subtype) {
          case "AT_DropColumn":
            if (declared) add(table, "drops the column", reasons.gone, column);
            break;
          case "AT_AlterColumnType":
            if (declared) add(table, "changes the column's type", reasons.type, column);
            break;
          case "AT_SetNotNull":
            if (
              declared &&
              !declared.notNull &&
              !declared.databaseDefault &&
              !declared.insertDefault &&
              !setsDefault(stmts, table, column as string)
            ) {
              add(table, "makes the column NOT NULL without a default", reasons.notNull, column);
            }
            break;
          case "AT_ColumnDefault":
            if (
              declared?.notNull &&
              declared.databaseDefault &&
              !cmd.def &&
              !declared.insertDefault
            ) {
              add(table, "drops the column's default", reasons.dropDefault, column);
            }
            break;
          case "AT_AddColumn": {
            const def = (cmd.def as Node).ColumnDef as Node & { colname: string };
            const filled =
              hasConstraint(def, "CONSTR_DEFAULT") ||
              hasConstraint(def, "CONSTR_IDENTITY") ||
              hasConstraint(def, "CONSTR_GENERATED");
            if (
              (hasConstraint(def, "CONSTR_NOTNULL") || hasConstraint(def, "CONSTR_PRIMARY")) &&
              !filled
            ) {
              add(
                table,
                "adds a NOT NULL column without a default",
                reasons.addNotNull,
                def.colname,
              );
            }
            break;
          }
        }
      }
    }
  }
  return found;
}

/**
 * Whether the migration gives the column a default (in any of its statements: they commit
 * together, before the previous release's next insert).
 */
function setsDefault(stmts: { stmt?: unknown }[], table: string, column: string): boolean {
  return stmts.some(({ stmt }) => {
    const alter = (stmt as Node).AlterTableStmt as
      | (Node & { relation?: RangeVar; cmds: Node[] })
      | undefined;
    if (!alter || tableName(alter.relation) !== table) return false;
    return alter.cmds.some((item) => {
      const cmd = item.AlterTableCmd as Node;
      return cmd.subtype === "AT_ColumnDefault" && cmd.name === column && cmd.def !== undefined;
    });
  });
}
