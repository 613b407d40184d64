import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectEvents } from "../server/src/test/sse";
import { type RunningServer, startServer } from "./support/harness";

/** Two servers on one PostgreSQL, as behind a load balancer. PGlite is one process per folder. */
const onPostgres = !!process.env.TEST_DATABASE_URL;

let a: RunningServer;
let b: { url: string; stop: () => Promise<void> };

async function login(url: string, email: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "thesisdesk-demo" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe.runIf(onPostgres)("two instances, one database", () => {
  beforeAll(async () => {
    a = await startServer({}, { demo: true });
    b = await a.startSibling();
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it("a session made on A works on B, and a notice sent through A reaches a student connected to B", async () => {
    // Demo data: Prof. Leila Haddad supervises the approved group of Omar, Sofia and Arif; Tanvir is in another group.
    const supervisor = await login(a.url, "leila.haddad@demo.example.edu");
    const member = await login(a.url, "omar.farouk@demo.example.edu");
    const outsider = await login(a.url, "tanvir.hasan@demo.example.edu");

    const me = await fetch(`${b.url}/api/me`, { headers: { cookie: member } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.name).toBe("Omar Farouk");

    const memberStream = await connectEvents(b.url, member);
    const outsiderStream = await connectEvents(b.url, outsider);
    try {
      const groups = await (
        await fetch(`${a.url}/api/proposals?status=Approved`, { headers: { cookie: supervisor } })
      ).json();
      const group = groups.items.find(
        (p: { title: string }) => p.title === "An accessible campus navigation app",
      );
      expect(group).toBeTruthy();
      const sent = await fetch(`${a.url}/api/notices`, {
        method: "POST",
        headers: { cookie: supervisor, "content-type": "application/json" },
        body: JSON.stringify({
          proposalId: group.id,
          title: "Across instances",
          description: "Sent through A.",
        }),
      });
      expect(sent.status).toBe(201);
      const event = await memberStream.waitFor((e) => e.type === "notice.sent");
      expect(event).toMatchObject({ type: "notice.sent", title: "Across instances" });
      await new Promise((r) => setTimeout(r, 500));
      expect(outsiderStream.received.some((e) => e.type === "notice.sent")).toBe(false);
    } finally {
      memberStream.close();
      outsiderStream.close();
    }
  });
});
