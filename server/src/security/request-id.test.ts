import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../test/app";

/** A client's x-request-id is used only as a short token of safe characters (issue 28, item 10d). */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("x-request-id", () => {
  it("answers a client's safe token as the request's id, on success and on error", async () => {
    for (const id of ["abc-123", "trace.ID:7_x-Z", "a".repeat(64)]) {
      for (const url of ["/api/health", "/api/no-such-route", "/api/me"]) {
        const res = await t.app.inject({ method: "GET", url, headers: { "x-request-id": id } });
        expect(res.headers["x-request-id"], `${url} ${id}`).toBe(id);
      }
    }
  });

  it("replaces anything else with an id of its own", async () => {
    for (const id of [
      "",
      "a".repeat(65),
      "<script>alert(1)</script>",
      "has space",
      'quote"d',
      "naïve",
      "evil\u202Etxt",
      "ansi\u001b[31m",
      '{"json":1}',
      "a/b",
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": id } });
      expect(res.headers["x-request-id"], JSON.stringify(id)).toMatch(UUID);
    }
    // Two of the header: not one token.
    const twice = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": ["abc", "def"] },
    });
    expect(twice.headers["x-request-id"]).toMatch(UUID);
    // None: a new one each time.
    const [a, b] = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/health" }),
      t.app.inject({ method: "GET", url: "/api/health" }),
    ]);
    expect(a.headers["x-request-id"]).toMatch(UUID);
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });
});
