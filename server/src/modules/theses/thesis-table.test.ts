import { THESIS_STATES, type ThesisState } from "@shared/enums";
import {
  findThesisTransition,
  THESIS_TRANSITIONS,
  type ThesisAction,
  type ThesisParty,
} from "@shared/thesis-life";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { theses } from "../../db/schema";
import { createTestApp, makeStudent, sessionHeaders, type TestContext, type TestUser } from "../../test/app";
import { thesisWorld } from "../../test/thesis-world";

/**
 * Every route of a thesis's life (DESIGN.md §16, shared/src/thesis-life.ts), taken by everyone who
 * might try it, from every state, on whichever database the run uses: whatever the table does not
 * allow is refused (403 to whoever may never take it, 404 to whoever may not see the thesis, 409
 * when it is theirs but not now) and changes nothing; whatever it allows succeeds, from a thesis
 * brought to that state through the API, and leads where the table says. The effects of each
 * action are its own tests' (writing, submission, assessment, release, theses).
 */

type Who = "member" | "supervisor" | "secondExaminer" | "committee" | "outsiderStudent" | "outsiderTeacher";
const WHO: Who[] = [
  "member",
  "supervisor",
  "secondExaminer",
  "committee",
  "outsiderStudent",
  "outsiderTeacher",
];
/** How each person relates to the thesis: the supervisor is its first examiner. */
const PARTIES: Record<Who, ThesisParty[]> = {
  member: ["member"],
  supervisor: ["supervisor", "firstExaminer"],
  secondExaminer: ["secondExaminer"],
  committee: ["committee"],
  outsiderStudent: [],
  outsiderTeacher: [],
};

interface Thesis {
  id: string;
  students: TestUser[];
}
type Request = { method: "POST" | "PUT" | "PATCH" | "DELETE"; url: string; payload?: object };

let t: TestContext;
let w: Awaited<ReturnType<typeof thesisWorld>>;
let people: Record<Exclude<Who, "member">, TestUser>;
const later = () => new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString();

/** A valid request for each action the people take (start and decide are the system's, in other changes). */
const ROUTES: Partial<Record<ThesisAction, (th: Thesis) => Request>> = {
  uploadDraft: (th) => ({ method: "POST", url: `/api/theses/${th.id}/drafts`, payload: { documentId: "" } }),
  declare: (th) => ({
    method: "PUT",
    url: `/api/theses/${th.id}/declaration`,
    payload: { declaration: true },
  }),
  requestExtension: (th) => ({
    method: "POST",
    url: `/api/theses/${th.id}/extension`,
    payload: { dueAt: later(), reason: "Ill for a month." },
  }),
  decideExtension: (th) => ({
    method: "POST",
    url: `/api/theses/${th.id}/extension/decision`,
    payload: { approve: true, note: "" },
  }),
  submit: (th) => ({ method: "POST", url: `/api/theses/${th.id}/submission`, payload: {} }),
  return: (th) => ({
    method: "POST",
    url: `/api/theses/${th.id}/return`,
    payload: { reason: "Fix the figures.", dueAt: later() },
  }),
  assess: (th) => ({
    method: "PUT",
    url: `/api/theses/${th.id}/assessment`,
    payload: {
      scores: { Overall: 70 },
      grades: Object.fromEntries(th.students.map((s) => [s.id, "2.0"])),
      studentComment: "Well argued.",
      internalComment: "Internal.",
    },
  }),
  setFinalGrades: (th) => ({
    method: "POST",
    url: `/api/theses/${th.id}/final-grades`,
    payload: { grades: { [th.students[1].id]: "4.0" }, reason: "Third reader." },
  }),
  release: (th) => ({ method: "POST", url: `/api/theses/${th.id}/release`, payload: {} }),
  correctGrade: (th) => ({
    method: "POST",
    url: `/api/theses/${th.id}/grade-correction`,
    payload: { studentId: th.students[0].id, grade: "1.0", reason: "A typo." },
  }),
  fail: (th) => ({ method: "POST", url: `/api/theses/${th.id}/fail`, payload: { reason: "Nothing came." } }),
  cancel: (th) => ({ method: "POST", url: `/api/theses/${th.id}/cancel`, payload: { reason: "Split up." } }),
  annul: (th) => ({ method: "POST", url: `/api/theses/${th.id}/annul`, payload: { reason: "Plagiarism." } }),
  removeMember: (th) => ({
    method: "DELETE",
    url: `/api/theses/${th.id}/members/${th.students[1].id}`,
    payload: { reason: "Left the university." },
  }),
  nameExaminer: (th) => ({
    method: "PUT",
    url: `/api/theses/${th.id}/examiners`,
    payload: { secondExaminerId: people.outsiderTeacher.id },
  }),
  proposeVisibility: (th) => ({
    method: "PUT",
    url: `/api/theses/${th.id}/visibility-proposal`,
    payload: { visibility: "Public" },
  }),
  consentPublication: (th) => ({
    method: "PUT",
    url: `/api/theses/${th.id}/publication-consent`,
    payload: { public: true },
  }),
  changeVisibility: (th) => ({
    method: "PATCH",
    url: `/api/theses/${th.id}/visibility`,
    payload: { visibility: "Internal" },
  }),
};

