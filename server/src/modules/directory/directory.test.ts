import { randomUUID } from "node:crypto";
import { STUDENT_SEARCH_LIMIT } from "@shared/schemas/directory";
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

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (user: TestUser | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });

describe("GET /api/supervisors?researchCellId=", () => {
  it("lists the supervisors of that cell only, by name, with their emails", async () => {
    const zed = await makeSupervisor(t, { name: "Zed Zimmer" });
    const amy = await makeSupervisor(t, { name: "Amy Adams" });
    const other = await makeSupervisor(t, { name: "Otto Other" });
    const cell = await makeCell(t, [zed.id, amy.id]);
    await makeCell(t, [other.id]);
    const student = await makeStudent(t);
    const res = await get(student, `/api/supervisors?researchCellId=${cell.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        // The Default term has no limit on places.
        { id: amy.id, name: "Amy Adams", email: amy.email, placesLeft: null },
        { id: zed.id, name: "Zed Zimmer", email: zed.email, placesLeft: null },
      ],
    });
    // Every signed-in role may ask.
    expect(
      (await get(await makeSupervisor(t), `/api/supervisors?researchCellId=${cell.id}`)).statusCode,
    ).toBe(200);
    expect((await get(await makeCommittee(t), `/api/supervisors?researchCellId=${cell.id}`)).statusCode).toBe(
      200,
    );
  });

  it("answers an empty list for a cell without supervisors or an unknown cell", async () => {
    const student = await makeStudent(t);
    const empty = await makeCell(t);
    expect((await get(student, `/api/supervisors?researchCellId=${empty.id}`)).json()).toEqual({ items: [] });
    expect((await get(student, `/api/supervisors?researchCellId=${randomUUID()}`)).json()).toEqual({
      items: [],
    });
  });

  it("answers 401 signed out and 400 for a missing or invalid cell id", async () => {
    expect((await get(null, `/api/supervisors?researchCellId=${randomUUID()}`)).statusCode).toBe(401);
    const student = await makeStudent(t);
    const missing = await get(student, "/api/supervisors");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ researchCellId: "Research cell is required." });
    const invalid = await get(student, "/api/supervisors?researchCellId=abc");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toEqual({ researchCellId: "Invalid research cell." });
  });
});

describe("GET /api/students?q=", () => {
  const tag = unique("grp").toLowerCase();
  let me: TestUser;
  let ana: TestUser;
  let anabel: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    me = await makeStudent(t, { name: `Ana Me ${tag}` });
    ana = await makeStudent(t, { name: `Ana Other ${tag}` });
    anabel = await makeStudent(t, { name: `Anabel Lower ${tag}` });
    bob = await makeStudent(t, { name: `Bob ${tag}`, studentId: `ID-${tag.toUpperCase()}-77` });
    // Not students: never offered as group members.
    await makeSupervisor(t, { name: `Ana Supervisor ${tag}` });
    await makeCommittee(t, { name: `Ana Committee ${tag}` });
  });

  it("finds other students by name, any case, never the caller, never emails", async () => {
    const res = await get(me, "/api/students?q=aNa");
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining([`Ana Other ${tag}`, `Anabel Lower ${tag}`]));
    expect(names).not.toContain(`Ana Me ${tag}`);
    expect(names.some((n: string) => /Supervisor|Committee/.test(n))).toBe(false);
    const byTag = (await get(me, `/api/students?q=${tag.toUpperCase()}`)).json().items;
    expect(byTag).toEqual([
      { id: ana.id, name: `Ana Other ${tag}`, studentId: ana.studentId, unavailable: null },
      { id: anabel.id, name: `Anabel Lower ${tag}`, studentId: anabel.studentId, unavailable: null },
      { id: bob.id, name: `Bob ${tag}`, studentId: bob.studentId, unavailable: null },
    ]);
    for (const item of byTag)
      expect(Object.keys(item).sort()).toEqual(["id", "name", "studentId", "unavailable"]);
    expect(JSON.stringify(res.json())).not.toContain("@");
  });

  it("says which students cannot be invited and why: one who holds a place in the current term, not one only invited", async () => {
    const supervisor = await makeSupervisor(t);
    const cell = await makeCell(t, [supervisor.id]);
    const placed = await makeStudent(t, { name: `Placed Person ${tag}` });
    const invited = await makeStudent(t, { name: `Invited Person ${tag}` });
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cell.id,
      memberIds: [placed.id],
      invitedIds: [invited.id],
      status: "Awaiting members",
    });
    const found = (await get(me, `/api/students?q=${encodeURIComponent(`person ${tag}`)}`)).json().items;
    // Listed by name, the placed one greyed with the reason (issue 30): never a guess of the client.
    expect(found.map((s: { id: string; unavailable: string | null }) => [s.id, s.unavailable])).toEqual([
      [invited.id, null],
      [placed.id, "inGroup"],
    ]);
    // A place that ended (withdrawn) frees them again.
    const withdrawnMember = await makeStudent(t, { name: `Freed Person ${tag}` });
    await makeProposal(t, {
      supervisorId: supervisor.id,
      cellId: cell.id,
      memberIds: [withdrawnMember.id],
      status: "Withdrawn",
    });
    const freed = (await get(me, `/api/students?q=${encodeURIComponent(`freed person ${tag}`)}`)).json()
      .items;
    expect(freed).toEqual([expect.objectContaining({ id: withdrawnMember.id, unavailable: null })]);
    // Inviting the placed one is refused, as the picker says.
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/proposals",
      headers: { cookie: me.cookie },
      payload: {
        title: "With a placed student",
        abstract: "x",
        type: "Project",
        researchCellId: cell.id,
        supervisorId: supervisor.id,
        memberIds: [placed.id],
      },
    });
    expect(refused.statusCode).toBe(409);
  });

  it("finds students by student ID", async () => {
    const res = await get(me, `/api/students?q=${encodeURIComponent(`id-${tag}-77`)}`);
    expect(res.json().items.map((s: { id: string }) => s.id)).toEqual([bob.id]);
  });

  it("reads punctuation as a separator and nothing as query syntax", async () => {
    for (const q of ["%%", "__", "&|!", ":*", "''", "()", "\\\\"]) {
      const res = await get(me, `/api/students?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().items, q).toEqual([]);
    }
    expect(
      (await get(me, `/api/students?q=${encodeURIComponent(`bob_${tag}`)}`))
        .json()
        .items.map((s: { id: string }) => s.id),
    ).toEqual([bob.id]);
  });

  it("matches the start of a word of the name or of the student ID, never of the email", async () => {
    const other = await makeStudent(t, { name: `Zed Quill ${tag}`, studentId: `QQ-${tag}` });
    const ids = async (q: string) =>
      (await get(me, `/api/students?q=${encodeURIComponent(q)}`))
        .json()
        .items.map((s: { id: string }) => s.id);
    expect(await ids(`qui ${tag}`)).toEqual([other.id]);
    expect(await ids(`uill ${tag}`)).toEqual([]);
    expect(await ids(other.studentId!.slice(0, 5).toLowerCase())).toContain(other.id);
    // The email's first part (the factory's own tag, unlike the name and student ID) is never searched.
    expect(await ids(other.email.split("@")[0])).not.toContain(other.id);
  });

  it(`returns at most ${STUDENT_SEARCH_LIMIT}`, async () => {
    const many = unique("many").toLowerCase();
    for (let i = 0; i < STUDENT_SEARCH_LIMIT + 3; i++) await makeStudent(t, { name: `Many ${many} ${i}` });
    const res = await get(me, `/api/students?q=${many}`);
    expect(res.json().items).toHaveLength(STUDENT_SEARCH_LIMIT);
    // With no query: the first students by name, still never the caller.
    const all = (await get(me, "/api/students")).json().items;
    expect(all.length).toBeLessThanOrEqual(STUDENT_SEARCH_LIMIT);
    expect(all.map((s: { id: string }) => s.id)).not.toContain(me.id);
  });

  it("answers 401 signed out, 403 to supervisors and committee, 400 for a too long query", async () => {
    expect((await get(null, "/api/students?q=a")).statusCode).toBe(401);
    expect((await get(await makeSupervisor(t), "/api/students?q=a")).statusCode).toBe(403);
    expect((await get(await makeCommittee(t), "/api/students?q=a")).statusCode).toBe(403);
    const long = await get(me, `/api/students?q=${"x".repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ q: "Search must be at most 100 characters." });
  });
});
