import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "../db/client";

interface JournalEntry {
  tag: string;
}
const journal = () =>
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };

/** The tag of the migration just before the one whose tag ends with `suffix` (its number may change at a merge). */
export function migrationBefore(suffix: string): string {
  const entries = journal().entries;
  const at = entries.findIndex((e) => e.tag.endsWith(suffix));
  if (at < 1) throw new Error(`no migration before one ending in ${suffix}`);
  return entries[at - 1].tag;
}

/**
 * A new temporary folder holding the migrations up to and including `lastTag`, as a landed main
 * had them: open a database with it to build an earlier release's. The caller removes the folder.
 */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-migrations-"));
  const j = journal();
  const last = j.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`${lastTag} is not in the journal`);
  j.entries = j.entries.slice(0, last + 1);
  mkdirSync(path.join(dir, "meta"));
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(j));
  for (const e of j.entries)
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
