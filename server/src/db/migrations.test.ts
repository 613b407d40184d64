import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { setStudentId } from "../modules/accounts/student-ids";
import { migrationsUpTo as copyMigrationsUpTo, migrationBefore } from "../test/migrations";
import { type Database, MIGRATIONS_FOLDER, MigrationBlockedError, openDatabase } from "./client";
import { selectRows } from "./query";

// Each case builds a database of an earlier release and migrates it to now (twenty migrations,
// some counting every row): more than the suite's 30 s on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

/** The last migration of the release before the data layer was made simple again (issue 16). */
const LANDED = "0011_submission_triggers";

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A migrations folder holding the migrations up to and including `lastTag`, as a landed main had them. */
function migrationsUpTo(lastTag: string): string {
  const dir = copyMigrationsUpTo(lastTag);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of its own (PostgreSQL when TEST_DATABASE_URL is set, else a PGlite folder) to open and reopen. */
async function emptyDatabase(): Promise<(migrationsFolder?: string, migrate?: boolean) => Promise<Database>> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const dir = mkdtempSync(path.join(tmpdir(), "thesisdesk-pglite-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return (migrationsFolder, migrate) =>
      openDatabase({ pgliteDir: path.join(dir, "pglite"), migrationsFolder, migrate });
  }
  const name = `thesisdesk_migrate_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return (migrationsFolder, migrate) =>
    openDatabase({ databaseUrl: url.toString(), poolSize: 2, migrationsFolder, migrate });
}

/** Everything a migration makes, each object by name with its definition. */
async function catalog(database: Database) {
  const rows = await selectRows<{ kind: string; name: string; def: string }>(
    database.db,
    sql`
    select 'table' as kind, table_name::text as name, '' as def
      from information_schema.tables where table_schema = 'public'
    union all
    select 'column', table_name || '.' || column_name,
           concat_ws(' ', data_type, udt_name, is_nullable, column_default, generation_expression)
      from information_schema.columns where table_schema = 'public'
    union all
    select 'index', indexname::text, indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'function', p.oid::regprocedure::text, md5(p.prosrc)
      from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all
    select 'trigger', tgrelid::regclass::text || '.' || tgname, pg_get_triggerdef(oid)
      from pg_trigger where not tgisinternal
    union all
    select 'sequence', sequence_name::text, '' from information_schema.sequences where sequence_schema = 'public'
    union all
    select 'extension', extname::text, '' from pg_extension
    union all
    select 'text search configuration', cfgname::text, '' from pg_ts_config where cfgnamespace = 'public'::regnamespace
    union all
    select 'enum', t.typname::text, string_agg(e.enumlabel, ',' order by e.enumsortorder)
      from pg_type t join pg_enum e on e.enumtypid = t.oid
     where t.typnamespace = 'public'::regnamespace group by t.typname`,
  );
  return rows.map((r) => `${r.kind} ${r.name}: ${r.def}`).sort();
}

describe("migrations", () => {
  it(`a database of ${LANDED}, with people and proposals in it, migrated to now has exactly what a new one has`, async () => {
    const open = await emptyDatabase();
    const old = await open(migrationsUpTo(LANDED));
    const [student, supervisor, cell, proposal, picture] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await old.db.execute(sql`
      insert into users (id, name, email, role, student_id, picture_key) values
        (${student}::uuid, 'Ána María', 'ana.maria@uni.edu', 'student', '2021-CS-045', ${picture}),
        (${supervisor}::uuid, 'Dr. Osei', 'osei@uni.edu', 'supervisor', null, null)`);
    await old.db.execute(
      sql`insert into research_cells (id, title, description) values (${cell}::uuid, 'Cell', 'A cell.')`,
    );
    await old.db.execute(
      sql`insert into supervisor_cells (supervisor_id, research_cell_id) values (${supervisor}::uuid, ${cell}::uuid)`,
    );
    await old.db.execute(sql`
      insert into proposals (id, title, abstract, type, research_cell_id, supervisor_id, created_by)
      values (${proposal}::uuid, 'A title', 'An abstract.', 'Thesis', ${cell}::uuid, ${supervisor}::uuid, ${student}::uuid)`);
    await old.db.execute(
      sql`insert into proposal_members (proposal_id, user_id, position) values (${proposal}::uuid, ${student}::uuid, 0)`,
    );
    // A reviewed one too (a denial with feedback), whose review becomes a timeline row (0014).
    const denied = randomUUID();
    await old.db.execute(sql`
      insert into proposals (id, title, abstract, type, research_cell_id, supervisor_id, created_by, status, feedback, reviewed_at, reviewed_by, created_at)
      values (${denied}::uuid, 'Old idea', 'Old.', 'Project', ${cell}::uuid, ${supervisor}::uuid, ${student}::uuid,
              'Denied', 'Too broad.', '2026-01-02T10:00:00Z', ${supervisor}::uuid, '2026-01-01T10:00:00Z')`);
    await old.db.execute(
      sql`insert into proposal_members (proposal_id, user_id, position, active) values (${denied}::uuid, ${student}::uuid, 0, false)`,
    );
    await old.close();

    const migrated = await open();
    cleanups.push(() => migrated.close());
    const fresh = await (await emptyDatabase())();
    cleanups.push(() => fresh.close());
    expect(await catalog(migrated)).toEqual(await catalog(fresh));

    // What was there is still there, and the new columns are filled for it.
    const [row] = await selectRows<{ n: number; found: boolean; picture_key: string | null }>(
      migrated.db,
      sql`select (select count(*)::int from proposals p join proposal_members m on m.proposal_id = p.id) as n,
                 search_words @@ to_tsquery('thesisdesk_search', 'ana:* & 2021cs:*') as found, picture_key
            from users where id = ${student}::uuid`,
    );
    expect(row).toEqual({ n: 2, found: true, picture_key: picture });

    // The proposal and its member are in the current term, Default (0013).
    const terms = await selectRows<{ name: string; proposal_term: boolean; member_term: boolean }>(
      migrated.db,
      sql`select t.name,
                 (select p.term_id = t.id from proposals p where p.id = ${proposal}::uuid) as proposal_term,
                 (select m.term_id = t.id from proposal_members m where m.proposal_id = ${proposal}::uuid) as member_term
            from current_term c join terms t on t.id = c.term_id`,
    );
    expect(terms).toEqual([{ name: "Default", proposal_term: true, member_term: true }]);

    // Every proposal has version 1 from its title and abstract, timeline rows for its submission and
    // review, and accepted memberships (0014).
    const versions = await selectRows<{
      proposal_id: string;
      number: number;
      title: string;
      author_id: string;
    }>(migrated.db, sql`select proposal_id, number, title, author_id from proposal_versions order by title`);
    expect(versions).toEqual([
      { proposal_id: proposal, number: 1, title: "A title", author_id: student },
      { proposal_id: denied, number: 1, title: "Old idea", author_id: student },
    ]);
    const timeline = await selectRows<{
      action: string;
      actor_id: string;
      at: string;
      to_status: string;
      note: string | null;
    }>(
      migrated.db,
      sql`select action, actor_id, at, to_status, note from activity where proposal_id = ${denied}::uuid order by at`,
    );
    expect(
      timeline.map((r) => [r.action, r.actor_id, new Date(r.at).toISOString(), r.to_status, r.note]),
    ).toEqual([
      ["submit", student, "2026-01-01T10:00:00.000Z", "Pending", null],
      ["deny", supervisor, "2026-01-02T10:00:00.000Z", "Denied", "Too broad."],
    ]);
    const states = await selectRows<{ state: string }>(
      migrated.db,
      sql`select distinct state from proposal_members`,
    );
    expect(states).toEqual([{ state: "accepted" }]);
  });

  it("leaves nothing of the removed machinery: no stored JSON, no list versions, no doc triggers", async () => {
    const fresh = await (await emptyDatabase())();
    cleanups.push(() => fresh.close());
    const names = (await catalog(fresh)).join("\n");
    for (const gone of [
      "people_version",
      "proposal_list_versions",
      "thesisdesk_proposal_doc",
      "proposals.doc:",
      "search_key",
      // The people search's substring indexes (0002–0006); pg_trgm itself is back for titles (0019).
      "users_name_trgm",
      "users_student_id_trgm",
    ])
      expect(names).not.toContain(gone);
    // The triggers left: sessions and users announce their changes to every instance (0001), a
    // deactivated account gets no new session (0016), and proposals and people keep their totals
    // (decision 0060).
    expect((await catalog(fresh)).filter((l) => l.startsWith("trigger "))).toEqual([
      expect.stringMatching(/^trigger proposals\.proposals_counted_delete: /),
      expect.stringMatching(/^trigger proposals\.proposals_counted_insert: /),
      expect.stringMatching(/^trigger proposals\.proposals_counted_update: /),
      expect.stringMatching(/^trigger sessions\.sessions_auth_changed: /),
      expect.stringMatching(/^trigger sessions\.sessions_refuse_deactivated: /),
      expect.stringMatching(/^trigger users\.users_auth_changed: /),
      expect.stringMatching(/^trigger users\.users_counted_delete: /),
      expect.stringMatching(/^trigger users\.users_counted_insert: /),
      expect.stringMatching(/^trigger users\.users_counted_update: /),
    ]);
  });
});

describe("student IDs unique in any case (issue 28)", () => {
  const before = migrationBefore("_student_id_any_case");

  it(`a database of ${before} with IDs differing only in case does not start, naming them and the fix; set-student-id fixes it`, async () => {
    const open = await emptyDatabase();
    const old = await open(migrationsUpTo(before));
    await old.db.execute(sql`
      insert into users (name, email, role, student_id, created_at) values
        ('Ana', 'ana@uni.edu', 'student', '2021-CS-045', '2026-01-01T10:00:00Z'),
        ('Bob', 'bob@uni.edu', 'student', '2021-cs-045', '2026-01-02T10:00:00Z'),
        ('Cy', 'cy@uni.edu', 'student', '2021-CS-046', '2026-01-03T10:00:00Z')`);
    await old.close();

    const blocked = await open().then(
      async (d) => {
        await d.close();
        return undefined;
      },
      (err: unknown) => err,
    );
    expect(blocked).toBeInstanceOf(MigrationBlockedError);
    const message = (blocked as Error).message;
    expect(message).toContain("student IDs must be unique in any case");
    expect(message).toContain("2021-CS-045 (ana@uni.edu), 2021-cs-045 (bob@uni.edu)");
    expect(message).not.toContain("cy@uni.edu");
    expect(message).toContain("npm run cli -- set-student-id --email bob@uni.edu --student-id");

    // Nothing of the pending migrations was applied, and the fix runs on the database as it is.
    const asIs = await open(undefined, false);
    try {
      const [index] = await selectRows<{ def: string }>(
        asIs.db,
        sql`select indexdef as def from pg_indexes where indexname = 'users_student_id_uq'`,
      );
      expect(index.def).not.toContain("lower");
      await expect(setStudentId(asIs.db, "bob@uni.edu", "2021-cs-046")).rejects.toThrow(
        "already belongs to cy@uni.edu (as 2021-CS-046)",
      );
      expect(await setStudentId(asIs.db, "bob@uni.edu", "2021-CS-047")).toBe(
        "The student ID of bob@uni.edu is now 2021-CS-047 (it was 2021-cs-045).",
      );
    } finally {
      await asIs.close();
    }

    const migrated = await open();
    cleanups.push(() => migrated.close());
    const [index] = await selectRows<{ def: string }>(
      migrated.db,
      sql`select indexdef as def from pg_indexes where indexname = 'users_student_id_uq'`,
    );
    expect(index.def).toContain("lower(student_id)");
    await expect(
      migrated.db.execute(
        sql`insert into users (name, email, role, student_id) values ('Di', 'di@uni.edu', 'student', '2021-cs-047')`,
      ),
    ).rejects.toThrow();
  });
});

describe("kept totals (issue 30)", () => {
  const before = migrationBefore("_kept_counts");

  it(`a database of ${before} with people and proposals gets its totals counted, and keeps them from then on`, async () => {
    const open = await emptyDatabase();
    const old = await open(migrationsUpTo(before));
    const [student, other, supervisor, cell] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await old.db.execute(sql`
      insert into users (id, name, email, role, student_id) values
        (${student}::uuid, 'Ana', 'ana@uni.edu', 'student', 'S1'),
        (${other}::uuid, 'Ben', 'ben@uni.edu', 'student', 'S2'),
        (${supervisor}::uuid, 'Dr. Osei', 'osei@uni.edu', 'supervisor', null)`);
    await old.db.execute(
      sql`insert into research_cells (id, title, description) values (${cell}::uuid, 'Cell', 'A cell.')`,
    );
    await old.db.execute(
      sql`insert into supervisor_cells (supervisor_id, research_cell_id) values (${supervisor}::uuid, ${cell}::uuid)`,
    );
    // Two Pending, one Denied, and a group of an allocation term not placed yet (no cell, no supervisor).
    await old.db.execute(sql`
      insert into proposals (title, abstract, type, research_cell_id, supervisor_id, created_by, status)
      values ('A', 'A.', 'Thesis', ${cell}::uuid, ${supervisor}::uuid, ${student}::uuid, 'Pending'),
             ('B', 'B.', 'Thesis', ${cell}::uuid, ${supervisor}::uuid, ${other}::uuid, 'Pending'),
             ('C', 'C.', 'Project', ${cell}::uuid, ${supervisor}::uuid, ${student}::uuid, 'Denied'),
             ('D', 'D.', 'Project', null, null, ${other}::uuid, 'Awaiting allocation')`);
    await old.close();

    const migrated = await open();
    cleanups.push(() => migrated.close());
    const totals = () =>
      selectRows<{ what: string; kept: string; counted: string }>(
        migrated.db,
        sql`select 'cells' as what,
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', research_cell_id, status, n) as x from proposal_counts where n <> 0) k) as kept,
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', research_cell_id, status, count(*)) as x from proposals group by research_cell_id, status) c) as counted
            union all
            select 'supervisors',
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', supervisor_id, status, n) as x from supervisor_counts where n <> 0) k),
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', supervisor_id, status, count(*)) as x from proposals group by supervisor_id, status) c)
            union all
            select 'people',
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', role, n) as x from user_counts where n <> 0) k),
                   (select string_agg(x, ' ' order by x) from (select concat_ws('/', role, count(*)) as x from users group by role) c)`,
      );
    const exact = async () => {
      for (const row of await totals()) expect(row.kept, row.what).toBe(row.counted);
    };
    await exact();
    expect((await totals()).find((r) => r.what === "people")?.kept).toBe("student/2 supervisor/1");
    // From then on the triggers keep them.
    await migrated.db.execute(sql`update proposals set status = 'Approved' where title = 'A'`);
    await migrated.db.execute(sql`delete from proposals where title = 'B'`);
    await migrated.db.execute(
      sql`insert into users (name, email, role) values ('Committee', 'c@uni.edu', 'committee')`,
    );
    await exact();
  });
});

describe("theses (issue 31)", () => {
  const before = migrationBefore("_theses");

  it(`a database of ${before} with an Approved proposal gets its thesis, started at the migration`, async () => {
    const open = await emptyDatabase();
    const old = await open(migrationsUpTo(before));
    const [student, other, supervisor, cell] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await old.db.execute(sql`
      insert into users (id, name, email, role, student_id) values
        (${student}::uuid, 'Ana', 'ana@uni.edu', 'student', 'S1'),
        (${other}::uuid, 'Ben', 'ben@uni.edu', 'student', 'S2'),
        (${supervisor}::uuid, 'Dr. Osei', 'osei@uni.edu', 'supervisor', null)`);
    await old.db.execute(
      sql`insert into research_cells (id, title, description) values (${cell}::uuid, 'Cell', 'A cell.')`,
    );
    await old.db.execute(sql`
      insert into proposals (title, abstract, type, research_cell_id, supervisor_id, created_by, status)
      values ('Approved one', 'A.', 'Thesis', ${cell}::uuid, ${supervisor}::uuid, ${student}::uuid, 'Approved'),
             ('Pending one', 'B.', 'Thesis', ${cell}::uuid, ${supervisor}::uuid, ${other}::uuid, 'Pending')`);
    await old.close();

    const started = Date.now();
    const migrated = await open();
    cleanups.push(() => migrated.close());
    const theses = await selectRows<{
      title: string;
      state: string;
      started_at: string;
      due_at: string;
      first_examiner_id: string;
      timeline: number;
    }>(
      migrated.db,
      sql`select p.title, th.state, th.started_at, th.due_at, th.first_examiner_id,
                 (select count(*)::int from activity a where a.proposal_id = p.id and a.kind = 'thesis'
                     and a.action = 'start' and a.to_thesis_state = 'Writing') as timeline
            from theses th join proposals p on p.id = th.proposal_id`,
    );
    expect(theses.map((t) => [t.title, t.state, t.first_examiner_id, t.timeline])).toEqual([
      ["Approved one", "Writing", supervisor, 1],
    ]);
    // The term has no thesisDueAt: due writingWeeks (26) after the start, which is the migration.
    const start = new Date(theses[0].started_at).getTime();
    expect(start).toBeGreaterThanOrEqual(started - 60_000);
    expect(new Date(theses[0].due_at).getTime() - start).toBe(26 * 7 * 24 * 3600 * 1000);
    const [term] = await selectRows<{ writing_weeks: number; grade_scale: string; rubric: unknown }>(
      migrated.db,
      sql`select writing_weeks, grade_scale, rubric from terms`,
    );
    expect(term).toEqual({
      writing_weeks: 26,
      grade_scale: "percent",
      rubric: [{ name: "Overall", weight: 100, description: "" }],
    });
  });
});

describe("the archive (issue 31 item 6)", () => {
  const before = migrationBefore("_archive");

  it(`a database of ${before}: only the students who registered themselves are marked so (from the registration's activity row)`, async () => {
    const open = await emptyDatabase();
    const old = await open(migrationsUpTo(before));
    const [registered, sso, imported] = [randomUUID(), randomUUID(), randomUUID()];
    await old.db.execute(sql`
      insert into users (id, name, email, role, student_id) values
        (${registered}::uuid, 'Reg', 'reg@uni.edu', 'student', 'S1'),
        (${sso}::uuid, 'Sso', 'sso@uni.edu', 'student', 'S2'),
        (${imported}::uuid, 'Imp', 'imp@uni.edu', 'student', 'S3')`);
    await old.db.execute(sql`
      insert into activity (actor_id, kind, action, subject_id, subject_name, note) values
        (${registered}::uuid, 'account', 'register', ${registered}::uuid, 'Reg', 'Student'),
        (${sso}::uuid, 'account', 'register', ${sso}::uuid, 'Sso', 'Single sign-on')`);
    await old.close();

    const migrated = await open();
    cleanups.push(() => migrated.close());
    const rows = await selectRows<{ name: string; self_registered: boolean }>(
      migrated.db,
      sql`select name, self_registered from users order by name`,
    );
    expect(rows).toEqual([
      { name: "Imp", self_registered: false },
      { name: "Reg", self_registered: true },
      { name: "Sso", self_registered: false },
    ]);
  });
});

