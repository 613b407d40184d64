import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The rows of a raw SQL statement, as the caller says they are: the one place where a raw
 * result is typed. Both drivers answer timestamps as text (Drizzle's setting) and JSON as
 * values; cast counts to int in SQL (`count(*)::int`), since node-postgres answers bigint as text.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A timestamp as a raw statement answers it (text, both drivers) as an ISO 8601 instant; null stays null. */
export function iso(d: string): string;
export function iso(d: string | null): string | null;
export function iso(d: string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}

/** The first row of a raw SQL statement, or undefined. */
export async function selectRow<T>(db: Db, query: SQL): Promise<T | undefined> {
  return (await selectRows<T>(db, query))[0];
}

/**
 * A transaction whose handle has the same type as the database, so repository functions take
 * either. Drizzle's transaction type differs from its database type only in generics.
 */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** A read-only transaction that sees one snapshot of the database (repeatable read) for all its statements. */
export function snapshot<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

/**
 * Exempts the rest of the caller's transaction, and only it (`set local`), from the per-request
 * statement limit (STATEMENT_TIMEOUT_MS): a CSV import, a document's bytes written or read.
 */
export async function liftStatementTimeout(tx: Db): Promise<void> {
  await tx.execute(sql`set local statement_timeout = 0`);
}

/** A transaction of its own exempt from the statement limit (decision 0080). */
export function untimed<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await liftStatementTimeout(tx);
    return fn(tx);
  });
}

/**
 * Where a page of a list starts and how many rows it takes. Lists count their matches only up to
 * `cap`, and a page may start at most there (a later one is empty), so no page walks further
 * into an index than `cap` rows, whatever the list's length or the page asked for.
 */
export function pageWindow(q: { page: number; pageSize: number }, cap: number) {
  const offset = (q.page - 1) * q.pageSize;
  return { offset, limit: offset > cap ? 0 : q.pageSize, cap };
}

/**
 * A whole number written into the statement's text rather than bound: LIMIT and OFFSET. Bound,
 * they make PostgreSQL plan the statement again on every execution (a generic plan cannot know
 * how few rows a page takes, so it looks dearer than each custom plan), and planning a page's
 * joins costs more than running them. Written in, a page's statement has only its equality
 * parameters, and each connection plans it once.
 */
export const int = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a whole number: ${n}`);
  return sql.raw(String(n));
};

/** How many rows `fromWhere` (a FROM … WHERE …) has, counting no further than one past `cap`. */
export const countUpTo = (fromWhere: SQL, cap: number) =>
  sql`(select count(*)::int from (select 1 ${fromWhere} limit ${int(cap + 1)}) upto)`;

/** The page's `total` and `capped` from a count made by `countUpTo`. */
export const counted = (n: number, cap: number) => ({ total: Math.min(n, cap), capped: n > cap });
