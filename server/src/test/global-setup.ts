import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /**
     * A database migrated once for the whole run, which each test file copies instead of
     * migrating its own: PGlite, the path of a dump of its data folder; PostgreSQL, the name of a
     * template database (`CREATE DATABASE … TEMPLATE`). Unset: each file migrates its own.
     */
    migratedTemplate: { kind: "pglite"; dump: string } | { kind: "postgres"; name: string } | undefined;
  }
}

/** One statement on the TEST_DATABASE_URL server, on a connection of its own (creating or dropping a database). */
export async function adminQuery(serverUrl: string, text: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A template database on the TEST_DATABASE_URL server, migrated; the teardown drops it. */
export async function postgresTemplate(serverUrl: string) {
  const name = `thesisdesk_template_${randomBytes(6).toString("hex")}`;
  const admin = (text: string) => adminQuery(serverUrl, text);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated, then closed: a template may have no connection while it is copied.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  return {
    template: { kind: "postgres" as const, name },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** An in-memory PGlite, migrated, its data folder dumped to a file; the teardown removes it. */
export async function pgliteTemplate() {
  const database = await openDatabase({});
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return {
    template: { kind: "pglite" as const, dump: file },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The unit tests' global set-up: migrate once per run (issue 29 step 5). */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const made = serverUrl ? await postgresTemplate(serverUrl) : await pgliteTemplate();
  project.provide("migratedTemplate", made.template);
  return made.drop;
}
