import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRow } from "../db/query";
import { issueSetupToken } from "../modules/setup/setup.service";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  type TestContext,
  type TestUser,
  unique,
} from "../test/app";
import { makeCell, makeProposal } from "../test/factories";

/**
 * Every name and title others see (DESIGN.md §13, decision 0043) holds a visible character and no
 * character that changes the direction of the text: refused with 400 naming the field, nothing
 * stored; names in any script, right-to-left ones included, are kept as typed.
 */

/** Nothing a reader would see. */
const INVISIBLE = {
  "zero-width characters": "\u200B\u200C\u2060",
  "a Hangul filler between spaces": " \u3164 ",
  "direction marks only": "\u200E\u200F",
};
/** Text that would show others something else than it is. */
const DIRECTION = {
  "a right-to-left override": "Eve\u202Egnp.exe",
  "an isolate": "Ana \u2067Bo\u2069",
  "an embedding": "\u202BSam\u202C",
};
/** Ordinary names, one per field and kind; the last has a right-to-left mark, which is kept. */
const GOOD = ["Zoë Ångström-Łukasz", "王小明 (Wang Xiaoming)", "محمد الأحمد", "דוד כהן", "Noa \u200Fכהן 2"];

let t: TestContext;
let committee: TestUser;
let supervisor: TestUser;
let student: TestUser;
let cellId: string;
let allocationTermId: string;
let topicId: string;
let directTermId: string;
let proposalId: string;
const setupToken: { value: string | null } = { value: null };

beforeAll(async () => {
  t = await createTestApp();
  setupToken.value = await issueSetupToken(t.database.db);
  committee = await makeCommittee(t);
  [supervisor, student] = await Promise.all([makeSupervisor(t), makeStudent(t)]);
  cellId = (await makeCell(t, [supervisor.id])).id;
  const made = await Promise.all(
    (["allocation", "direct"] as const).map((mode) =>
      call(committee, "POST", "/api/terms", { name: `Names ${mode} ${unique("n")}`, mode }),
    ),
  );
  [allocationTermId, directTermId] = made.map((r) => r.json().term.id);
  const topic = await call(supervisor, "POST", "/api/topics", topicBody("A topic"));
  expect(topic.statusCode, topic.body).toBe(201);
  topicId = topic.json().topic.id;
  proposalId = (await makeProposal(t, { supervisorId: supervisor.id, memberIds: [student.id], cellId })).id;
});
afterAll(async () => t?.close());

function call(user: TestUser | null, method: "POST" | "PATCH", url: string, payload: object) {
  return t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
}

const topicBody = (title: string) => ({
  termId: allocationTermId,
  title,
  description: "About it.",
  type: "Thesis",
  researchCellId: cellId,
  capacity: 1,
});

interface NameField {
  /** The request, for the error's field name. */
  field: string;
  label: "Name" | "Title";
  send: (value: string) => ReturnType<typeof call> | Promise<Awaited<ReturnType<typeof call>>>;
  /** Where an accepted value is stored. */
  table: string;
  column: string;
}

const FIELDS: Record<string, NameField> = {
  "register (name)": {
    field: "name",
    label: "Name",
    table: "users",
    column: "name",
    send: (name) =>
      call(null, "POST", "/api/auth/register", {
        name,
        email: `${unique("reg")}@example.edu`,
        studentId: unique("R").toUpperCase(),
        password: PASSWORD,
      }),
  },
  "add a teacher (name)": {
    field: "name",
    label: "Name",
    table: "users",
    column: "name",
    send: (name) =>
      call(committee, "POST", "/api/users", {
        role: "supervisor",
        name,
        email: `${unique("tch")}@example.edu`,
        password: PASSWORD,
      }),
  },
  "PATCH /api/me (name)": {
    field: "name",
    label: "Name",
    table: "users",
    column: "name",
    send: (name) => call(student, "PATCH", "/api/me", { name }),
  },
  "PATCH /api/users/:id (name)": {
    field: "name",
    label: "Name",
    table: "users",
    column: "name",
    send: (name) => call(committee, "PATCH", `/api/users/${supervisor.id}`, { name }),
  },
  "research cell (title)": {
    field: "title",
    label: "Title",
    table: "research_cells",
    column: "title",
    send: (title) => call(committee, "POST", "/api/research-cells", { title, description: "A cell." }),
  },
  "research cell edit (title)": {
    field: "title",
    label: "Title",
    table: "research_cells",
    column: "title",
    send: (title) =>
      call(committee, "PATCH", `/api/research-cells/${cellId}`, { title, description: "A cell." }),
  },
  "term (name)": {
    field: "name",
    label: "Name",
    table: "terms",
    column: "name",
    send: (name) => call(committee, "POST", "/api/terms", { name, mode: "direct" }),
  },
  "term edit (name)": {
    field: "name",
    label: "Name",
    table: "terms",
    column: "name",
    send: (name) => call(committee, "PATCH", `/api/terms/${directTermId}`, { name }),
  },
  "topic (title)": {
    field: "title",
    label: "Title",
    table: "topics",
    column: "title",
    send: (title) => call(supervisor, "POST", "/api/topics", topicBody(title)),
  },
  "topic edit (title)": {
    field: "title",
    label: "Title",
    table: "topics",
    column: "title",
    send: (title) => call(supervisor, "PATCH", `/api/topics/${topicId}`, { title }),
  },
  "proposal (title)": {
    field: "title",
    label: "Title",
    table: "proposals",
    column: "title",
    send: async (title) =>
      call(await makeStudent(t), "POST", "/api/proposals", {
        title,
        abstract: "An abstract.",
        type: "Thesis",
        researchCellId: cellId,
        supervisorId: supervisor.id,
      }),
  },
  "new version (title)": {
    field: "title",
    label: "Title",
    table: "proposal_versions",
    column: "title",
    send: async (title) => {
      const s = await makeStudent(t);
      const p = await makeProposal(t, {
        supervisorId: supervisor.id,
        memberIds: [s.id],
        cellId,
        status: "Changes requested",
      });
      return call(s, "POST", `/api/proposals/${p.id}/versions`, { title, abstract: "Revised." });
    },
  },
  "notice (title)": {
    field: "title",
    label: "Title",
    table: "notices",
    column: "title",
    send: (title) => call(supervisor, "POST", "/api/notices", { proposalId, title, description: "Read it." }),
  },
  "setup (name)": {
    field: "name",
    label: "Name",
    table: "users",
    column: "name",
    // Checked before the token: a committee account exists here, so only refusals are asked.
    send: (name) =>
      call(null, "POST", "/api/setup", {
        token: setupToken.value ?? "token",
        name,
        email: `${unique("setup")}@example.edu`,
        password: PASSWORD,
      }),
  },
};

