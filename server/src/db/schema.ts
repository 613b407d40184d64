/**
 * The database's tables, by area (server/src/db/schema/): what drizzle.config.ts reads and what
 * `import * as schema` gives the Drizzle client. Migrations are made from it by drizzle-kit.
 */
export * from "./schema/accounts";
export * from "./schema/allocation";
export * from "./schema/cells";
export * from "./schema/defenses";
export * from "./schema/enums";
export * from "./schema/kept";
export * from "./schema/machinery";
export * from "./schema/messages";
export * from "./schema/proposals";
export * from "./schema/terms";
export * from "./schema/theses";
export * from "./schema/thesis-writing";
