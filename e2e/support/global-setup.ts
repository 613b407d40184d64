import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/src/db/client";
import { postgresTemplate } from "../../server/src/test/global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite runs: an embedded database folder migrated once per run, which each browser test's server copies into its DATA_DIR. */
    migratedPgliteFolder: string | undefined;
  }
}

/**
 * Each browser test's server starts on a copy of a database migrated once per run: on PostgreSQL
 * a template database (`CREATE DATABASE … TEMPLATE`), on PGlite a migrated data folder copied
 * into the server's new DATA_DIR (migrating the embedded database took most of a server's start).
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const made = await postgresTemplate(serverUrl);
    project.provide("migratedTemplate", made.template);
    return made.drop;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-e2e-template-"));
  const folder = path.join(dir, "pglite");
  const database = await openDatabase({ pgliteDir: folder });
  await database.close();
  project.provide("migratedPgliteFolder", folder);
  return async () => rmSync(dir, { recursive: true, force: true });
}
