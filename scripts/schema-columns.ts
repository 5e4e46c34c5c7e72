// The tables and columns a release's db/schema.ts declares, read from its text (it may be an older
// release's, from git, whose imports this checkout cannot load): what that release's queries name.
// Drizzle selects every column a table declares, so a column declared here is one the release
// reads, and one it may leave out of an insert when the column is nullable or has a default.
import { parse } from "@babel/parser";
import type { CallExpression, Expression, Node, ObjectExpression } from "@babel/types";

interface DeclaredColumn {
  /** Declared `.notNull()` (or a primary key): the release always writes a value. */
  notNull: boolean;
  /**
   * A value the database fills when an insert leaves the column out (`.default()`,
   * `.defaultNow()`, `.defaultRandom()`, an identity, a generated column).
   */
  databaseDefault: boolean;
  /** A value the release's own inserts fill in (`.$defaultFn()`, `.$default()`). */
  insertDefault: boolean;
}

/** Table name → column name → what the schema says of it, by their names in the database. */
export type DeclaredTables = Map<string, Map<string, DeclaredColumn>>;

const databaseDefaults = new Set([
  "default",
  "defaultNow",
  "defaultRandom",
  "generatedAlwaysAs",
  "generatedAlwaysAsIdentity",
  "generatedByDefaultAsIdentity",
]);
const insertDefaults = new Set(["$defaultFn", "$default"]);

/** Helpers the schema declares for columns it repeats: `const createdAt = () => timestamp(…)…`. */
type Helpers = Map<string, Expression>;

function helpersOf(program: Node): Helpers {
  const helpers: Helpers = new Map();
  if (program.type !== "Program") return helpers;
  for (const statement of program.body) {
    const declaration =
      statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
    if (declaration?.type !== "VariableDeclaration") continue;
    for (const { id, init } of declaration.declarations) {
      if (
        id.type === "Identifier" &&
        init?.type === "ArrowFunctionExpression" &&
        init.body.type !== "BlockStatement"
      ) {
        helpers.set(id.name, init.body);
      }
    }
  }
  return helpers;
}

/**
 * The call a builder chain starts from (`text("name")` of `text("name").notNull().default("")`)
 * and the methods called on it, through the schema's helpers (`createdAt()`).
 */
function chainOf(
  expression: Expression,
  helpers: Helpers,
): { start: CallExpression; methods: string[] } | undefined {
  const methods: string[] = [];
  let current: Node = expression;
  for (let depth = 0; current.type === "CallExpression" && depth < 50; depth++) {
    const callee: Node = current.callee;
    if (callee.type === "Identifier") {
      const helper = helpers.get(callee.name);
      if (!helper) return { start: current, methods };
      current = helper;
      continue;
    }
    if (callee.type !== "MemberExpression" || callee.property.type !== "Identifier") return;
    methods.push(callee.property.name);
    current = callee.object;
  }
  return undefined;
}

function keyName(key: Node): string | undefined {
  if (key.type === "Identifier") return key.name;
  if (key.type === "StringLiteral") return key.value;
  return undefined;
}

function columnsOf(object: ObjectExpression, helpers: Helpers): Map<string, DeclaredColumn> {
  const columns = new Map<string, DeclaredColumn>();
  for (const property of object.properties) {
    if (property.type !== "ObjectProperty") continue;
    const chain = chainOf(property.value as Expression, helpers);
    const key = keyName(property.key);
    if (!chain || key === undefined) continue;
    // `text("phone_key")`, or `text()` named by its key (no casing option in drizzle.config.ts).
    const first = chain.start.arguments[0];
    const name = first?.type === "StringLiteral" ? first.value : key;
    columns.set(name, {
      notNull: chain.methods.includes("notNull") || chain.methods.includes("primaryKey"),
      databaseDefault: chain.methods.some((method) => databaseDefaults.has(method)),
      insertDefault: chain.methods.some((method) => insertDefaults.has(method)),
    });
  }
  return columns;
}

/** Every `pgTable("name", { … })` in the source, wherever it stands. */
export function readDeclaredTables(source: string): DeclaredTables {
  const program = parse(source, { sourceType: "module", plugins: ["typescript"] }).program;
  const helpers = helpersOf(program);
  const tables: DeclaredTables = new Map();
  const visit = (node: Node) => {
    if (
      node.type === "CallExpression" &&
      node.callee.type === "Identifier" &&
      node.callee.name === "pgTable"
    ) {
      const [name, columns] = node.arguments;
      if (name?.type === "StringLiteral" && columns?.type === "ObjectExpression") {
        tables.set(name.value, columnsOf(columns, helpers));
      }
    }
    for (const value of Object.values(node)) {
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) {
        if (child && typeof child === "object" && typeof child.type === "string") visit(child);
      }
    }
  };
  visit(program);
  return tables;
}
