import { fillPlaceholders, Param, type Placeholder, SQL, StringChunk, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

const dialect = new PgDialect();

/**
 * A statement whose text Drizzle builds once: the first call walks the template (columns,
 * sub-queries, escaping) with placeholders where the values go; every call after that only
 * binds the values to the text it made. For the big joined reads, walking the template on each
 * request cost about a tenth of the request's CPU. The text is the same each time, so it is
 * also the same named prepared statement on every connection (see PreparingClient).
 *
 * Values are bound as they are given (no column encoders), so pass what the driver takes:
 * strings, numbers, booleans, null.
 */
export function compiled<K extends string>(build: (p: (name: K) => Placeholder<K>) => SQL) {
  let text: { parts: string[]; params: unknown[] } | undefined;
  return (values: Record<K, unknown>): SQL => {
    if (!text) {
      const query = dialect.sqlToQuery(build((name) => sql.placeholder(name)));
      const parts = query.sql.split(/\$\d+/);
      if (parts.length !== query.params.length + 1)
        throw new Error("compiled(): the statement's text must not contain $n outside its parameters");
      text = { parts, params: query.params };
    }
    const bound = fillPlaceholders(text.params, values);
    const chunks: (StringChunk | Param)[] = [new StringChunk(text.parts[0])];
    for (let i = 0; i < bound.length; i++)
      chunks.push(new Param(bound[i]), new StringChunk(text.parts[i + 1]));
    return new SQL(chunks);
  };
}

/**
 * `compiled()` for a statement whose text depends on a few choices (a role, which filters are
 * set): one compiled statement per `shape`, built the first time that shape is asked for.
 */
export function compiledShapes<K extends string>() {
  const byShape = new Map<string, ReturnType<typeof compiled<K>>>();
  return (shape: string, build: Parameters<typeof compiled<K>>[0]) => {
    let statement = byShape.get(shape);
    if (!statement) {
      statement = compiled<K>(build);
      byShape.set(shape, statement);
    }
    return statement;
  };
}
