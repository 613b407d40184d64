import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { PREPARED_TEXT_MAX, statementName } from "./statement-name";

/** Distinct statement shapes kept prepared; past that, statements run the ordinary way. */
const MAX_PREPARED = 500;

/**
 * A value as an SQL literal that the prepared statement's parameter coerces exactly as it
 * would a bound text parameter, or undefined when it should be bound the ordinary way.
 * Only with standard_conforming_strings on (checked at start-up), where a quote doubled is the
 * only escape inside '…' and a backslash is an ordinary character.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return value.includes("\0") ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number") return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === "bigint") return `'${value}'`;
  if (typeof value === "boolean") return value ? "'true'" : "'false'";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : `'${value.toISOString()}'`;
  return undefined;
}

/**
 * PGlite's query() parses and plans every statement again (it has no named prepared statements
 * over its protocol), and for our joined reads planning costs several times the execution: the
 * student's list spent 2.0 of its 2.5 ms planning. This client, given to Drizzle in place of the
 * PGlite instance, turns each parameterised statement outside a transaction into an SQL-level
 * `PREPARE` the first time its text is seen and an `EXECUTE` with the values as literals after
 * that, so each shape is planned once (PostgreSQL's plan cache then decides custom or generic
 * plans, and replans after ANALYZE). A statement PREPARE refuses (a parameter whose type
 * PostgreSQL cannot infer, a syntax error) runs the ordinary way, so its caller gets
 * PostgreSQL's own answer; so does a value that has no plain literal. Transactions run on
 * PGlite's own transaction object, unchanged.
 */
export class PreparingPglite {
  private readonly prepared = new Map<string, Promise<string | null>>();

  private constructor(
    readonly pglite: PGlite,
    private readonly enabled: boolean,
  ) {}

  static async wrap(pglite: PGlite): Promise<PreparingPglite> {
    const { rows } = await pglite.query<{ standard_conforming_strings: string }>(
      "show standard_conforming_strings",
    );
    return new PreparingPglite(pglite, rows[0]?.standard_conforming_strings === "on");
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!this.enabled || !params?.length || text.length >= PREPARED_TEXT_MAX)
      return this.pglite.query<T>(text, params, options);
    const literals = params.map(literal);
    if (literals.some((l) => l === undefined)) return this.pglite.query<T>(text, params, options);
    const name = await this.prepare(text);
    if (!name) return this.pglite.query<T>(text, params, options);
    return this.pglite.query<T>(`execute ${name}(${literals.join(", ")})`, [], options);
  }

  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction(callback);
  }

  /** The statement's name once prepared; null when it cannot be (then it never is). */
  private prepare(text: string): Promise<string | null> {
    let name = this.prepared.get(text);
    if (!name) {
      if (this.prepared.size >= MAX_PREPARED) return Promise.resolve(null);
      const id = statementName(text);
      name = this.pglite.exec(`prepare ${id} as ${text}`).then(
        () => id,
        () => null,
      );
      this.prepared.set(text, name);
    }
    return name;
  }
}
