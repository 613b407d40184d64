import { MSG } from "@shared/messages";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

/**
 * The CSV exports as a spreadsheet would read them (DESIGN.md §13, decision 0043; issue 28 items
 * 10c and 11): every field quoted, no cell starting a formula whether the spreadsheet splits on
 * `,` or on `;`, and every proposal of the term, placed or not.
 */

let t: TestContext;
let committee: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t, { name: "=Kay;@Committee" });
});
afterAll(async () => t?.close());

const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: sessionHeaders(user) });

const FORMULA_START = /^[=+\-@\t\r]/;

/** The records of a CSV body, read as a spreadsheet with this separator would read them. */
const read = (body: string, delimiter: string): string[][] =>
  parse(body, { bom: true, delimiter, relax_quotes: true, relax_column_count: true });

/**
 * The body, checked: every field quoted, and no cell starting like a formula with either separator.
 * A spreadsheet splitting on `;` reads past the first field unquoted, so it also starts a row (and
 * so a cell) at every line break inside a later field.
 */
function checked(body: string, what: string): string[][] {
  const records = read(body, ",");
  const quoted = records.map((r) => `${r.map((v) => `"${v.replaceAll('"', '""')}"`).join(",")}\r\n`).join("");
  expect(body, `${what}: every field quoted`).toBe(`\uFEFF${quoted}`);
  for (const cell of read(body, ",").flat()) expect(cell, `${what} split on ,`).not.toMatch(FORMULA_START);
  for (const cell of read(body, ";").flat())
    for (const line of cell.split(/\r\n|\r|\n/))
      expect(line, `${what} split on ; and at line breaks`).not.toMatch(FORMULA_START);
  return records;
}

describe("every CSV export", () => {
  it("quotes every field and defuses formula starters in every field, for `,` and `;` spreadsheets", async () => {
    const tag = unique("x");
    const semi = await makeStudent(t, { name: `Semi;=1+1;x ${tag}` });
    const others = await Promise.all(
      ['=HYPERLINK("http://evil")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\tTab", "\rReturn"].map(
        (name) => makeStudent(t, { name: `${name} ${tag}` }),
      ),
    );
    const sup = await makeSupervisor(t, { name: `-Dr;=2 ${tag}` });
    const cell = (
      await call(committee, "POST", "/api/research-cells", { title: `@Cell;+1 ${tag}`, description: "." })
    ).json().cell;
    await call(committee, "POST", `/api/users/${sup.id}/research-cells`, { researchCellId: cell.id });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [semi.id, others[0].id],
      cellId: cell.id,
      title: `+Title;=3 ${tag}`,
      status: "Denied",
    });

    const exports = [
      "/api/exports/users.csv?role=student",
      "/api/exports/users.csv?role=supervisor",
      "/api/exports/users.csv?role=committee",
      "/api/exports/proposals.csv?termId=all",
      "/api/activity.csv",
    ];
    const got = new Map<string, string[][]>();
    for (const url of exports) {
      const res = await call(committee, "GET", url);
      expect(res.statusCode, url).toBe(200);
      got.set(url, checked(res.body, url));
    }

    // What a spreadsheet shows: the values, a formula starter that would begin a cell behind a '.
    const students = got.get(exports[0])!.map((r) => r[0]);
    expect(students).toContain(`Semi;'=1+1;x ${tag}`);
    for (const o of others) expect(students).toContain(`'${o.name}`);
    expect(
      got
        .get(exports[1])!
        .find((r) => r[1] === sup.email)
        ?.slice(0, 3),
    ).toEqual([`'-Dr;'=2 ${tag}`, sup.email, `'@Cell;'+1 ${tag}`]);
    expect(got.get(exports[2])!.map((r) => r[0])).toContain("'=Kay;'@Committee");
    const proposal = got.get(exports[3])!.find((r) => r[0] === `'+Title;'=3 ${tag}`);
    expect(proposal?.slice(3, 8)).toEqual([
      `'@Cell;'+1 ${tag}`,
      `'-Dr;'=2 ${tag}`,
      sup.email,
      `Semi;'=1+1;x ${tag}`,
      `Semi;'=1+1;x ${tag} (${semi.studentId}); '${others[0].name} (${others[0].studentId})`,
    ]);
    expect(
      got.get(exports[4])!.some((r) => r[1] === "'=Kay;'@Committee" && r[5] === `'@Cell;'+1 ${tag}`),
    ).toBe(true);
  });
});

