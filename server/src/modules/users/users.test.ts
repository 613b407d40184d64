import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supervisorCells, users } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  makeUser,
  PASSWORD,
  sessionHeaders,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { makeCell, makeProposal } from "../../test/factories";

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

const list = (query: string, user: TestUser | null = committee) =>
  t.app.inject({ method: "GET", url: `/api/users?${query}`, headers: sessionHeaders(user) });
const addUser = (payload: unknown, user: TestUser | null = committee) =>
  t.app.inject({
    method: "POST",
    url: "/api/users",
    payload: payload as object,
    headers: sessionHeaders(user),
  });
const assign = (userId: string, payload: unknown, user: TestUser | null = committee) =>
  t.app.inject({
    method: "POST",
    url: `/api/users/${userId}/research-cells`,
    payload: payload as object,
    headers: sessionHeaders(user),
  });
const unassign = (userId: string, cellId: string, user: TestUser | null = committee) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/users/${userId}/research-cells/${cellId}`,
    headers: sessionHeaders(user),
  });

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return Number(row.n);
}
async function linkCount(supervisorId: string, cellId?: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(supervisorCells)
    .where(
      and(
        eq(supervisorCells.supervisorId, supervisorId),
        cellId ? eq(supervisorCells.researchCellId, cellId) : undefined,
      ),
    );
  return Number(row.n);
}

describe("GET /api/users", () => {
  // A group of students that only this block's searches find: their names share a tag.
  const tag = unique("grp");
  const people: TestUser[] = [];
  beforeAll(async () => {
    const names = ["Delta", "Alpha", "Charlie", "Bravo", "Echo"];
    for (const [i, first] of names.entries()) {
      people.push(
        await makeStudent(t, {
          name: `${first} ${tag}`,
          studentId: `${tag.toUpperCase()}-${String(i).padStart(2, "0")}`,
        }),
      );
    }
  });
  const ids = (res: { json: () => { items: { id: string }[] } }) => res.json().items.map((i) => i.id);

  it("401 signed out; 403 for a student and a supervisor", async () => {
    expect((await list("role=student", null)).statusCode).toBe(401);
    for (const user of [student, supervisor]) {
      const res = await list("role=student", user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });

  it("400 naming the field: role missing or unknown, bad sort, order, page, pageSize, a too long search", async () => {
    const cases: [string, string][] = [
      ["", "role"],
      ["role=admin", "role"],
      ["role=student&sort=password", "sort"],
      ["role=student&order=up", "order"],
      ["role=student&page=0", "page"],
      ["role=student&page=abc", "page"],
      ["role=student&pageSize=101", "pageSize"],
      [`role=student&q=${"x".repeat(101)}`, "q"],
    ];
    for (const [query, field] of cases) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION");
      expect(Object.keys(res.json().error.fields), query).toEqual([field]);
    }
    expect((await list("")).json().error.fields.role).toBe("Role is required.");
  });

  it("returns only the role asked for, as {items, total}, without secrets", async () => {
    const res = await list("role=committee&pageSize=100");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.every((u: { role: string }) => u.role === "committee")).toBe(true);
    expect(body.items.map((u: { id: string }) => u.id)).toContain(committee.id);
    const [row] = await t.database.db.select({ n: count() }).from(users).where(eq(users.role, "committee"));
    expect(body.total).toBe(Number(row.n));
    expect(Object.keys(body.items[0]).sort()).toEqual([
      "createdAt",
      "deactivatedAt",
      "email",
      "id",
      "name",
      "pictureUrl",
      "role",
      "studentId",
    ]);
  });

  it("searches name, email and student ID in any case", async () => {
    const byName = await list(`role=student&q=${tag.toUpperCase()}`);
    expect(byName.json().total).toBe(5);
    expect(ids(byName).sort()).toEqual(people.map((p) => p.id).sort());

    const byEmail = await list(`role=student&q=${encodeURIComponent(people[2].email.toUpperCase())}`);
    expect(ids(byEmail)).toEqual([people[2].id]);

    const byStudentId = await list(`role=student&q=${people[3].studentId!.toLowerCase()}`);
    expect(ids(byStudentId)).toEqual([people[3].id]);

    // The group is students only: the same search among supervisors finds nobody.
    expect((await list(`role=supervisor&q=${tag}`)).json()).toEqual({ items: [], total: 0, capped: false });

    // Each field is matched on its own: no match spans the end of the name and the start of the email.
    const p = people[2];
    for (const glue of ["", " "]) {
      const across = await list(
        `role=student&q=${encodeURIComponent(p.name.slice(-4) + glue + p.email.slice(0, 4))}`,
      );
      expect(ids(across)).not.toContain(p.id);
    }
  });

  it("reads a search as words: punctuation separates them, and nothing typed is query syntax", async () => {
    const odd = await makeStudent(t, { name: `Percent 100%_${tag}x` });
    expect(ids(await list(`role=student&q=${encodeURIComponent("100%_")}`))).toEqual([odd.id]);
    // Operators of SQL patterns and of text search queries are separators like any punctuation: a
    // search of nothing but them finds nobody, and none is an error.
    for (const q of ["%", "_", "&", "|", "!", ":*", "'", "(", ")", "\\", "<->", "%_&|!"]) {
      const res = await list(`role=student&q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual({ items: [], total: 0, capped: false });
    }
    // Remove it from the group's count for the other tests of this block.
    await t.database.db
      .update(users)
      .set({ name: `Renamed ${tag}zz` })
      .where(eq(users.id, odd.id));
    // The search follows the change at once (the search words are derived by the database).
    expect(ids(await list(`role=student&q=${encodeURIComponent("100%_")}`))).toEqual([]);
    expect(ids(await list(`role=student&q=${tag}ZZ`))).toEqual([odd.id]);
    await t.database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, odd.id));
  });

  it("finds the start of any word of a name or email, or the start of a student ID, in any case and without accents", async () => {
    const w = unique("w").toLowerCase();
    const ana = await makeStudent(t, { name: `Ána María ${w}`, studentId: `2021-CS-${w}` });
    const dana = await makeStudent(t, { name: `Dana-Ana ${w}` });
    const diana = await makeStudent(t, { name: `Diana Banana ${w}` });
    const search = async (q: string) =>
      ids(await list(`role=student&q=${encodeURIComponent(`${q} ${w}`)}`)).sort();
    // DESIGN.md §14: "Ana finds Ána María and Dana-Ana", and not a word that only contains it.
    expect(await search("Ana")).toEqual([ana.id, dana.id].sort());
    expect(await search("ANA")).toEqual([ana.id, dana.id].sort());
    expect(await search("maria")).toEqual([ana.id]);
    expect(await search("Marí")).toEqual([ana.id]);
    expect(await search("ban")).toEqual([diana.id]);
    expect(await search("iana")).toEqual([]);
    // The student ID from its start, its punctuation typed or not; never from its middle.
    for (const q of ["2021", "2021-cs", "2021cs", "2021 CS"]) expect(await search(q), q).toEqual([ana.id]);
    expect(await search("cs")).toEqual([]);
    // Each word of the email (its local part's words, its domain's).
    const [local] = dana.email.split("@");
    expect(ids(await list(`role=student&q=${encodeURIComponent(local.toUpperCase())}`))).toEqual([dana.id]);
    expect(ids(await list(`role=student&q=${encodeURIComponent(dana.email)}`))).toEqual([dana.id]);
    // Every word typed must match, each its own word.
    expect(await search("ana banana")).toEqual([]);
    expect(await search("diana ban")).toEqual([diana.id]);
    for (const p of [ana, dana, diana])
      await t.database.db.update(users).set({ name: "Renamed" }).where(eq(users.id, p.id));
  });

  it("sorts by name, email, student ID and creation, both ways", async () => {
    const query = (sort: string, order: string) => list(`role=student&q=${tag}&sort=${sort}&order=${order}`);
    // Names that differ in their first capital letter sort the same under every collation.
    const nameAsc = (await query("name", "asc"))
      .json()
      .items.map((u: { name: string }) => u.name.split(" ")[0]);
    expect(nameAsc).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    const nameDesc = (await query("name", "desc"))
      .json()
      .items.map((u: { name: string }) => u.name.split(" ")[0]);
    expect(nameDesc).toEqual(["Echo", "Delta", "Charlie", "Bravo", "Alpha"]);

    const sid = (await query("studentId", "asc")).json().items.map((u: { studentId: string }) => u.studentId);
    expect(sid).toEqual(people.map((p) => p.studentId));
    const sidDesc = (await query("studentId", "desc"))
      .json()
      .items.map((u: { studentId: string }) => u.studentId);
    expect(sidDesc).toEqual(people.map((p) => p.studentId).reverse());

    const emails = (await query("email", "asc")).json().items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails.sort()).toEqual(people.map((p) => p.email).sort());

    // Created one after another, so creation order is the order they were made in.
    const created = (await query("createdAt", "asc")).json().items.map((u: { id: string }) => u.id);
    expect(created).toEqual(people.map((p) => p.id));
    const createdDesc = (await query("createdAt", "desc")).json().items.map((u: { id: string }) => u.id);
    expect(createdDesc).toEqual(people.map((p) => p.id).reverse());
  });

  it("pages: pages of 2 walk the whole result once, total stays the same, past the end is empty", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(`role=student&q=${tag}&sort=studentId&pageSize=2&page=${page}`);
      expect(res.json().total).toBe(5);
      pages.push(ids(res));
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(people.map((p) => p.id));
    const past = await list(`role=student&q=${tag}&pageSize=2&page=4`);
    expect(past.json()).toEqual({ items: [], total: 5, capped: false });
  });

  it("counts a broad search up to the limit, says so, and still pages it in order", async () => {
    const broad = unique("broad");
    const n = LIMITS.searchCountMax + 20;
    const names = Array.from({ length: n }, (_, i) => `${broad} ${String(i).padStart(4, "0")}`);
    await t.database.db.insert(users).values(
      names.map((name, i) => ({
        name,
        email: `${broad}.${i}@example.edu`,
        role: "student" as const,
        studentId: `${broad}-${i}`,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const namesOf = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((u) => u.name);

    // More than the limit: the count stops at it and says so; pages keep the order of the whole result.
    const first = await list(`role=student&q=${broad.toUpperCase()}&pageSize=20`);
    expect(first.json()).toMatchObject({ total: LIMITS.searchCountMax, capped: true });
    expect(namesOf(first)).toEqual(names.slice(0, 20));
    expect(namesOf(await list(`role=student&q=${broad}&pageSize=20&page=3`))).toEqual(names.slice(40, 60));
    const newest = await list(`role=student&q=${broad}&sort=createdAt&order=desc&pageSize=5`);
    expect(namesOf(newest)).toEqual(names.slice(-5).reverse());
    // Pages past the counted limit still come, in order, from the rest.
    const cap = LIMITS.searchCountMax;
    const beyond = await list(`role=student&q=${broad}&pageSize=20&page=${cap / 20 + 1}`);
    expect(namesOf(beyond)).toEqual(names.slice(cap, cap + 20));
    expect(beyond.json().capped).toBe(true);

    // A narrower search is counted exactly again.
    const narrow = await list(`role=student&q=${encodeURIComponent(`${broad} 01`)}&pageSize=100`);
    expect(narrow.json()).toMatchObject({ total: 100, capped: false });
    expect(namesOf(narrow)).toEqual(names.slice(100, 200));

    // Exactly at the limit is still exact.
    await t.database.db
      .delete(users)
      .where(sql`${users.name} >= ${names[cap]} and ${users.name} like ${`${broad} %`}`);
    expect((await list(`role=student&q=${broad}`)).json()).toMatchObject({
      total: LIMITS.searchCountMax,
      capped: false,
    });
    await t.database.db.delete(users).where(sql`${users.name} like ${`${broad} %`}`);
  });

  it("gives each supervisor their cells; other roles have none", async () => {
    const sup = await makeSupervisor(t, { name: `Cells ${unique("sup")}` });
    const bare = await makeSupervisor(t, { name: `${sup.name} Bare` });
    const c1 = await makeCell(t, [sup.id]);
    const c2 = await makeCell(t, [sup.id]);
    const res = await list(`role=supervisor&q=${encodeURIComponent(sup.name)}`);
    const [first, second] = res.json().items;
    expect(first.id).toBe(sup.id);
    expect(first.cells.map((c: { id: string }) => c.id).sort()).toEqual([c1.id, c2.id].sort());
    expect(first.cells[0]).toEqual(expect.objectContaining({ title: expect.any(String) }));
    expect(second).toMatchObject({ id: bare.id, cells: [] });
    expect((await list(`role=student&q=${tag}`)).json().items[0]).not.toHaveProperty("cells");
  });
});

describe("POST /api/users", () => {
  const newPerson = (role = "supervisor") => ({
    role,
    name: "Barbara Liskov",
    email: `${unique("t")}@uni.example`,
    password: PASSWORD,
  });

  it("adds a teacher with no cells who can log in; the committee member stays signed in as themself", async () => {
    const input = newPerson();
    const res = await addUser({ ...input, email: `  ${input.email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const { user } = res.json();
    expect(user).toMatchObject({ name: "Barbara Liskov", email: input.email, role: "supervisor", cells: [] });
    expect(await linkCount(user.id)).toBe(0);

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: sessionHeaders(committee) });
    expect(me.json().user.id).toBe(committee.id);

    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe("supervisor");

    // The list shows the new teacher at once.
    const found = await list(`role=supervisor&q=${encodeURIComponent(input.email)}`);
    expect(found.json().items.map((u: { id: string }) => u.id)).toEqual([user.id]);
  });

  it("adds a committee member who may then use committee routes", async () => {
    const input = newPerson("committee");
    const res = await addUser(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: "committee", email: input.email });
    expect(res.json().user).not.toHaveProperty("cells");
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: input.email, password: PASSWORD },
    });
    const cookie = cookieFrom(login);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/users?role=student", headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it("401 signed out; 403 for a student and a supervisor; nobody is created", async () => {
    const before = await userCount();
    expect((await addUser(newPerson(), null)).statusCode).toBe(401);
    expect((await addUser(newPerson(), student)).statusCode).toBe(403);
    expect((await addUser(newPerson(), supervisor)).statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("400 per missing or bad field, each with its own message; nobody is created", async () => {
    const before = await userCount();
    const missing = await addUser({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      role: "Role is required.",
      name: "Name is required.",
      email: "Email is required.",
      password: "Password is required.",
    });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ role: "student" }, "role", "Role must be supervisor or committee."],
      [{ name: "  " }, "name", "Name is required."],
      [{ email: "not-an-email" }, "email", MSG.emailInvalid],
      [{ password: "short" }, "password", MSG.passwordTooShort],
      [{ password: "x".repeat(129) }, "password", MSG.passwordTooLong],
    ];
    for (const [change, field, message] of cases) {
      const res = await addUser({ ...newPerson(), ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION", message, fields: { [field]: message } });
    }
    expect(await userCount()).toBe(before);
  });

  it("409 for an email that exists in any case, naming the email", async () => {
    const before = await userCount();
    const res = await addUser({ ...newPerson(), email: student.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "CONFLICT",
      message: MSG.emailTaken,
      fields: { email: MSG.emailTaken },
    });
    expect(await userCount()).toBe(before);
  });
});

describe("POST /api/users/:id/research-cells", () => {
  it("assigns a teacher to a cell: 201 with the message, and the list shows the cell", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t);
    const res = await assign(sup.id, { researchCellId: cell.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: MSG.cellAssigned });
    expect(await linkCount(sup.id, cell.id)).toBe(1);
    const found = await list(`role=supervisor&q=${sup.email}`);
    expect(found.json().items[0].cells).toEqual([{ id: cell.id, title: cell.title }]);
  });

  it("409 'Teacher is already assigned to this cell.' on a second try", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const res = await assign(sup.id, { researchCellId: cell.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "CONFLICT", message: MSG.alreadyAssigned });
    expect(await linkCount(sup.id, cell.id)).toBe(1);
  });

  it("two simultaneous identical assignments leave one row; one of them gets the conflict", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t);
    const results = await Promise.all([1, 2, 3].map(() => assign(sup.id, { researchCellId: cell.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message)).toEqual([
      MSG.alreadyAssigned,
      MSG.alreadyAssigned,
    ]);
    expect(await linkCount(sup.id, cell.id)).toBe(1);
  });

  it("400 'Please select a cell.' without a cell; 400 for a malformed cell or teacher id", async () => {
    const sup = await makeSupervisor(t);
    for (const body of [{}, { researchCellId: "" }, { researchCellId: null }]) {
      const res = await assign(sup.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: MSG.selectCell,
        fields: { researchCellId: MSG.selectCell },
      });
    }
    const bad = await assign(sup.id, { researchCellId: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("researchCellId");
    const badId = await assign("nope", { researchCellId: crypto.randomUUID() });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.fields).toHaveProperty("id");
    expect(await linkCount(sup.id)).toBe(0);
  });

  it("404 'Teacher not found.' for an unknown user, a student or a committee member; 404 for an unknown cell", async () => {
    const cell = await makeCell(t);
    for (const id of [crypto.randomUUID(), student.id, committee.id]) {
      const res = await assign(id, { researchCellId: cell.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MSG.teacherNotFound);
    }
    const sup = await makeSupervisor(t);
    const res = await assign(sup.id, { researchCellId: crypto.randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MSG.cellNotFound);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(supervisorCells)
      .where(eq(supervisorCells.researchCellId, cell.id));
    expect(Number(row.n)).toBe(0);
    expect(await linkCount(sup.id)).toBe(0);
  });

  it("401 signed out; 403 for a student and a supervisor (even for themself)", async () => {
    const cell = await makeCell(t);
    expect((await assign(supervisor.id, { researchCellId: cell.id }, null)).statusCode).toBe(401);
    expect((await assign(supervisor.id, { researchCellId: cell.id }, student)).statusCode).toBe(403);
    expect((await assign(supervisor.id, { researchCellId: cell.id }, supervisor)).statusCode).toBe(403);
    expect(await linkCount(supervisor.id, cell.id)).toBe(0);
  });
});

describe("DELETE /api/users/:id/research-cells/:cellId", () => {
  it("removes the teacher from the cell", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const other = await makeCell(t, [sup.id]);
    const res = await unassign(sup.id, cell.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MSG.teacherRemovedFromCell });
    expect(await linkCount(sup.id, cell.id)).toBe(0);
    expect(await linkCount(sup.id, other.id)).toBe(1);
  });

  it("409 while the teacher has Pending proposals in that cell; reviewed ones and other cells do not block", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t, [sup.id]);
    const elsewhere = await makeCell(t, [sup.id]);
    const [s1, s2, s3] = [await makeStudent(t), await makeStudent(t), await makeStudent(t)];
    const pending = await makeProposal(t, { supervisorId: sup.id, memberIds: [s1.id], cellId: cell.id });
    await makeProposal(t, { supervisorId: sup.id, memberIds: [s2.id], cellId: cell.id, status: "Approved" });
    await makeProposal(t, {
      supervisorId: sup.id,
      memberIds: [s3.id],
      cellId: elsewhere.id,
      status: "Denied",
    });

    const refused = await unassign(sup.id, cell.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: "CONFLICT", message: MSG.teacherHasPendingInCell });
    expect(await linkCount(sup.id, cell.id)).toBe(1);

    // Once reviewed, the removal goes through.
    await t.database.db.execute(sql`update proposals set status = 'Approved' where id = ${pending.id}`);
    expect((await unassign(sup.id, cell.id)).statusCode).toBe(200);
    expect((await unassign(sup.id, elsewhere.id)).statusCode).toBe(200);
  });

  it("404 when not assigned, for an unknown teacher or cell; 400 for malformed ids", async () => {
    const sup = await makeSupervisor(t);
    const cell = await makeCell(t);
    for (const [u, c] of [
      [sup.id, cell.id],
      [crypto.randomUUID(), cell.id],
      [sup.id, crypto.randomUUID()],
    ]) {
      const res = await unassign(u, c);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(MSG.notAssigned);
    }
    const bad = await unassign(sup.id, "x");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty("cellId");
  });

  it("401 signed out; 403 for a student and a supervisor; the link stays", async () => {
    const sup = await makeUser(t, "supervisor");
    const cell = await makeCell(t, [sup.id]);
    expect((await unassign(sup.id, cell.id, null)).statusCode).toBe(401);
    expect((await unassign(sup.id, cell.id, student)).statusCode).toBe(403);
    expect((await unassign(sup.id, cell.id, sup)).statusCode).toBe(403);
    expect(await linkCount(sup.id, cell.id)).toBe(1);
  });
});
