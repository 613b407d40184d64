import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The rows of a raw SQL statement, as the caller says they are: the one place where a raw
 * result is typed. Cast counts and sums to int in SQL (`count(*)::int`), since node-postgres
 * answers bigint as text.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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

/**
 * Where a page of a list starts and how many rows it takes. Lists count their matches only up to
 * `cap`, and a page may start at most there (a later one is empty), so no page walks further
 * into an index than `cap` rows, whatever the list's length or the page asked for.
 */
export function pageWindow(q: { page: number; pageSize: number }, cap: number) {
  const offset = (q.page - 1) * q.pageSize;
  return { offset, limit: offset > cap ? 0 : q.pageSize, cap };
}

/** How many rows `fromWhere` (a FROM … WHERE …) has, counting no further than one past `cap`. */
export const countUpTo = (fromWhere: SQL, cap: number) =>
  sql`(select count(*)::int from (select 1 ${fromWhere} limit ${cap + 1}) upto)`;

/** The page's `total` and `capped` from a count made by `countUpTo`. */
export const counted = (n: number, cap: number) => ({ total: Math.min(n, cap), capped: n > cap });
