// The one module that reads the environment. It imports nothing but zod so that the
// HTTP server (plain Node) and the React Router build can both use it.
import { z } from "zod";

const digits = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]+$/, `${label} may hold only digits, spaces, dashes and a leading +`)
    .refine((value) => value.replace(/\D/g, "").length >= 10, `${label} needs at least 10 digits`);

const analyticsId = z
  .string()
  .trim()
  .regex(/^(G|AW|UA)-[A-Z0-9-]{4,20}$/, "must look like G-XXXXXXX (or AW-/UA-)")
  .optional()
  .or(z.literal("").transform(() => undefined));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Where the build lives; a second build (e.g. with analytics ids) can sit beside it. */
  BUILD_DIR: z.string().default("build"),
  /** Behind a load balancer that sets X-Forwarded-Proto: trust it, so HSTS is sent on HTTPS. */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" })
    .default("http://localhost:3000")
    .transform((url) => url.replace(/\/+$/, "")),
  BUSINESS_NAME: z.string().trim().min(2).max(80).default("HomePhysio NCR"),
  BUSINESS_PHONE: digits("BUSINESS_PHONE").default("+91 98765 43210"),
  BUSINESS_WHATSAPP: digits("BUSINESS_WHATSAPP").default("+91 98765 43210"),
  BUSINESS_EMAIL: z
    .email({ error: "must be an e-mail address" })
    .default("care@homephysio.example"),
  BUSINESS_STREET: z
    .string()
    .trim()
    .min(3)
    .default("Coworking centre, Golf Course Road, Sector 43"),
  BUSINESS_LOCALITY: z.string().trim().min(2).default("Gurugram"),
  BUSINESS_REGION: z.string().trim().min(2).default("Haryana"),
  BUSINESS_POSTAL_CODE: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "must be a 6-digit PIN code")
    .default("122002"),
  GA_MEASUREMENT_ID: analyticsId,
  GA_MEASUREMENT_ID_SECONDARY: analyticsId,
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Parses an environment; throws a ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "use the default", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  return result.data;
}

/** For programs' start-up: the environment, or a message naming every bad variable and exit 1. */
export function getEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

let cached: Env | undefined;

/** The process environment, parsed once (lazily, so importing this module has no side effects). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
