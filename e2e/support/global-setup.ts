import type { TestProject } from "vitest/node";
import { postgresTemplate } from "../../server/src/test/global-setup";

/**
 * On PostgreSQL each browser test's server gets a copy of a database migrated once per run; on
 * PGlite each server migrates its own new data folder, as `npm start` does.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const made = await postgresTemplate(serverUrl);
  project.provide("migratedTemplate", made.template);
  return made.drop;
}
