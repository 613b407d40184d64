import { PROPOSAL_STATUSES, type ProposalStatus } from "@shared/enums";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposals, users } from "../../db/schema";
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
import { peopleExport, proposalsExport } from "./committee.service";
import { csvRecords, csvText } from "./csv";

let t: TestContext;
let committee: TestUser;
let student: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [committee, student, supervisor] = await Promise.all([makeCommittee(t), makeStudent(t), makeSupervisor(t)]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, user: TestUser | null = committee) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });

/** A small RFC 4180 reader, enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) throw new Error("CSV does not end with CRLF");
  return rows;
}

async function collect(gen: AsyncIterable<string>) {
  let s = "";
  for await (const chunk of gen) s += chunk;
  return s;
}

describe("csv", () => {
  it("quotes every field per RFC 4180 and defuses formulas in every field", () => {
    expect(csvRecords([["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx"]])).toBe(
      `"'=1+2","'+1","'-1","'@SUM(A1)","'\tx","'\rx"\r\n`,
    );
    expect(csvRecords([['a "b", c', "line\nbreak", null, "", "plain", 3]])).toBe(
      `"a ""b"", c","line\nbreak","","","plain","3"\r\n`,
    );
    // A formula a `;` or a tab would start a cell with, for a spreadsheet that splits there.
    expect(csvRecords([["Semi;=1+1;x", 'a; "-b', "c\t@d", "e;f"]])).toBe(
      `"Semi;'=1+1;x","a; ""'-b","c\t'@d","e;f"\r\n`,
    );
    expect(csvRecords([])).toBe("");
  });
});

describe("GET /api/committee/dashboard", () => {
  it("401 signed out; 403 for a student and a supervisor", async () => {
    expect((await get("/api/committee/dashboard", null)).statusCode).toBe(401);
    expect((await get("/api/committee/dashboard", student)).statusCode).toBe(403);
    expect((await get("/api/committee/dashboard", supervisor)).statusCode).toBe(403);
  });

  it("counts people, cells and proposals by status, overall and per cell", async () => {
    const before = (await get("/api/committee/dashboard")).json();
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const empty = await makeCell(t);
    const s = [await makeStudent(t), await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    await makeCommittee(t);
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s[0].id, s[1].id], cellId: cell.id });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [s[2].id],
      cellId: cell.id,
      status: "Approved",
    });
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s[3].id], cellId: cell.id, status: "Denied" });
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s[3].id], cellId: cell.id, status: "Denied" });

    const res = await get("/api/committee/dashboard");
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after.students - before.students).toBe(4);
    expect(after.supervisors - before.supervisors).toBe(1);
    expect(after.committee - before.committee).toBe(1);
    expect(after.researchCells - before.researchCells).toBe(2);
    const counts = (
      changed: Partial<Record<ProposalStatus, number>>,
      base?: Record<ProposalStatus, number>,
    ) => Object.fromEntries(PROPOSAL_STATUSES.map((st) => [st, (base?.[st] ?? 0) + (changed[st] ?? 0)]));
    expect(after.proposals).toEqual({
      byStatus: counts({ Pending: 1, Approved: 1, Denied: 2 }, before.proposals.byStatus),
      total: before.proposals.total + 4,
      overdue: 0,
    });
    expect(after.perCell.find((c: { id: string }) => c.id === cell.id)).toEqual({
      id: cell.id,
      title: cell.title,
      byStatus: counts({ Pending: 1, Approved: 1, Denied: 2 }),
    });
    expect(after.perCell.find((c: { id: string }) => c.id === empty.id)).toEqual({
      id: empty.id,
      title: empty.title,
      byStatus: counts({}),
    });
    // Checked against the database itself.
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.role, "student"));
    expect(after.students).toBe(Number(row.n));
    // Most proposals first.
    const totals = after.perCell.map((c: { byStatus: Record<string, number> }) =>
      Object.values(c.byStatus).reduce((a, b) => a + b, 0),
    );
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });
});

describe("GET /api/exports/users.csv", () => {
  it("401 signed out; 403 for a student and a supervisor", async () => {
    expect((await get("/api/exports/users.csv?role=student", null)).statusCode).toBe(401);
    expect((await get("/api/exports/users.csv?role=student", student)).statusCode).toBe(403);
    expect((await get("/api/exports/users.csv?role=student", supervisor)).statusCode).toBe(403);
  });

  it("400 for a missing or unknown role and a too long search", async () => {
    for (const [query, field] of [
      ["", "role"],
      ["role=admin", "role"],
      [`role=student&q=${"x".repeat(101)}`, "q"],
    ]) {
      const res = await get(`/api/exports/users.csv?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
  });

  it("exports the students the search finds, as an attachment, formulas defused", async () => {
    const tag = unique("csv");
    const a = await makeStudent(t, { name: `Ann, "The" ${tag}` });
    const b = await makeStudent(t, { name: `=HYPERLINK("x") ${tag}` });
    await makeStudent(t, { name: "Somebody Else" });
    const res = await get(`/api/exports/users.csv?role=student&q=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.startsWith('\uFEFF"Name","Email","Student ID","Registered At"\r\n')).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(["Name", "Email", "Student ID", "Registered At"]);
    const data = rows.slice(1);
    // By name: "=HYPERLINK…" sorts before "Ann…" in every collation ('=' < 'A').
    expect(data.map((r) => r[1])).toEqual([b.email, a.email]);
    expect(data[0][0]).toBe(`'=HYPERLINK("x") ${tag}`);
    expect(data[1]).toEqual([a.name, a.email, a.studentId, expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/)]);
  });

  it("exports teachers with their cells, and committee members", async () => {
    const tag = unique("tch");
    const sup = await makeSupervisor(t, { name: `Teacher ${tag}` });
    const c1 = await makeCell(t, [sup.id]);
    const c2 = await makeCell(t, [sup.id]);
    const res = await get(`/api/exports/users.csv?role=supervisor&q=${tag}`);
    expect(res.headers["content-disposition"]).toMatch(/filename="teachers-/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(["Name", "Email", "Research Cells", "Added At"]);
    expect(rows.length).toBe(2);
    expect(rows[1][0]).toBe(sup.name);
    expect(rows[1][2].split("; ").sort()).toEqual([c1.title, c2.title].sort());

    const com = await get(`/api/exports/users.csv?role=committee&q=${encodeURIComponent(committee.email)}`);
    expect(com.headers["content-disposition"]).toMatch(/filename="committee-members-/);
    expect(parseCsv(com.body)).toEqual([
      ["Name", "Email", "Added At"],
      [committee.name, committee.email, expect.any(String)],
    ]);
  });

  it("walks the rows batch by batch (keyset), each row exactly once", async () => {
    const tag = unique("many");
    const made = [];
    // Same names: the id breaks the tie, so no row is skipped or repeated between batches.
    for (let i = 0; i < 7; i++) made.push(await makeStudent(t, { name: `Same Name ${tag}` }));
    const text = await collect(csvText(peopleExport(t.database.db, "student", tag, 2)));
    const emails = parseCsv(text)
      .slice(1)
      .map((r) => r[1]);
    expect(emails.length).toBe(7);
    expect(emails.sort()).toEqual(made.map((m) => m.email).sort());
  });
});

describe("GET /api/exports/proposals.csv", () => {
  it("401 signed out; 403 for a student and a supervisor; 400 for a bad status or type", async () => {
    expect((await get("/api/exports/proposals.csv", null)).statusCode).toBe(401);
    expect((await get("/api/exports/proposals.csv", student)).statusCode).toBe(403);
    expect((await get("/api/exports/proposals.csv", supervisor)).statusCode).toBe(403);
    const badStatus = await get("/api/exports/proposals.csv?status=Maybe");
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toHaveProperty("status");
    const badType = await get("/api/exports/proposals.csv?type=Essay");
    expect(badType.json().error.fields).toHaveProperty("type");
  });

  it("exports all proposals with cell, supervisor and members, filtered by status and type", async () => {
    const sup = await makeSupervisor(t, { name: `Supervisor ${unique("x")}` });
    const cell = await makeCell(t, [sup.id]);
    const [s1, s2, s3] = [await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    const thesis = await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [s1.id, s2.id],
      cellId: cell.id,
      title: `-Thesis ${unique("p")}`,
    });
    const project = await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [s3.id],
      cellId: cell.id,
      type: "Project",
      status: "Approved",
    });

    const all = await get("/api/exports/proposals.csv");
    expect(all.statusCode).toBe(200);
    expect(all.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(all.headers["content-disposition"]).toMatch(
      /^attachment; filename="proposals-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(all.body);
    expect(rows[0].slice(0, 8)).toEqual([
      "Title",
      "Type",
      "Status",
      "Research Cell",
      "Supervisor",
      "Supervisor Email",
      "Created By",
      "Members",
    ]);
    const line = rows.find((r) => r[0] === `'${thesis.title}`);
    expect(line?.slice(1, 8)).toEqual([
      "Thesis",
      "Pending",
      cell.title,
      sup.name,
      sup.email,
      s1.name,
      `${s1.name} (${s1.studentId}); ${s2.name} (${s2.studentId})`,
    ]);
    const [{ n }] = await t.database.db.select({ n: count() }).from(proposals);
    expect(rows.length - 1).toBe(Number(n));

    const approvedProjects = parseCsv(
      (await get("/api/exports/proposals.csv?status=Approved&type=Project")).body,
    );
    expect(approvedProjects.slice(1).map((r) => r[0])).toContain(project.title);
    expect(approvedProjects.slice(1).every((r) => r[1] === "Project" && r[2] === "Approved")).toBe(true);
    const pending = parseCsv((await get("/api/exports/proposals.csv?status=Pending")).body);
    expect(pending.slice(1).map((r) => r[0])).not.toContain(project.title);
  });

  it("exports what the Proposals screen shows: its title search, cell and supervisor, as its list finds them", async () => {
    const word = unique("Zebrafish");
    const [supA, supB] = [await makeSupervisor(t), await makeSupervisor(t)];
    const [cellA, cellB] = [await makeCell(t, [supA.id]), await makeCell(t, [supB.id])];
    const made = async (sup: TestUser, cellId: string, title: string) =>
      makeProposal(t, { supervisorId: sup.id, memberIds: [(await makeStudent(t)).id], cellId, title });
    const a1 = await made(supA, cellA.id, `${word} larvae`);
    const a2 = await made(supA, cellA.id, "Something else entirely");
    const b1 = await made(supB, cellB.id, `${word} fins`);
    const titles = async (query: string) =>
      parseCsv((await get(`/api/exports/proposals.csv?${query}`)).body)
        .slice(1)
        .map((r) => r[0])
        .sort();
    const listed = async (query: string) =>
      (await get(`/api/proposals?pageSize=100&${query}`))
        .json()
        .items.map((p: { title: string }) => p.title)
        .sort();
    for (const query of [
      `q=${word}`,
      `researchCellId=${cellA.id}`,
      `supervisorId=${supB.id}`,
      `q=${word}&researchCellId=${cellA.id}`,
    ]) {
      expect(await titles(query)).toEqual(await listed(query));
    }
    expect(await titles(`q=${word}`)).toEqual([a1.title, b1.title].sort());
    expect(await titles(`researchCellId=${cellA.id}`)).toEqual([a1.title, a2.title].sort());
    expect(await titles(`supervisorId=${supB.id}`)).toEqual([b1.title]);
    expect((await get("/api/exports/proposals.csv?researchCellId=nope")).statusCode).toBe(400);
  });

  it("walks proposals batch by batch, newest first, each exactly once even with equal times", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const made: { id: string; title: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await makeStudent(t);
      made.push(
        await makeProposal(t, { supervisorId: sup.id, memberIds: [s.id], cellId: cell.id, type: "Project" }),
      );
    }
    // Three share one creation time to the microsecond.
    await t.database.db.execute(
      sql`update proposals set created_at = '2030-01-01T00:00:00.123456Z' where id in (${made[0].id}, ${made[1].id}, ${made[2].id})`,
    );
    const text = await collect(csvText(proposalsExport(t.database.db, { type: "Project" }, 2)));
    const titles = parseCsv(text)
      .slice(1)
      .map((r) => r[0]);
    const ours = titles.filter((x) => made.some((m) => m.title === x));
    expect(ours.length).toBe(5);
    expect(new Set(ours).size).toBe(5);
    expect(new Set(ours.slice(0, 3))).toEqual(new Set(made.slice(0, 3).map((m) => m.title)));
    expect(titles.length).toBe(new Set(titles).size);
  });
});