const stored = async (f: NameField, value: string) =>
  (await selectRow<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from ${sql.identifier(f.table)} where ${sql.identifier(f.column)} = ${value}`,
  ))!.n;

describe("a name or title with nothing visible, or with direction controls, is refused in every field", () => {
  for (const [where, f] of Object.entries(FIELDS)) {
    it(where, async () => {
      for (const [kind, values, message] of [
        ["invisible", INVISIBLE, MSG.textNotVisible(f.label)],
        ["direction", DIRECTION, MSG.textDirectionControls(f.label)],
      ] as const) {
        for (const [what, value] of Object.entries(values)) {
          const res = await f.send(value);
          expect(res.statusCode, `${kind}: ${what}`).toBe(400);
          expect(res.json().error, `${kind}: ${what}`).toMatchObject({
            code: "VALIDATION",
            fields: { [f.field]: message },
          });
          expect(await stored(f, value), `${kind}: ${what}`).toBe(0);
          expect(await stored(f, value.trim()), `${kind}: ${what}`).toBe(0);
        }
      }
    });
  }
});

describe("names in any script are accepted as typed", () => {
  for (const [where, f] of Object.entries(FIELDS)) {
    if (where.startsWith("setup")) continue;
    it(where, async () => {
      for (const [i, base] of GOOD.entries()) {
        // Term names and cell titles are unique: each field gets its own.
        const value =
          f.table === "terms" || f.table === "research_cells" ? `${base} ${i}${unique("")}` : base;
        const res = await f.send(value);
        expect(res.statusCode, `${value}: ${res.body}`).toBeLessThan(300);
        expect(await stored(f, value), value).toBeGreaterThan(0);
      }
    });
  }

  it("setup", async () => {
    // A database with no committee account yet: the first one is made with an Arabic name.
    const fresh = await createTestApp();
    try {
      const token = await issueSetupToken(fresh.database.db);
      const res = await fresh.app.inject({
        method: "POST",
        url: "/api/setup",
        payload: { token, name: "محمد الأحمد", email: "first@example.edu", password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().user.name).toBe("محمد الأحمد");
    } finally {
      await fresh.close();
    }
  });
});

describe("the import", () => {
  it("reports each name with nothing visible or with direction controls as a row error, and imports nothing", async () => {
    const tag = unique("nm");
    const bad = [...Object.values(INVISIBLE), ...Object.values(DIRECTION)];
    const csv = [
      "name,email,studentId",
      ...bad.map((name, i) => `"${name}",${tag}.${i}@example.edu,${tag.toUpperCase()}-${i}`),
      `${GOOD[2]},${tag}.ok@example.edu,${tag.toUpperCase()}-OK`,
    ].join("\n");
    const post = (dryRun: boolean) =>
      t.app.inject({
        method: "POST",
        url: `/api/users/import?role=student&dryRun=${dryRun}`,
        payload: csv,
        headers: { "content-type": "text/csv", cookie: committee.cookie },
      });
    const dry = await post(true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().rows.map((r: { status: string; message: string }) => [r.status, r.message])).toEqual([
      ...Object.values(INVISIBLE).map(() => ["error", MSG.textNotVisible("Name")]),
      ...Object.values(DIRECTION).map(() => ["error", MSG.textDirectionControls("Name")]),
      ["new", MSG.importRowNew],
    ]);
    const real = await post(false);
    expect(real.statusCode).toBe(400);
    expect(real.json().error.fields).toEqual({ file: MSG.importHasErrors(bad.length) });
    const n = await selectRow<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from users where email like ${`${tag}.%`}`,
    );
    expect(n!.n).toBe(0);
  });
});
