import { MSG } from "@shared/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activity, users } from "../../db/schema";
import { createTestApp, PASSWORD, type TestContext, unique } from "../../test/app";
import { issueSetupToken } from "./setup.service";

/**
 * The first committee account (README, "First run"): made once, with the token the server
 * printed, and written to the activity log in the same transaction as the account.
 */

let t: TestContext;
const clock = new Date("2027-01-04T08:00:00Z");
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(async () => t?.close());

const setup = (token: string, name = "Ada Admin") =>
  t.app.inject({
    method: "POST",
    url: "/api/setup",
    payload: { token, name, email: `${unique("admin")}@example.edu`, password: PASSWORD },
  });

describe("POST /api/setup", () => {
  it("refuses a wrong token and keeps nothing; the right one makes the account once, and the log says who set up", async () => {
    const token = await issueSetupToken(t.database.db);
    expect(token).toBeTruthy();

    const wrong = await setup("not-the-token");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(MSG.setupTokenInvalid);
    expect(await t.database.db.select().from(users)).toEqual([]);
    expect(await t.database.db.select().from(activity)).toEqual([]);

    // A second server's token (each start-up prints its own) and the first: two at once, one account.
    const other = await issueSetupToken(t.database.db);
    // The loser is refused whichever check it meets first: the tokens are gone (403) or setup is done (409).
    const [a, b] = await Promise.all([setup(token!), setup(other!, "Bo Admin")]);
    const [won, lost] = a.statusCode === 201 ? [a, b] : [b, a];
    expect(won.statusCode, won.body).toBe(201);
    expect([403, 409]).toContain(lost.statusCode);
    const winner = won.json().user;
    expect(winner.role).toBe("committee");

    const committee = await t.database.db.select().from(users).where(eq(users.role, "committee"));
    expect(committee.map((u) => u.id)).toEqual([winner.id]);
    const log = await t.database.db.select().from(activity);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorId: winner.id,
      kind: "account",
      action: "setup",
      subjectId: winner.id,
      subjectName: winner.name,
      at: clock,
    });

    // Setup is over: no new token, and a late attempt is refused without a trace.
    expect(await issueSetupToken(t.database.db)).toBeNull();
    const late = await setup(token!);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(MSG.setupDone);
    expect(await t.database.db.select().from(activity)).toHaveLength(1);
  });
});
