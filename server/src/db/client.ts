import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The Drizzle database, the same type over PGlite and over node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Raw PGlite instance (embedded only): used for its own LISTEN/NOTIFY. */
  pglite?: PGlite;
  /** Raw pool and its connection string (PostgreSQL only). */
  pool?: pg.Pool;
  url?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite; undefined → in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL: every statement on the pool's connections stops after this long (the server's
   * requests); unset = no limit (migrations always run without one, and so do scripts: seeding,
   * imports, the CLI). PGlite serves one process and has no such limit.
   */
  statementTimeoutMs?: number;
  /** The migrations to run; default this folder's `migrations` (a test runs an older set first). */
  migrationsFolder?: string;
  /**
   * False: open the database as it is, without migrating (the CLI's repairs, which must work on a
   * database whose pending migration is blocked by the very data they fix).
   */
  migrate?: boolean;
  /** PGlite: start from this dump of a data folder (`dumpDataDir`) instead of an empty one (tests). */
  loadDataDir?: Blob;
}

/**
 * A migration refused to run because of data only a person can put right (it raises SQLSTATE
 * TD002 with a message naming the rows and the fix). Start-up prints the message and stops.
 */
export class MigrationBlockedError extends Error {}
const MIGRATION_BLOCKED = "TD002";

/** Runs `migrate`, turning a TD002 refusal into a MigrationBlockedError with the migration's own words. */
async function migrating(migrate: () => Promise<void>) {
  try {
    await migrate();
  } catch (err) {
    // Drizzle wraps the driver's error ("Failed query: …"); the driver's error is the cause.
    for (let e: unknown = err, i = 0; i < 3 && e && typeof e === "object"; i++) {
      const { code, message } = e as { code?: unknown; message?: unknown };
      if (code === MIGRATION_BLOCKED && typeof message === "string") throw new MigrationBlockedError(message);
      e = (e as { cause?: unknown }).cause;
    }
    throw err;
  }
}

/** PostgreSQL's type OID of bytea. */
const BYTEA = 17;

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK = 727_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      Client: PreparingClient,
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle client that loses its server emits 'error'; without a listener the process would exit.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    try {
      if (options.migrate !== false) await migrating(() => migratePostgres(pool, migrationsFolder));
    } catch (err) {
      await pool.end();
      throw err;
    }
    let ended = false;
    const close = async () => {
      if (ended) return;
      ended = true;
      await pool.end();
    };
    return { db, kind: "postgres", pool, url: options.databaseUrl, close };
  }

  let unlock = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    unlock = lockFolder(options.pgliteDir);
  }
  try {
    // pg_trgm: similar titles (migration 0019; landed 0002–0006 made trigram indexes too); unaccent:
    // search; btree_gist: the defenses' exclusion constraints (migration 0026, decision 0073).
    const client = await PGlite.create(options.pgliteDir ?? "memory://", {
      extensions: { pg_trgm, unaccent, btree_gist },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // PGlite runs on the main thread, and its own bytea conversion goes byte by byte through
      // JavaScript strings (about 10 s for a 20 MB upload, on the thread that answers requests).
      // Node's hex codec does the same in one native call.
      serializers: {
        [BYTEA]: (bytes: Uint8Array) =>
          `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`,
      },
      parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), "hex") },
    });
    const db = drizzlePglite({ client, schema });
    try {
      if (options.migrate !== false) await migrating(() => migratePglite(db, { migrationsFolder }));
    } catch (err) {
      await client.close();
      throw err;
    }
    return {
      db: db as unknown as Db,
      kind: "pglite",
      pglite: client,
      close: async () => {
        if (!client.closed) await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Statements worth preparing are shorter than this: query shapes of ours, not generated bulk SQL. */
const PREPARED_TEXT_MAX = 8_000;
const statementNames = new Map<string, string>();

/** A statement's name: a hash of its text, so a query shape has the same name on every connection. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `td_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Sends every parameterised statement as a named prepared statement (named by a hash of its
 * text), so each pooled connection plans a query shape once and reuses the plan. For our
 * joined reads, planning costs several times the execution itself.
 */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is heavily overloaded; we only add a name.
  override query(config: any, values?: any, callback?: any): any {
    if (
      config &&
      typeof config === "object" &&
      typeof config.text === "string" &&
      !config.name &&
      config.text.length < PREPARED_TEXT_MAX
    ) {
      config = { ...config, name: statementName(config.text) };
    }
    return super.query(config, values, callback);
  }
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite is one process per folder: a second process would corrupt it. A pid file next to
 * the folder keeps a second server, the CLI or the seed script out while one is running.
 */
function lockFolder(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). Stop it first, or use PostgreSQL (DATABASE_URL).`,
        );
      }
      rmSync(file, { force: true }); // left behind by a process that has died
    }
  }
  throw new DatabaseInUseError(`Could not lock ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Several instances may start at once: one migrates while the others wait on an advisory lock. */
async function migratePostgres(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    // Migrations are exempt from the requests' statement timeout.
    await client.query("set statement_timeout = 0");
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
    } finally {
      await client.query("reset statement_timeout");
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Refreshes the planner's statistics of every table (PGlite has no autovacuum to do it). */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
