import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { DEFAULT_DECLARATION } from "@shared/thesis-settings";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proposals, theses } from "../../db/schema";
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
import { makeProposal } from "../../test/factories";

/**
 * A term's thesis settings (DESIGN.md §16): their defaults, their checks (weights add up to 100,
 * a tolerance the scale has room for), and the grading ones frozen once a thesis of the term is
 * submitted.
 */

let t: TestContext;
let committee: TestUser;
let supervisor: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [committee, supervisor] = await Promise.all([makeCommittee(t), makeSupervisor(t)]);
});
afterAll(async () => t?.close());

const create = (body: object, user: TestUser = committee) =>
  t.app.inject({ method: "POST", url: "/api/terms", payload: body, headers: sessionHeaders(user) });
const patch = (id: string, body: object) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/terms/${id}`,
    payload: body,
    headers: sessionHeaders(committee),
  });

async function newTerm(body: object = {}): Promise<Term> {
  const res = await create({ name: `Term ${unique("t")}`, ...body });
  expect(res.statusCode).toBe(201);
  return res.json().term;
}

const RUBRIC = [
  { name: "Method", weight: 40, description: "How it was done." },
  { name: "Writing", weight: 60, description: "" },
];

describe("a term's thesis settings", () => {
  it("a new term has the defaults: 26 writing weeks, percent with 10 points, one Overall component of 100", async () => {
    const term = await newTerm();
    expect(term).toMatchObject({
      thesisDueAt: null,
      writingWeeks: 26,
      gradeScale: "percent",
      gradeTolerance: 10,
      rubric: [{ name: "Overall", weight: 100, description: "" }],
      declarationText: DEFAULT_DECLARATION,
      markingDays: 28,
      defenseRequired: false,
      defenseMinutes: 45,
      gradingFrozen: false,
    });
  });

  it("takes every setting; a scale of steps defaults to a tolerance of one step", async () => {
    const term = await newTerm({
      thesisDueAt: "2027-09-30T22:00:00Z",
      writingWeeks: 20,
      gradeScale: "german",
      rubric: RUBRIC,
      declarationText: "I wrote it.",
      markingDays: 21,
      defenseRequired: true,
      defenseMinutes: 60,
    });
    expect(term).toMatchObject({
      thesisDueAt: "2027-09-30T22:00:00.000Z",
      writingWeeks: 20,
      gradeScale: "german",
      gradeTolerance: 1,
      rubric: RUBRIC,
      declarationText: "I wrote it.",
      markingDays: 21,
      defenseRequired: true,
      defenseMinutes: 60,
    });
    // Changing the scale without a tolerance takes the new scale's default.
    const res = await patch(term.id, { gradeScale: "percent" });
    expect(res.json().term.gradeTolerance).toBe(10);
  });

  it("weights not adding up to 100: 400 naming the rubric, on create and on change; nothing changes", async () => {
    const name = `Term ${unique("t")}`;
    let res = await create({
      name,
      rubric: [
        { name: "A", weight: 50 },
        { name: "B", weight: 30 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.rubric).toBe(MSG.rubricWeightsSum(80));
    const term = await newTerm();
    res = await patch(term.id, { rubric: [{ name: "A", weight: 101 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields["rubric.0.weight"]).toBe("Weight must be at most 100.");
    res = await patch(term.id, {
      rubric: [
        { name: "A", weight: 50 },
        { name: "a", weight: 50 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.rubric).toBe(MSG.rubricNamesUnique);
    res = await patch(term.id, { rubric: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.rubric).toBeDefined();
    res = await patch(term.id, { writingWeeks: 0, gradeScale: "grades" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["gradeScale", "writingWeeks"]);
  });

  it("a tolerance the scale has no room for: 400 naming it, against the stored scale on a change", async () => {
    const res = await create({ name: `Term ${unique("t")}`, gradeScale: "letter", gradeTolerance: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.gradeTolerance).toBe(MSG.toleranceTooLarge(5, "steps"));
    const term = await newTerm({ gradeScale: "german" });
    const changed = await patch(term.id, { gradeTolerance: 11 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.fields.gradeTolerance).toBe(MSG.toleranceTooLarge(10, "steps"));
  });

  it("the committee only: a student or a supervisor gets 403", async () => {
    expect((await create({ name: unique("t"), writingWeeks: 4 }, await makeStudent(t))).statusCode).toBe(403);
    expect((await create({ name: unique("t"), writingWeeks: 4 }, supervisor)).statusCode).toBe(403);
  });

  it("scale, tolerance and rubric are frozen once a thesis of the term is Submitted: 409 naming each; the rest may change", async () => {
    const term = await newTerm({ rubric: RUBRIC });
    const student = await makeStudent(t);
    const p = await makeProposal(t, {
      supervisorId: supervisor.id,
      memberIds: [student.id],
      status: "Approved",
    });
    await t.database.db.update(proposals).set({ termId: term.id }).where(eq(proposals.id, p.id));
    const [thesis] = await t.database.db
      .insert(theses)
      .values({ proposalId: p.id, startedAt: new Date(), dueAt: new Date(Date.now() + 30 * 86_400_000) })
      .returning();
    // Writing: not frozen yet.
    expect((await patch(term.id, { gradeTolerance: 12 })).statusCode).toBe(200);
    await t.database.db.update(theses).set({ state: "Submitted" }).where(eq(theses.id, thesis.id));
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/terms",
      headers: sessionHeaders(committee),
    });
    expect(listed.json().items.find((x: Term) => x.id === term.id).gradingFrozen).toBe(true);

    let res = await patch(term.id, { gradeScale: "letter", rubric: [{ name: "All", weight: 100 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MSG.gradingFrozen(term.name));
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["gradeScale", "gradeTolerance", "rubric"]);
    res = await patch(term.id, { gradeTolerance: 5 });
    expect(res.statusCode).toBe(409);
    // The same values again change nothing, so they pass; the other settings may change.
    res = await patch(term.id, {
      rubric: RUBRIC,
      gradeTolerance: 12,
      markingDays: 14,
      defenseRequired: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().term).toMatchObject({
      gradeScale: "percent",
      gradeTolerance: 12,
      rubric: RUBRIC,
      markingDays: 14,
    });
  });
});
