import { MSG } from "@shared/messages";
import { count, eq, sql } from "drizzle-orm";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { outbox, proposals } from "../../db/schema";
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
import { freePort, type Received, startSmtp } from "../../test/smtp";

/** The app's clock: each test moves it as it needs. */
let clock = new Date("2027-01-10T12:00:00Z");
let t: TestContext;
let committee: TestUser;
let defaultTermId: string;

/** The emails the app sends, through a real SMTP server. */
const inbox: Received[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtp(port, inbox);
  // The outbox's own loop is slowed right down: the digest test drains it.
  t = await createTestApp(
    { timeZone: "Europe/Berlin", smtpUrl: `smtp://127.0.0.1:${port}` },
    { now: () => clock, outbox: { pollMs: 3_600_000 } },
  );
  committee = await makeCommittee(t);
  defaultTermId = (await terms()).items.find((x: { current: boolean }) => x.current).id;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
});

async function terms(user: TestUser = committee) {
  const res = await t.app.inject({ method: "GET", url: "/api/terms", headers: sessionHeaders(user) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const createTerm = (body: object, user: TestUser = committee) =>
  t.app.inject({ method: "POST", url: "/api/terms", payload: body, headers: sessionHeaders(user) });
const makeCurrent = (id: string) =>
  t.app.inject({ method: "POST", url: `/api/terms/${id}/current`, headers: sessionHeaders(committee) });
const setCapacity = (termId: string, supervisorId: string, capacity: unknown) =>
  t.app.inject({
    method: "PUT",
    url: `/api/terms/${termId}/capacities/${supervisorId}`,
    payload: { capacity },
    headers: sessionHeaders(committee),
  });

/** A supervisor assigned to a new cell, and a submission to them as `student`. */
async function supervisorWithCell(name?: string) {
  const supervisor = await makeSupervisor(t, { name });
  const cell = await makeCell(t, [supervisor.id]);
  return { supervisor, cell };
}
const submit = (
  student: TestUser,
  s: { supervisor: TestUser; cell: { id: string } },
  memberIds: string[] = [],
) =>
  t.app.inject({
    method: "POST",
    url: "/api/proposals",
    headers: sessionHeaders(student),
    payload: {
      title: `Proposal ${unique("p")}`,
      abstract: "An abstract.",
      type: "Thesis",
      researchCellId: s.cell.id,
      supervisorId: s.supervisor.id,
      memberIds,
    },
  });

/** Runs `fn` with a new current term made from `body`, then makes Default current again. */
async function inTerm<T>(body: object, fn: (term: { id: string; name: string }) => Promise<T>): Promise<T> {
  const res = await createTerm({ name: `Term ${unique("t")}`, ...body });
  expect(res.statusCode).toBe(201);
  const term = res.json().term;
  expect((await makeCurrent(term.id)).statusCode).toBe(200);
  try {
    return await fn(term);
  } finally {
    await makeCurrent(defaultTermId);
  }
}

describe("terms", () => {
  it("a fresh database has one current term, Default, with no window and no limits, shown to every role", async () => {
    for (const user of [committee, await makeStudent(t), await makeSupervisor(t)]) {
      const list = await terms(user);
      expect(list.timeZone).toBe("Europe/Berlin");
      const current = list.items.filter((x: { current: boolean }) => x.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({
        name: "Default",
        mode: "direct",
        submissionsOpenAt: null,
        submissionsCloseAt: null,
        revisionsCloseAt: null,
        reviewDueDays: 7,
        committeeApproval: false,
        defaultCapacity: null,
        maxPreferences: 5,
      });
    }
    const out = await t.app.inject({ method: "GET", url: "/api/terms" });
    expect(out.statusCode).toBe(401);
  });

  it("only the committee manages terms (403 for students and supervisors, 401 signed out)", async () => {
    const student = await makeStudent(t);
    const supervisor = await makeSupervisor(t);
    expect((await createTerm({ name: "Nope" }, student)).statusCode).toBe(403);
    expect((await createTerm({ name: "Nope" }, supervisor)).statusCode).toBe(403);
    const calls = [
      { method: "PATCH" as const, url: `/api/terms/${defaultTermId}`, payload: { name: "X" } },
      { method: "DELETE" as const, url: `/api/terms/${defaultTermId}` },
      { method: "POST" as const, url: `/api/terms/${defaultTermId}/current` },
      {
        method: "PUT" as const,
        url: `/api/terms/${defaultTermId}/capacities/${supervisor.id}`,
        payload: { capacity: 1 },
      },
      { method: "DELETE" as const, url: `/api/terms/${defaultTermId}/capacities/${supervisor.id}` },
      { method: "GET" as const, url: `/api/terms/${defaultTermId}/load` },
    ];
    for (const c of calls) {
      expect((await t.app.inject({ ...c, headers: sessionHeaders(student) })).statusCode).toBe(403);
      expect((await t.app.inject({ ...c, headers: sessionHeaders(supervisor) })).statusCode).toBe(403);
      expect((await t.app.inject(c)).statusCode).toBe(401);
    }
  });

  it("creates a term with its fields, and refuses bad input naming the field, changing nothing", async () => {
    const before = (await terms()).items.length;
    const bad: [object, string, string][] = [
      [{}, "name", "Name is required."],
      [
        {
          name: "Bad",
          submissionsOpenAt: "2027-02-01T09:00:00Z",
          submissionsCloseAt: "2027-02-01T09:00:00Z",
        },
        "submissionsCloseAt",
        MSG.closeBeforeOpen,
      ],
      [
        { name: "Bad", submissionsOpenAt: "2027-02-01T09:00:00Z", revisionsCloseAt: "2027-01-01T09:00:00Z" },
        "revisionsCloseAt",
        MSG.revisionsBeforeOpen,
      ],
      [{ name: "Bad", defaultCapacity: -1 }, "defaultCapacity", "Default places must be at least 0."],
      [{ name: "Bad", defaultCapacity: 1.5 }, "defaultCapacity", "Default places must be a whole number."],
      [{ name: "Bad", reviewDueDays: 0 }, "reviewDueDays", "Review due must be at least 1."],
      [
        { name: "Bad", submissionsOpenAt: "next monday" },
        "submissionsOpenAt",
        "Submissions open must be a date and time.",
      ],
      [{ name: "Bad", mode: "lottery" }, "mode", "Mode must be direct or allocation."],
    ];
    for (const [body, field, message] of bad) {
      const res = await createTerm(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect((await terms()).items).toHaveLength(before);

    const name = `Spring ${unique("s")}`;
    const res = await createTerm({
      name,
      mode: "allocation",
      submissionsOpenAt: "2027-02-01T08:00:00.000+01:00",
      submissionsCloseAt: "2027-03-01T17:00:00Z",
      reviewDueDays: 10,
      committeeApproval: true,
      defaultCapacity: 4,
      maxPreferences: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().term).toMatchObject({
      name,
      mode: "allocation",
      submissionsOpenAt: "2027-02-01T07:00:00.000Z",
      submissionsCloseAt: "2027-03-01T17:00:00.000Z",
      revisionsCloseAt: null,
      reviewDueDays: 10,
      committeeApproval: true,
      defaultCapacity: 4,
      maxPreferences: 3,
      current: false,
      proposalCount: 0,
    });
    const dup = await createTerm({ name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(MSG.termNameTaken);
  });

  it("changes a term, checking new dates against the stored ones, and freezes the mode once it has proposals", async () => {
    const res = await createTerm({
      name: `Autumn ${unique("a")}`,
      submissionsOpenAt: "2027-09-01T08:00:00Z",
    });
    const term = res.json().term;
    const patch = (payload: object, id = term.id) =>
      t.app.inject({ method: "PATCH", url: `/api/terms/${id}`, payload, headers: sessionHeaders(committee) });

    const early = await patch({ submissionsCloseAt: "2027-08-01T08:00:00Z" });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.submissionsCloseAt).toBe(MSG.closeBeforeOpen);

    const ok = await patch({
      submissionsCloseAt: "2027-10-01T08:00:00Z",
      defaultCapacity: null,
      mode: "allocation",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().term).toMatchObject({
      submissionsCloseAt: "2027-10-01T08:00:00.000Z",
      mode: "allocation",
    });
    expect((await patch({ name: "Default" })).statusCode).toBe(409);
    expect((await patch({ name: "x" }, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);

    // Default has proposals once one is submitted: its mode is frozen.
    const s = await supervisorWithCell();
    expect((await submit(await makeStudent(t), s)).statusCode).toBe(201);
    const frozen = await patch({ mode: "allocation" }, defaultTermId);
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe(MSG.termModeFrozen);
    expect((await patch({ reviewDueDays: 7 }, defaultTermId)).statusCode).toBe(200);
  });

  it("deletes a term without proposals; refuses the current one and one with proposals (409 with the reason)", async () => {
    const s = await supervisorWithCell();
    await makeProposal(t, {
      supervisorId: s.supervisor.id,
      memberIds: [(await makeStudent(t)).id],
      cellId: s.cell.id,
    });
    // The list counts each term's proposals (the Terms screen shows the number, and offers no Delete).
    const counted = (await terms()).items.find((x: { id: string }) => x.id === defaultTermId).proposalCount;
    const [inDb] = await t.database.db
      .select({ n: count() })
      .from(proposals)
      .where(eq(proposals.termId, defaultTermId));
    expect(counted).toBe(Number(inDb.n));
    expect(counted).toBeGreaterThan(0);
    const del = (id: string) =>
      t.app.inject({ method: "DELETE", url: `/api/terms/${id}`, headers: sessionHeaders(committee) });
    const current = await del(defaultTermId);
    expect(current.statusCode).toBe(409);
    expect(current.json().error.message).toBe(MSG.termIsCurrent);

    await inTerm({}, async () => {
      const withProposals = await del(defaultTermId);
      expect(withProposals.statusCode).toBe(409);
      expect(withProposals.json().error.message).toBe(MSG.termHasProposals);
    });
    const empty = (await createTerm({ name: `Empty ${unique("e")}` })).json().term;
    expect((await del(empty.id)).statusCode).toBe(200);
    expect((await del(empty.id)).statusCode).toBe(404);
    expect((await terms()).items.some((x: { id: string }) => x.id === empty.id)).toBe(false);
  });

  it("keeps exactly one current term in the database itself", async () => {
    const other = (await createTerm({ name: `Other ${unique("o")}` })).json().term;
    await expect(
      t.database.db.execute(sql`insert into current_term (only, term_id) values (true, ${other.id})`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`insert into current_term (only, term_id) values (false, ${other.id})`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from terms where id = ${defaultTermId}`)).rejects.toThrow();
    // Made current at the same moment many times over: still one.
    await Promise.all(Array.from({ length: 10 }, (_, i) => makeCurrent(i % 2 ? other.id : defaultTermId)));
    await makeCurrent(defaultTermId);
    const current = (await terms()).items.filter((x: { current: boolean }) => x.current);
    expect(current.map((x: { id: string }) => x.id)).toEqual([defaultTermId]);
  });
});

describe("the submission window", () => {
  it("is open from OpenAt (inclusive) to CloseAt (exclusive), with the term's words and its zone outside", async () => {
    const s = await supervisorWithCell();
    await inTerm(
      { submissionsOpenAt: "2027-02-01T08:00:00Z", submissionsCloseAt: "2027-03-01T08:00:00Z" },
      async (term) => {
        const at = async (iso: string) => {
          clock = new Date(iso);
          return submit(await makeStudent(t), s);
        };
        const early = await at("2027-02-01T07:59:59Z");
        expect(early.statusCode).toBe(409);
        expect(early.json().error.message).toBe(
          MSG.submissionsOpenOn(term.name, "1 February 2027, 09:00 (Europe/Berlin)"),
        );
        expect((await at("2027-02-01T08:00:00Z")).statusCode).toBe(201);
        expect((await at("2027-03-01T07:59:59Z")).statusCode).toBe(201);
        const late = await at("2027-03-01T08:00:00Z");
        expect(late.statusCode).toBe(409);
        expect(late.json().error.message).toBe(MSG.submissionsClosed(term.name));
        const proposals = await selectRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from proposals where term_id = ${term.id}`,
        );
        expect(proposals[0].n).toBe(2);
      },
    );
    clock = new Date("2027-01-10T12:00:00Z");
  });
});

describe("places", () => {
  it("overrides, falls back to the term's default, then to unlimited; the picker and the load say so", async () => {
    const s = await supervisorWithCell();
    const student = await makeStudent(t);
    await inTerm({ defaultCapacity: 2 }, async (term) => {
      const picker = async () =>
        (
          await t.app.inject({
            method: "GET",
            url: `/api/supervisors?researchCellId=${s.cell.id}`,
            headers: sessionHeaders(student),
          })
        ).json().items[0].placesLeft;
      const load = async () =>
        (
          await t.app.inject({
            method: "GET",
            url: `/api/terms/${term.id}/load`,
            headers: sessionHeaders(committee),
          })
        )
          .json()
          .items.find((r: { supervisorId: string }) => r.supervisorId === s.supervisor.id);
      expect(await picker()).toBe(2);
      expect(await load()).toMatchObject({ used: 0, capacity: 2, override: false, name: s.supervisor.name });
      expect((await submit(await makeStudent(t), s)).statusCode).toBe(201);
      expect(await picker()).toBe(1);
      expect((await setCapacity(term.id, s.supervisor.id, 5)).statusCode).toBe(200);
      expect(await load()).toMatchObject({ used: 1, capacity: 5, override: true });
      expect(await picker()).toBe(4);
      const bad = await setCapacity(term.id, s.supervisor.id, -1);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.capacity).toBe("Capacity must be at least 0.");
      expect((await setCapacity(term.id, student.id, 1)).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: "DELETE",
            url: `/api/terms/${term.id}/capacities/${s.supervisor.id}`,
            headers: sessionHeaders(committee),
          })
        ).statusCode,
      ).toBe(200);
      expect(await load()).toMatchObject({ used: 1, capacity: 2, override: false });
      // Lowered below the places in use: the proposal keeps its place, new ones are stopped.
      expect((await setCapacity(term.id, s.supervisor.id, 0)).statusCode).toBe(200);
      expect(await picker()).toBe(0);
      const full = await submit(await makeStudent(t), s);
      expect(full.statusCode).toBe(409);
      expect(full.json().error.message).toBe(MSG.noPlacesLeft(s.supervisor.name, term.name));
      expect(await load()).toMatchObject({ used: 1, capacity: 0 });
    });
    // Default has no limit.
    const other = await supervisorWithCell();
    const res = await t.app.inject({
      method: "GET",
      url: `/api/supervisors?researchCellId=${other.cell.id}`,
      headers: sessionHeaders(student),
    });
    expect(res.json().items[0].placesLeft).toBeNull();
  });

  it("with one place left, 50 simultaneous submissions give exactly one 201 and 49 × 409", async () => {
    const s = await supervisorWithCell(`Dr. Race ${unique("r")}`);
    const students = await Promise.all(Array.from({ length: 50 }, () => makeStudent(t)));
    await inTerm({ defaultCapacity: 1 }, async (term) => {
      const results = await Promise.all(students.map((st) => submit(st, s)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      for (const r of results.filter((r) => r.statusCode === 409))
        expect(r.json().error.message).toBe(MSG.noPlacesLeft(s.supervisor.name, term.name));
      const n = await selectRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from proposals where supervisor_id = ${s.supervisor.id}`,
      );
      expect(n[0].n).toBe(1);
    });
  });

  it("a Denied proposal frees its place", async () => {
    const s = await supervisorWithCell();
    await inTerm({ defaultCapacity: 1 }, async () => {
      const first = await submit(await makeStudent(t), s);
      expect(first.statusCode).toBe(201);
      expect((await submit(await makeStudent(t), s)).statusCode).toBe(409);
      const review = await t.app.inject({
        method: "POST",
        url: `/api/proposals/${first.json().proposal.id}/review`,
        headers: sessionHeaders(s.supervisor),
        payload: { status: "Denied", feedback: "Not this one." },
      });
      expect(review.statusCode).toBe(200);
      expect((await submit(await makeStudent(t), s)).statusCode).toBe(201);
    });
  });
});

describe("one place per term, and lists by term", () => {
  it("a proposal left Pending in an old term does not block the next one; lists show the current term unless asked", async () => {
    const s = await supervisorWithCell();
    const student = await makeStudent(t);
    const old = await submit(student, s);
    expect(old.statusCode).toBe(201);
    expect(old.json().proposal.term).toMatchObject({ id: defaultTermId, name: "Default" });
    expect((await submit(student, s)).statusCode).toBe(409);

    await inTerm({}, async (term) => {
      const fresh = await submit(student, s);
      expect(fresh.statusCode).toBe(201);
      expect(fresh.json().proposal.term).toMatchObject({ id: term.id, name: term.name });
      const list = async (user: TestUser, query = "") =>
        (await t.app.inject({ method: "GET", url: `/api/proposals${query}`, headers: sessionHeaders(user) }))
          .json()
          .items.map((p: { id: string }) => p.id);
      const ids = { old: old.json().proposal.id, fresh: fresh.json().proposal.id };
      expect(await list(student)).toEqual([ids.fresh]);
      expect(await list(student, `?termId=${defaultTermId}`)).toEqual([ids.old]);
      expect(await list(student, "?termId=all")).toEqual([ids.fresh, ids.old]);
      expect(await list(s.supervisor)).toEqual([ids.fresh]);
      expect(await list(s.supervisor, "?termId=all")).toEqual([ids.fresh, ids.old]);
      const bad = await t.app.inject({
        method: "GET",
        url: "/api/proposals?termId=spring",
        headers: sessionHeaders(student),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.termId).toBe("Term must be a term's id or all.");

      const dash = async (query = "") =>
        (
          await t.app.inject({
            method: "GET",
            url: `/api/supervisor/dashboard${query}`,
            headers: sessionHeaders(s.supervisor),
          })
        ).json().counts.totalGroups;
      expect(await dash()).toBe(1);
      expect(await dash("?termId=all")).toBe(2);
      const committeeDash = async (query = "") =>
        (
          await t.app.inject({
            method: "GET",
            url: `/api/committee/dashboard${query}`,
            headers: sessionHeaders(committee),
          })
        ).json().proposals.total;
      expect(await committeeDash()).toBe(1);
      expect(await committeeDash("?termId=all")).toBeGreaterThan(1);
      const csv = await t.app.inject({
        method: "GET",
        url: `/api/exports/proposals.csv?termId=${term.id}`,
        headers: sessionHeaders(committee),
      });
      expect(csv.body.trim().split("\n")).toHaveLength(2);
    });
  });
});

describe("review due", () => {
  it("a Pending proposal is due reviewDueDays after it became Pending; the dashboard counts it Overdue after", async () => {
    const s = await supervisorWithCell();
    clock = new Date("2027-01-10T12:00:00Z");
    await inTerm({ reviewDueDays: 3 }, async (term) => {
      const res = await submit(await makeStudent(t), s);
      expect(res.json().proposal.reviewDueAt).toBe("2027-01-13T12:00:00.000Z");
      const overdue = async () =>
        (
          await t.app.inject({
            method: "GET",
            url: "/api/supervisor/dashboard",
            headers: sessionHeaders(s.supervisor),
          })
        ).json().counts.overdueGroups;
      clock = new Date("2027-01-13T11:59:59Z");
      expect(await overdue()).toBe(0);
      clock = new Date("2027-01-13T12:00:01Z");
      expect(await overdue()).toBe(1);
      // The committee sees it too: on its dashboard and in the supervisor's load.
      const dash = await t.app.inject({
        method: "GET",
        url: "/api/committee/dashboard",
        headers: sessionHeaders(committee),
      });
      expect(dash.json().proposals.overdue).toBe(1);
      const load = await t.app.inject({
        method: "GET",
        url: `/api/terms/${term.id}/load`,
        headers: sessionHeaders(committee),
      });
      expect(
        load.json().items.find((r: { supervisorId: string }) => r.supervisorId === s.supervisor.id),
      ).toMatchObject({ used: 1, overdue: 1 });
      const review = await t.app.inject({
        method: "POST",
        url: `/api/proposals/${res.json().proposal.id}/review`,
        headers: sessionHeaders(s.supervisor),
        payload: { status: "Approved", feedback: "" },
      });
      expect(review.json().proposal.reviewDueAt).toBeNull();
      expect(await overdue()).toBe(0);
    });
    clock = new Date("2027-01-10T12:00:00Z");
  });

  it("the daily digest emails each supervisor their overdue reviews once, at the digest hour, catching up a missed day", async () => {
    const s = await supervisorWithCell();
    const other = await supervisorWithCell();
    clock = new Date("2027-04-01T10:00:00Z");
    const titles: string[] = [];
    await inTerm({ reviewDueDays: 1 }, async () => {
      for (let i = 0; i < 2; i++) {
        const res = await submit(await makeStudent(t), s);
        titles.push(res.json().proposal.title);
      }
      await submit(await makeStudent(t), other);
    });
    // The other supervisor reviewed theirs in time.
    const digests = async (userId: string) =>
      await t.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.userId} = ${userId} and kind = 'reviews.overdue'`);
    await t.database.db.execute(
      sql`update proposals set status = 'Approved' where supervisor_id = ${other.supervisor.id}`,
    );
    // Due on 2 April 10:00 UTC; the digest runs at 07:00 Berlin (05:00 UTC): not yet on the 2nd.
    await t.database.db.execute(
      sql`update scheduled_jobs set next_run_at = '2027-04-02T05:00:00Z' where name = 'review-digest'`,
    );
    clock = new Date("2027-04-02T05:00:00Z");
    expect(await t.app.scheduler.runDue()).toContain("review-digest");
    expect(await digests(s.supervisor.id)).toHaveLength(0);
    // The server was down on the 3rd at 07:00; it starts on the 3rd at noon and catches up, once.
    clock = new Date("2027-04-03T11:00:00Z");
    const [a, b] = await Promise.all([t.app.scheduler.runDue(), t.app.scheduler.runDue()]);
    expect([...a, ...b].filter((n) => n === "review-digest")).toHaveLength(1);
    const sent = await digests(s.supervisor.id);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe("2 reviews are overdue");
    for (const title of titles)
      expect(sent[0].body).toContain(`"${title}" (due 2 April 2027, 12:00 (Europe/Berlin))`);
    expect(await digests(other.supervisor.id)).toHaveLength(0);
    // Delivered through SMTP: once to that supervisor, never to the one who reviewed in time.
    await t.app.outbox.drain();
    const to = (email: string) => inbox.filter((m) => m.to.includes(email) && m.raw.includes("overdue"));
    expect(to(s.supervisor.email)).toHaveLength(1);
    expect(to(s.supervisor.email)[0].raw).toContain("2 reviews are overdue");
    expect(to(other.supervisor.email)).toHaveLength(0);
    expect(await t.app.scheduler.runDue()).not.toContain("review-digest");
    const next = await selectRows<{ next_run_at: string }>(
      t.database.db,
      sql`select next_run_at from scheduled_jobs where name = 'review-digest'`,
    );
    expect(new Date(next[0].next_run_at).toISOString()).toBe("2027-04-04T05:00:00.000Z");
    clock = new Date("2027-01-10T12:00:00Z");
  });
});
