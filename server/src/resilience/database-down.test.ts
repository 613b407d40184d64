import { randomBytes } from "node:crypto";
import { MSG } from "@shared/messages";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { testConfig } from "../test/app";
import { startTcpProxy } from "../test/tcp-proxy";

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("when PostgreSQL goes away and comes back", () => {
  const name = `thesisdesk_test_${randomBytes(6).toString("hex")}`;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(serverUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(serverUrl!);
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: viaProxy.toString(), poolSize: 4 });
    app = await buildApp({ config: testConfig(), database, logger: false, clientDir: "/nonexistent" });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("answers 503 with a clear message while it is down, and recovers by itself", async () => {
    const login = () =>
      app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "nobody@example.edu", password: "whatever-1" },
      });
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(401);

    await proxy.down();
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: "unavailable", database: "down" });
    const refused = await login();
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toEqual({ code: "SERVICE_UNAVAILABLE", message: MSG.databaseDown });
    expect(refused.body).not.toMatch(/ECONNREFUSED|Connection terminated|at .*\.ts/);

    await proxy.up();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await app.inject({ method: "GET", url: "/api/health" })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await login()).statusCode).toBe(401);
  });
});