beforeAll(async () => {
  t = await createTestApp();
  w = await thesisWorld(t);
  people = {
    supervisor: w.supervisor,
    secondExaminer: w.examiner,
    committee: w.committee,
    outsiderStudent: await makeStudent(t),
    outsiderTeacher: w.outsiderTeacher,
  };
});
afterAll(async () => t?.close());

/** Everything a refused action might have changed, of this thesis and of what it tells. */
async function state(id: string) {
  const [row] = await selectRows<Record<string, unknown>>(
    t.database.db,
    sql`select to_jsonb(th) as thesis,
               (select count(*)::int from activity a where a.proposal_id = th.proposal_id) as activity,
               (select json_agg(json_build_array(m.user_id, m.state) order by m.user_id)
                  from proposal_members m where m.proposal_id = th.proposal_id) as members,
               (select count(*)::int from thesis_drafts d where d.thesis_id = th.id) as drafts,
               (select count(*)::int from thesis_declarations d where d.thesis_id = th.id) as declarations,
               (select count(*)::int from thesis_extensions e where e.thesis_id = th.id) as extensions,
               (select count(*)::int from thesis_assessments a where a.thesis_id = th.id) as assessments,
               (select json_agg(g.grade order by g.student_id) from thesis_grades g where g.thesis_id = th.id) as grades,
               (select count(*)::int from thesis_consents c where c.thesis_id = th.id) as consents,
               (select count(*)::int from outbox) as emails
          from theses th where th.id = ${id}`,
  );
  return row;
}

describe("the thesis's table, route by route, for everyone and every state", () => {
  for (const from of THESIS_STATES) {
    it(`from ${from}: every action the table does not allow is refused and changes nothing`, async () => {
      const th = await w.writing();
      await t.database.db
        .update(theses)
        .set({ state: from as ThesisState })
        .where(eq(theses.id, th.id));
      // A document of each person's own, so an upload is refused for who and when, not for the file.
      const documents = new Map<TestUser, string>();
      const outcomes: string[] = [];
      let refused = 0;
      for (const [action, route] of Object.entries(ROUTES) as [ThesisAction, (th: Thesis) => Request][]) {
        for (const who of WHO) {
          if (findThesisTransition(action, from, PARTIES[who], { disputed: false })) continue;
          if (findThesisTransition(action, from, PARTIES[who], { disputed: true })) continue;
          const user = who === "member" ? th.students[0] : people[who];
          const req = route(th);
          if (action === "uploadDraft") {
            if (!documents.has(user)) documents.set(user, await w.upload(user).catch(() => ""));
            req.payload = { documentId: documents.get(user) || "00000000-0000-4000-8000-000000000000" };
          }
          const before = await state(th.id);
          const res = await t.app.inject({ ...req, headers: sessionHeaders(user) });
          const got = res.statusCode;
          if (![403, 404, 409].includes(got)) outcomes.push(`${action} by ${who}: ${got} ${res.body}`);
          else {
            refused++;
            // A refusal says why, and changes nothing.
            expect(res.json().error.message.length, `${action} by ${who}`).toBeGreaterThan(0);
            expect(await state(th.id), `${action} by ${who} from ${from}`).toEqual(before);
          }
          // Whoever may not see the thesis is never told it is there.
          if (who.startsWith("outsider") && got !== 404 && got !== 403)
            outcomes.push(`${action} by ${who}: ${got}, not 404 or 403`);
        }
      }
      expect(outcomes).toEqual([]);
      expect(refused).toBeGreaterThan(0);
    });
  }
});

