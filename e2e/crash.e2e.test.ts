import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../server/src/db/client";
import { type RunningServer, startServer } from "./support/harness";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({}, { demo: true });
});
afterAll(async () => server?.stop());

async function register(i: number) {
  const tag = `crash${Date.now().toString(36)}${i}`;
  const res = await fetch(`${server.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Crash Student ${i}`,
      email: `${tag}@uni.example`,
      studentId: tag.toUpperCase(),
      password: "crash-pass-1",
    }),
  });
  expect(res.status).toBe(201);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("a server killed in the middle of a burst of submissions", () => {
  it("keeps every submission it answered 201, whole, and nothing half-written", async () => {
    const cookies = await Promise.all(Array.from({ length: 60 }, (_, i) => register(i)));
    const cells = await (
      await fetch(`${server.url}/api/research-cells?include=supervisors`, { headers: { cookie: cookies[0] } })
    ).json();
    const cell = cells.items.find((c: { supervisors?: unknown[] }) => (c.supervisors ?? []).length > 0);
    const supervisorId = cell.supervisors[0].id;

    const accepted: { id: string; title: string; cookie: string }[] = [];
    let answered = 0;
    const burst = cookies.map(async (cookie, i) => {
      const title = `Crash-safe proposal ${i}`;
      try {
        const res = await fetch(`${server.url}/api/proposals`, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify({
            title,
            abstract: "Written during a crash.",
            type: "Thesis",
            researchCellId: cell.id,
            supervisorId,
            memberIds: [],
          }),
        });
        answered++;
        if (res.status === 201) accepted.push({ id: (await res.json()).proposal.id, title, cookie });
      } catch {
        /* the connection died with the server: not acknowledged */
      }
    });
    // Kill once some (not all) have been answered.
    while (answered < 5) await new Promise((r) => setTimeout(r, 2));
    await server.killProcess();
    await Promise.all(burst);
    expect(accepted.length).toBeGreaterThan(0);

    await server.startProcess();
    for (const p of accepted) {
      const res = await fetch(`${server.url}/api/proposals/${p.id}`, { headers: { cookie: p.cookie } });
      expect(res.status).toBe(200);
      const { proposal } = await res.json();
      expect(proposal.title).toBe(p.title);
      expect(proposal.status).toBe("Pending");
      expect(proposal.members).toHaveLength(1);
    }

    // Nothing half-written: no proposal without its creator as a member, no member without a proposal.
    await server.stopProcess();
    const database = server.env.DATABASE_URL
      ? await openDatabase({ databaseUrl: server.env.DATABASE_URL })
      : await openDatabase({ pgliteDir: path.join(server.env.DATA_DIR!, "pglite") });
    try {
      const orphans = (await database.db.execute(sql`
        select p.id from proposals p
        left join proposal_members m on m.proposal_id = p.id and m.user_id = p.created_by and m.position = 0
        where m.proposal_id is null`)) as unknown as { rows: unknown[] };
      expect(orphans.rows).toEqual([]);
    } finally {
      await database.close();
    }
    await server.startProcess();
  });
});