describe("a value with line breaks", () => {
  it("defuses a formula starter at the start of each of its lines, in names and in long texts", async () => {
    const tag = unique("nl");
    const sup = await makeSupervisor(t, { name: `Dr Lines ${tag}` });
    const cell = await makeCell(t, [sup.id]);
    const student = await makeStudent(t);
    // A name with a line break is accepted (it has visible characters and no direction controls).
    const name = `Ann ${tag}\r\n=HYPERLINK("http://evil")`;
    const renamed = await call(student, "PATCH", "/api/me", { name });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const submitted = await call(student, "POST", "/api/proposals", {
      title: `Lines ${tag}`,
      abstract: `First line.\n+cmd|' /C calc'!A0\r\n@SUM(1)\r\n  -2+3`,
      type: "Thesis",
      researchCellId: cell.id,
      supervisorId: sup.id,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().proposal.id as string;
    const reviewed = await call(sup, "POST", `/api/proposals/${id}/review`, {
      status: "Changes requested",
      feedback: `Fine.\r\n=1+1\n =2`,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    for (const url of [
      "/api/exports/users.csv?role=student",
      "/api/exports/proposals.csv?termId=all",
      "/api/activity.csv",
    ]) {
      const res = await call(committee, "GET", url);
      expect(res.statusCode, url).toBe(200);
      checked(res.body, url);
    }
    // What a spreadsheet splitting on `,` shows: the text, each such line behind a '.
    const res = await call(committee, "GET", "/api/exports/proposals.csv?termId=all");
    const row = read(res.body, ",").find((r) => r[0] === `Lines ${tag}`)!;
    expect(row[6]).toBe(`Ann ${tag}\r\n'=HYPERLINK("http://evil")`);
    expect(row[10]).toBe(`Fine.\r\n'=1+1\n '=2`);
    expect(row[11]).toBe(`First line.\n'+cmd|' /C calc'!A0\r\n'@SUM(1)\r\n  '-2+3`);
  });
});

describe("GET /api/exports/proposals.csv", () => {
  it("holds the groups of an allocation term not placed yet, with 'Not allocated yet' for cell and supervisor", async () => {
    const terms = (await call(committee, "GET", "/api/terms")).json().items as {
      id: string;
      current: boolean;
    }[];
    const before = terms.find((x) => x.current)!.id;
    const term = (
      await call(committee, "POST", "/api/terms", {
        name: `Allocation ${unique("a")}`,
        mode: "allocation",
        defaultCapacity: 1,
        maxPreferences: 3,
      })
    ).json().term;
    expect((await call(committee, "POST", `/api/terms/${term.id}/current`)).statusCode).toBe(200);
    try {
      const sup = await makeSupervisor(t);
      const cell = await makeCell(t, [sup.id]);
      const topic = await call(sup, "POST", "/api/topics", {
        termId: term.id,
        title: "A topic",
        description: "About it.",
        type: "Thesis",
        researchCellId: cell.id,
        capacity: 1,
      });
      expect(topic.statusCode, topic.body).toBe(201);
      const student = await makeStudent(t);
      const group = await call(student, "POST", "/api/proposals", {
        type: "Thesis",
        preferences: [topic.json().topic.id],
        title: `Our group ${unique("g")}`,
        abstract: "Ours.",
      });
      expect(group.statusCode, group.body).toBe(201);
      expect(group.json().proposal.status).toBe("Awaiting allocation");

      const res = await call(committee, "GET", `/api/exports/proposals.csv?termId=${term.id}`);
      expect(res.statusCode).toBe(200);
      const rows = read(res.body, ",").slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0].slice(0, 8)).toEqual([
        group.json().proposal.title,
        "Thesis",
        "Awaiting allocation",
        MSG.notAllocatedYet,
        MSG.notAllocatedYet,
        "",
        student.name,
        `${student.name} (${student.studentId})`,
      ]);
    } finally {
      await call(committee, "POST", `/api/terms/${before}/current`);
    }
  });
});
