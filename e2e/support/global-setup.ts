import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedDemo } from "../../scripts/lib/seed-demo";
import { openDatabase } from "../../server/src/db/client";
import { adminQuery, postgresTemplate } from "../../server/src/test/global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite runs: an embedded database folder migrated once per run, which each browser test's server copies into its DATA_DIR. */
    migratedPgliteFolder: string | undefined;
    /**
     * The same database with the demo department loaded (`seed --demo`), for the servers started
     * with `{ demo: true }`: PGlite, a data folder; PostgreSQL, the name of a template database.
     */
    demoDatabase: { kind: "pglite"; folder: string } | { kind: "postgres"; name: string } | undefined;
  }
}

/**
 * Each browser test's server starts on a copy of a database migrated once per run: on PostgreSQL
 * a template database (`CREATE DATABASE … TEMPLATE`), on PGlite a migrated data folder copied
 * into the server's new DATA_DIR (migrating the embedded database took most of a server's start).
 * Beside it, a copy with the demo department loaded once: most browser tests start on it instead
 * of stopping their server to run the seed script and starting it again.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const made = await postgresTemplate(serverUrl);
    project.provide("migratedTemplate", made.template);
    const demo = await postgresDemo(serverUrl, made.template.name);
    project.provide("demoDatabase", { kind: "postgres", name: demo.name });
    return async () => {
      await demo.drop();
      await made.drop();
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-e2e-template-"));
  const folder = path.join(dir, "pglite");
  const database = await openDatabase({ pgliteDir: folder });
  await database.close();
  project.provide("migratedPgliteFolder", folder);
  const demoFolder = path.join(dir, "pglite-demo");
  cpSync(folder, demoFolder, { recursive: true });
  const demo = await openDatabase({ pgliteDir: demoFolder });
  try {
    await seedDemo(demo.db);
  } finally {
    await demo.close();
  }
  project.provide("demoDatabase", { kind: "pglite", folder: demoFolder });
  return async () => rmSync(dir, { recursive: true, force: true });
}

/** A template database copied from the migrated one, with the demo department loaded. */
async function postgresDemo(serverUrl: string, migrated: string) {
  const name = migrated.replace("template", "demo");
  const admin = (text: string) => adminQuery(serverUrl, text);
  await admin(`create database ${name} template ${migrated}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const demo = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await seedDemo(demo.db);
  } finally {
    await demo.close();
  }
  return { name, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
