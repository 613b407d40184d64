import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { z } from "zod";
import { parseWorkHours, type WorkHours } from "../../shared/src/defense-slots";
import { isTimeZone } from "../../shared/src/time";

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/**
 * The proxies whose X-Forwarded-For is believed (DESIGN.md §21): none (false), the number of
 * proxies every request passes through, or their addresses and ranges. Never every hop: the
 * header's left end is whatever the client wrote.
 */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for ranges, which Fastify accepts beside addresses. */
const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** An address or a range (address/prefix), in the plain forms only: "10.0.0" is a typo, not 10.0.0.0. */
function isAddressOrRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split("/");
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (rest.length || (!v4 && !ipaddr.IPv6.isValid(address))) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128));
}

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim();
  if (v.toLowerCase() === "false" || v === "0") return false;
  if (v.toLowerCase() === "true") {
    ctx.addIssue({
      code: "custom",
      message:
        "true trusts every hop, so any client could choose its own address through X-Forwarded-For; set the number of proxies in front of the server (such as 1), or their addresses (such as 10.0.0.5 or 10.0.0.0/8)",
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 20) return hops;
    ctx.addIssue({ code: "custom", message: "must be a number of proxies from 0 to 20, or their addresses" });
    return z.NEVER;
  }
  const entries = v.split(",").map((e) => e.trim());
  const bad = entries.filter((e) => !NAMED_RANGES.includes(e) && !isAddressOrRange(e));
  if (bad.length)
    ctx.addIssue({
      code: "custom",
      message: `must be false, a number of proxies (such as 1), or addresses and ranges separated by commas (such as 10.0.0.5,10.1.0.0/16); not ${bad.map((e) => JSON.stringify(e)).join(", ")}`,
    });
  return entries;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().default("ThesisDesk <no-reply@thesisdesk.local>"),
    SESSION_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default("false").transform(parseTrustProxy)),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    // Uploaded files are checked off the main thread (DESIGN.md §21): one core stays for requests.
    UPLOAD_WORKERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(1, os.availableParallelism() - 1)),
    UPLOAD_QUEUE_MAX: z.coerce.number().int().min(0).max(1000).default(16),
    // Bytes the uploads in progress hold at once (decision 0080): at least one 50 MB thesis.
    UPLOAD_MEMORY_MB: z.coerce.number().int().min(64).max(65_536).default(400),
    CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    TIME_ZONE: z.preprocess(
      emptyToUndefined,
      z.string().refine(isTimeZone, "must be an IANA time zone such as Europe/Berlin").default("UTC"),
    ),
    DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
    // How long a finished thesis or an ended proposal keeps its chat, notices and drafts (DESIGN.md §19).
    RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(5),
    // "Find a time" for a defense (DESIGN.md §18): weekdays within these hours, in TIME_ZONE.
    WORK_HOURS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => parseWorkHours(v) !== null, "must be a range such as 09:00-17:00")
        .default("09:00-17:00"),
    ),
    // Single sign-on (DESIGN.md §12): all three of issuer, client id and secret, or none.
    OIDC_ISSUER: z.preprocess(
      emptyToUndefined,
      z.url("must be a URL such as https://login.uni.edu").optional(),
    ),
    OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
    OIDC_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default("your university account")),
    OIDC_STUDENT_ID_CLAIM: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
    OIDC_CREATE_STUDENTS: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).default("true")),
    OIDC_SCOPES: z.preprocess(emptyToUndefined, z.string().default("openid email profile")),
    ALLOWED_EMAIL_DOMAINS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("")
        .transform((v) =>
          v
            .split(",")
            .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
            .filter(Boolean),
        )
        .refine(
          (list) =>
            list.every((d) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(d)),
          "must be domains separated by commas, such as uni.edu,student.uni.edu",
        ),
    ),
  })
  .superRefine((e, ctx) => {
    const oidc = {
      OIDC_ISSUER: e.OIDC_ISSUER,
      OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
    };
    const set = Object.values(oidc).filter(Boolean).length;
    if (set > 0 && set < 3)
      for (const [name, value] of Object.entries(oidc))
        if (!value)
          ctx.addIssue({
            code: "custom",
            path: [name],
            message:
              "is needed for single sign-on (set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together)",
          });
  });

/** Single sign-on through the university's OpenID provider (DESIGN.md §12). */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button says "Sign in with {name}". */
  name: string;
  /** The claim that carries a new student's student ID; none = new students have no student ID. */
  studentIdClaim?: string;
  /** False: an unknown email is refused instead of becoming a student. */
  createStudents: boolean;
  scopes: string[];
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  publicUrl: string;
  smtpUrl?: string;
  mailFrom: string;
  sessionSecret: string;
  /** Whose X-Forwarded-For is believed; lib/client-address.ts turns it into Fastify's option. */
  trustProxy: TrustProxy;
  logLevel: string;
  dbPoolSize: number;
  /** A request's database statements stop after this long (PostgreSQL); 0 in scripts. */
  statementTimeoutMs: number;
  /** Live event streams an instance holds at most. */
  eventsMaxStreams: number;
  /** Uploaded files checked at once, each in a worker thread of its own. */
  uploadWorkers: number;
  /** Uploads that wait for a worker at most; past it an upload is answered 503. */
  uploadQueueMax: number;
  /** Memory the uploads in progress may hold at once, in MB; past it an upload is answered 503. */
  uploadMemoryMb: number;
  /** Built client to serve (default dist/client). */
  clientDir?: string;
  /** The department's time zone: times are shown in it, and daily work runs by its clock. */
  timeZone: string;
  /** The department's working hours in timeZone, for "Find a time" (WORK_HOURS, default 09:00-17:00). */
  workHours: WorkHours;
  /** The hour (in timeZone) at which the daily overdue-review digest is sent. */
  digestHour: number;
  /** Years after a record ends before retention removes its chat, notices, drafts and internal comments. */
  retentionYears: number;
  /** Single sign-on; null when not configured. */
  oidc: OidcConfig | null;
  /** Registration, import and single sign-on accept only these email domains; empty = any. */
  allowedEmailDomains: string[];
}

export class ConfigError extends Error {}

/** Parses the environment once; every bad variable is named in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionSecret: e.SESSION_SECRET ?? persistentSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dbPoolSize: e.DB_POOL_SIZE,
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    eventsMaxStreams: e.EVENTS_MAX_STREAMS,
    uploadWorkers: e.UPLOAD_WORKERS,
    uploadQueueMax: e.UPLOAD_QUEUE_MAX,
    uploadMemoryMb: e.UPLOAD_MEMORY_MB,
    clientDir: e.CLIENT_DIR ? path.resolve(e.CLIENT_DIR) : undefined,
    timeZone: e.TIME_ZONE,
    workHours: parseWorkHours(e.WORK_HOURS) ?? { start: 540, end: 1020 },
    digestHour: e.DIGEST_HOUR,
    retentionYears: e.RETENTION_YEARS,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER.replace(/\/$/, ""),
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            name: e.OIDC_NAME,
            studentIdClaim: e.OIDC_STUDENT_ID_CLAIM,
            createStudents: e.OIDC_CREATE_STUDENTS === "true",
            scopes: e.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean),
          }
        : null,
    allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS,
  };
}

/** Without SESSION_SECRET, a secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  return secret;
}