/**
 * A thesis brought to `state` the way people bring it there. Its second member's grades differ
 * pass against fail on the way to Disputed; the first's agree.
 */
async function thesisIn(state: ThesisState): Promise<Thesis> {
  if (state === "Writing") return w.writing();
  const th = await w.submitted();
  if (state === "Submitted") return th;
  if (state === "Disputed") {
    await w.assessBoth(th, ["2.0", "4.0"], ["2.3", "5.0"]);
    return th;
  }
  await w.assessBoth(th, ["2.0", "2.0"], ["2.0", "2.3"]);
  if (state === "Graded") return th;
  expect((await w.post(w.committee, `/api/theses/${th.id}/release`)).statusCode).toBe(200);
  if (state === "Released") return th;
  const end = state === "Annulled" ? "annul" : "cancel";
  expect((await w.post(w.committee, `/api/theses/${th.id}/${end}`, { reason: "Ended." })).statusCode).toBe(
    200,
  );
  return th;
}

/** What an allowed action needs in place first: a member's open request, a document of their own. */
async function prepare(action: ThesisAction, th: Thesis, req: Request) {
  if (action === "decideExtension")
    expect(
      (await w.post(th.students[0], ROUTES.requestExtension!(th).url, ROUTES.requestExtension!(th).payload))
        .statusCode,
    ).toBe(201);
  if (action === "uploadDraft") req.payload = { documentId: await w.upload(th.students[0]) };
  if (action === "submit")
    for (const u of th.students)
      await w.send("PUT", u, `/api/theses/${th.id}/declaration`, { declaration: true });
}

describe("the thesis's table, row by row at the API", () => {
  const WHOM: Partial<Record<ThesisParty, Who>> = {
    member: "member",
    supervisor: "supervisor",
    firstExaminer: "supervisor",
    secondExaminer: "secondExaminer",
    committee: "committee",
  };
  const rows = THESIS_TRANSITIONS.filter((r) => r.from !== null && ROUTES[r.action]);
  for (const row of rows)
    for (const party of row.who) {
      const who = WHOM[party]!;
      it(`${row.action} by the ${party} from ${row.from}${row.when ? ` (${JSON.stringify(row.when)})` : ""}`, async () => {
        const th = await thesisIn(row.from!);
        if (row.action === "submit") {
          // A draft to make final (submitted() uploads one, but this thesis is still in Writing).
          expect(
            (
              await w.post(th.students[0], `/api/theses/${th.id}/drafts`, {
                documentId: await w.upload(th.students[0]),
              })
            ).statusCode,
          ).toBe(201);
        }
        const req = ROUTES[row.action]!(th);
        await prepare(row.action, th, req);
        const user = who === "member" ? th.students[0] : people[who];
        const res = await t.app.inject({ ...req, headers: sessionHeaders(user) });
        expect(res.statusCode, res.body).toBeLessThan(300);
        const now = (await w.thesisRow(th.id)).state;
        expect(now).toBe(row.to === "unchanged" ? row.from : row.to);
      });
    }
});
