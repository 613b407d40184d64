import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  login,
  logout,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
} from "./support/harness";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("accounts in the browser", () => {
  it("shows the landing page with log in and register links", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/");
    // The page is a lazy chunk: wait for its links rather than checking at once.
    await page.getByRole("link", { name: "Log in" }).first().waitFor();
    await page
      .getByRole("link", { name: /Register/ })
      .first()
      .waitFor();
    await screenshot(page, "landing");
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await context.close();
  });

  it("register → greeting → reload keeps the session → logout", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Rosalind Franklin");
    await page.getByRole("heading", { name: "Hi Rosalind Franklin, welcome to ThesisDesk!" }).waitFor();
    await screenshot(page, "student-dashboard");
    await page.reload();
    await page.getByRole("heading", { name: "Hi Rosalind Franklin, welcome to ThesisDesk!" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/student/dashboard");
    await logout(page);
    await page.getByText("Logged out successfully.").waitFor();
    // The session is gone on the server: the dashboard now asks for a login.
    await page.goto("/student/dashboard");
    await page.waitForURL("**/login?next=*");
    expect(s.email).toContain("@");
    await context.close();
  });

  it("a committee account made with the CLI logs in; data and sessions survive a restart", async () => {
    const { context, page } = await newPage(browser, server.url);
    await registerStudent(page, "Survivor Student");
    // PGlite is one process per folder, so the CLI refuses while the server runs; stop it first
    // (SIGTERM: a graceful shutdown that must leave the embedded database intact).
    if (!server.env.DATABASE_URL) {
      const refused = server.cli(
        "create-user",
        "--role",
        "committee",
        "--name",
        "X",
        "--email",
        "x@uni.example",
        "--password",
        "committee-pass-1",
      );
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain("in use by another process");
    }
    await server.stopProcess();
    const r = server.cli(
      "create-user",
      "--role",
      "committee",
      "--name",
      "Grace Hopper",
      "--email",
      "grace@uni.example",
      "--password",
      "committee-pass-1",
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    await server.startProcess();

    // The student's session outlived the restart.
    await page.reload();
    await page.getByRole("heading", { name: "Hi Survivor Student, welcome to ThesisDesk!" }).waitFor();

    const committee = await newPage(browser, server.url);
    await committee.page.goto("/login");
    await screenshot(committee.page, "login");
    await login(committee.page, "grace@uni.example", "committee-pass-1");
    await committee.page.waitForURL("**/committee/dashboard");
    await committee.page.getByRole("heading", { name: /Welcome, Grace Hopper/ }).waitFor();
    await screenshot(committee.page, "committee-dashboard");
    await committee.context.close();
    await context.close();
  });

  it("a student opening a committee page lands on their own dashboard", async () => {
    const { context, page } = await newPage(browser, server.url);
    await registerStudent(page);
    await page.goto("/committee/all-teachers");
    await page.waitForURL("**/student/dashboard");
    await context.close();
  });

  it("a signed-out visit to /student/profile goes to /login and back after login", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page);
    await logout(page);
    await page.goto("/student/profile");
    await page.waitForURL("**/login?next=%2Fstudent%2Fprofile");
    await login(page, s.email, s.password);
    await page.waitForURL("**/student/profile");
    await context.close();
  });

  it("a wrong password shows 'Invalid email or password.'", async () => {
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/login");
    await login(page, "nobody@uni.example", "wrong-password");
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});
