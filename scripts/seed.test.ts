import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../server/src/db/client";
import { openTestDatabase } from "../server/src/test/app";
import { seedVolume, userCount } from "./lib/seed-core";

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const rows = async (q: ReturnType<typeof sql>) => {
  const res = (await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows;
};

describe("seedVolume", () => {
  it("loads volume that respects every rule", async () => {
    const result = await seedVolume(database.db, {
      students: 300,
      supervisors: 12,
      cells: 4,
      proposals: 400,
      noticesPerGroup: 1,
      messagesPerGroup: 2,
      password: "seed-password",
      tag: "t1",
    });
    expect(result).toMatchObject({ students: 300, supervisors: 12, cells: 4, proposals: 400 });
    expect(await userCount(database.db)).toBe(312);

    // At most one active proposal per student.
    expect(
      await rows(sql`select user_id from proposal_members where active group by user_id having count(*) > 1`),
    ).toEqual([]);
    // Membership is active exactly when the proposal is Pending or Approved.
    expect(
      await rows(sql`select 1 from proposal_members m join proposals p on p.id = m.proposal_id
                     where m.active <> (p.status in ('Pending', 'Approved'))`),
    ).toEqual([]);
    // Every proposal's supervisor is assigned to its cell; groups have 1–3 students.
    expect(
      await rows(sql`select 1 from proposals p left join supervisor_cells sc
                     on sc.supervisor_id = p.supervisor_id and sc.research_cell_id = p.research_cell_id
                     where sc.supervisor_id is null`),
    ).toEqual([]);
    expect(
      await rows(
        sql`select proposal_id from proposal_members group by proposal_id having count(*) not between 1 and 3`,
      ),
    ).toEqual([]);
    // Reviewed proposals carry feedback, a review time and the reviewer.
    expect(
      await rows(
        sql`select 1 from proposals where status <> 'Pending' and (feedback is null or reviewed_at is null or reviewed_by is null)`,
      ),
    ).toEqual([]);
    // A thesis exactly for each Approved proposal (DESIGN.md §16), due 26 weeks after its start.
    expect(
      await rows(sql`select 1 from proposals p left join theses th on th.proposal_id = p.id
                     where (p.status = 'Approved') <> (th.id is not null)
                        or th.due_at <> th.started_at + interval '26 weeks'`),
    ).toEqual([]);
    // Notice recipients are the proposal's members.
    expect(
      await rows(sql`select 1 from notice_recipients r join notices n on n.id = r.notice_id
                     left join proposal_members m on m.proposal_id = n.proposal_id and m.user_id = r.user_id
                     where m.user_id is null`),
    ).toEqual([]);
  });
});
