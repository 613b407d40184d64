/** Column types and columns the tables share. */
import { type AnyPgColumn, customType, timestamp, type UpdateDeleteAction, uuid } from "drizzle-orm/pg-core";

/** Raw bytes (PostgreSQL bytea): a Buffer on the way in, a Buffer or Uint8Array on the way out. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
/** A text search document (PostgreSQL tsvector), only ever written by the database. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A table's own id: a random uuid. */
export const primaryId = () => uuid("id").primaryKey().defaultRandom();

/** A moment in time (PostgreSQL timestamptz): every time the tables keep is one. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => moment("created_at").notNull().defaultNow();
export const updatedAt = () => moment("updated_at").notNull().defaultNow();

/** A required reference to another table's column (a uuid), and what deleting that row does to this one. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });
/** An optional reference to another table's column (a uuid, or null), and what deleting that row does to this one. */
export const maybeRef = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).references(target, { onDelete });