describe("schema.ts", () => {
  it("declares every table, column and index the migrations make", async () => {
    const { getTableConfig } = await import("drizzle-orm/pg-core");
    const schema = await import("./schema");
    const declared: string[] = [];
    for (const value of Object.values(schema)) {
      if (!value || typeof value !== "object" || !(Symbol.for("drizzle:IsDrizzleTable") in value)) continue;
      const config = getTableConfig(value as Parameters<typeof getTableConfig>[0]);
      declared.push(`table ${config.name}`);
      for (const c of config.columns) declared.push(`column ${config.name}.${c.name}`);
      for (const i of config.indexes) declared.push(`index ${i.config.name}`);
      for (const u of config.uniqueConstraints) declared.push(`index ${u.getName()}`);
    }
    const fresh = await (await emptyDatabase())();
    cleanups.push(() => fresh.close());
    const made = await selectRows<{ name: string }>(
      fresh.db,
      sql`
      select 'table ' || table_name as name from information_schema.tables
       where table_schema = 'public' and table_name <> '__drizzle_migrations'
      union all
      select 'column ' || table_name || '.' || column_name from information_schema.columns
       where table_schema = 'public' and table_name <> '__drizzle_migrations'
      union all
      -- Indexes other than those behind primary keys (declared with their columns) and exclusion
      -- constraints (Drizzle cannot declare them: hand-written in their migration, decision 0073).
      select 'index ' || i.indexname from pg_indexes i
       where i.schemaname = 'public'
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.contype in ('p', 'x'))`,
    );
    expect(made.map((r) => r.name).sort()).toEqual(declared.sort());
  });
});

// Keep the folder list honest: every migration file is in the journal (a file left out would never run).
it("every migration file is in the journal", () => {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8"));
  const tags = journal.entries.map((e: { tag: string }) => `${e.tag}.sql`).sort();
  expect(
    readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith(".sql"))
      .sort(),
  ).toEqual(tags);
});
