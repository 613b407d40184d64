import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkToken, mailText } from "../server/src/test/mail";
import { type Received, startSmtp } from "../server/src/test/smtp";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import {
  freePort,
  launchBrowser,
  login,
  logout,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
} from "./support/harness";

/**
 * Issue 30, items 7 and 10, in the browser at a desktop and a phone size:
 * - a session that ends while a page is open (a new password on another device, a deactivation,
 *   a cookie gone) sends the page to the login page with the reason, and back after signing in;
 *   `next` never leaves the site;
 * - the login form focuses its email field and takes the typed email to "Forgot password?";
 *   a used password link says so when it opens.
 * axe scans every screen this touches; any uncaught page error fails the test (support/page-errors.ts).
 */

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
const inbox: Received[] = [];
const reports: A11yReport[] = [];
const COMMITTEE = { name: "Mary Jackson", email: "mary@uni.example", password: "committee-pass-1" };

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = await startSmtp(smtpPort, inbox);
  server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
  // PGlite allows one process per folder: the CLI runs while the server is stopped.
  await server.stopProcess();
  const r = server.cli(
    "create-user",
    ...["--role", "committee", "--name", COMMITTEE.name, "--email", COMMITTEE.email],
    ...["--password", COMMITTEE.password],
  );
  if (r.status !== 0) throw new Error(r.stderr);
  await server.startProcess();
  browser = await launchBrowser();
});
afterAll(async () => {
  writeReports(reports, "a11y-session-end.txt");
  await browser?.close();
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

function report(title: string) {
  const r = new A11yReport(title);
  reports.push(r);
  return r;
}
const expectClean = (r: A11yReport) => expect(r.failing(), r.format("failing")).toEqual([]);

/** The signed-in person's API, from another device (its own cookies; the site's Origin). */
async function elsewhere(email: string, password: string) {
  const { context } = await newPage(browser, server.url, {
    extraHTTPHeaders: { origin: server.url },
  });
  const res = await context.request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** Opens a screen from the sidebar as a person does (behind the burger on a phone). */
async function openFromNav(page: Page, label: string) {
  const burger = page.locator(".mantine-Burger-root");
  if (await burger.isVisible()) await burger.click();
  await page.getByRole("navigation").getByRole("link", { name: label, exact: true }).click();
}

/** The login page the open page was sent to: its reason, the page to come back to, the email focused. */
async function expectSentToLogin(page: Page, next: string | string[], reason: string, words: string) {
  await page.waitForURL((u) => u.pathname === "/login");
  const url = new URL(page.url());
  expect([next].flat()).toContain(url.searchParams.get("next"));
  expect(url.searchParams.get("reason")).toBe(reason);
  await page.getByRole("status").filter({ hasText: words }).waitFor();
  await expect
    .poll(() => page.getByRole("textbox", { name: "Email" }).evaluate((el) => el === document.activeElement))
    .toBe(true);
  // Not the failures of the screens it left.
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
}

describe("a session that ends while a page is open", () => {
  for (const vp of VIEWPORTS) {
    it(`a new password set on another device @ ${vp.name}: to the login page with the reason, and back`, async () => {
      const r = report(`session ended @ ${vp.name}`);
      const { context, page } = await newPage(browser, server.url, vp.options);
      const s = await registerStudent(page, "Paula Password");
      await page.getByRole("heading", { name: /Hi Paula Password/ }).waitFor();
      // On another device the same person changes the password: every other session ends.
      const other = await elsewhere(s.email, s.password);
      const changed = await other.request.post("/api/me/password", {
        data: { currentPassword: s.password, newPassword: "a-new-password-1" },
      });
      expect(changed.status(), await changed.text()).toBe(200);

      await openFromNav(page, "Notices");
      await expectSentToLogin(page, "/student/notices", "session-ended", MSG.sessionEnded);
      await screenshot(page, `session-ended-login-${vp.name.split(" ")[0]}`);
      await r.check(page, "Log in, the session ended", vp.name);

      await login(page, s.email, "a-new-password-1");
      await page.waitForURL((u) => u.pathname === "/student/notices");
      await page.getByRole("heading", { level: 1 }).waitFor();
      await other.close();
      await context.close();
      expectClean(r);
    });
  }

  it("a deactivation: the reason, and logging in then says the account is deactivated", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Dora Deactivated");
    await page.goto("/student/proposal-status");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const { user } = await (await context.request.get("/api/me")).json();
    const committee = await elsewhere(COMMITTEE.email, COMMITTEE.password);
    const deactivated = await committee.request.post(`/api/users/${user.id}/deactivate`);
    expect(deactivated.status(), await deactivated.text()).toBe(200);

    await openFromNav(page, "Dashboard");
    await expectSentToLogin(page, "/student/dashboard", "session-ended", MSG.sessionEnded);
    await login(page, s.email, s.password);
    await page.getByRole("alert").filter({ hasText: MSG.accountDeactivated }).waitFor();
    await committee.close();
    await context.close();
  });

  it("the session cookie gone (expired in the browser): the reason says the person was signed out", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Ezra Expired");
    await openFromNav(page, "Profile");
    // On the Profile page itself (the dashboard has a heading too, and a role's screens load lazily).
    await page.waitForURL((u) => u.pathname === "/student/profile");
    await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
    await context.clearCookies();
    // The page's next request finds the session gone: opening a screen not seen yet, or the
    // unread count it asks for every 30 seconds, whichever comes first.
    await Promise.race([
      openFromNav(page, "Research Cell Info").catch(() => undefined),
      page.waitForURL((u) => u.pathname === "/login"),
    ]);
    await expectSentToLogin(
      page,
      ["/student/research-cell-info", "/student/profile"],
      "signed-out",
      MSG.signedOutElsewhere,
    );
    const next = new URL(page.url()).searchParams.get("next")!;
    await login(page, s.email, s.password);
    await page.waitForURL((u) => u.pathname === next);
    await context.close();
  });

  it("Logout lands on the landing page even while its code is still on its way", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Lena Leaving");
    await logout(page);
    // A fresh page on /login has not loaded the landing page's code; make it slow to come.
    await page.goto("/login");
    await login(page, s.email, s.password);
    await page.waitForURL((u) => u.pathname === "/student/dashboard");
    await page.route(/\/assets\/landing-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("link", { name: "Register" }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("after signing in, `next` leads only to a page of this site", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Nora Next");
    await logout(page);
    for (const next of ["//evil.example/", "/\t/evil.example/", "https://evil.example/", "/\\evil.example"]) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await login(page, s.email, s.password);
      await page.waitForURL((u) => u.pathname === "/student/dashboard");
      expect(new URL(page.url()).origin).toBe(server.url);
      await logout(page);
    }
    await context.close();
  });
});

/** The newest email to `to`, once the outbox has sent it. */
async function mailTo(to: string): Promise<string> {
  await expect
    .poll(() => inbox.filter((m) => m.to.includes(to)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  return mailText(inbox.filter((m) => m.to.includes(to)).at(-1)!);
}

describe("logging in, and a forgotten password", () => {
  for (const vp of VIEWPORTS) {
    it(`the email field is focused and follows to Forgot password; a used link says so when it opens @ ${vp.name}`, async () => {
      const r = report(`login and reset @ ${vp.name}`);
      const { context, page } = await newPage(browser, server.url, vp.options);
      const s = await registerStudent(page, "Fern Forgetful");
      await logout(page);

      await page.goto("/login");
      const email = page.getByRole("textbox", { name: "Email" });
      await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
      await r.check(page, "Log in", vp.name);
      await page.keyboard.type(s.email);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(s.email);
      // In the history entry, not in the address.
      expect(page.url()).not.toContain(encodeURIComponent(s.email));
      await r.check(page, "Forgot password, email carried over", vp.name);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByText("Check your email").waitFor();
      const link = `/reset-password?token=${encodeURIComponent(linkToken(await mailTo(s.email)))}`;

      // A working link: the form, ready.
      await page.goto(link);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await expect.poll(() => page.getByRole("button", { name: "Set password" }).isEnabled()).toBe(true);
      expect(await page.getByRole("alert").count()).toBe(0);
      await r.check(page, "Reset password, a working link", vp.name);
      await page.getByLabel(/^New password/).fill("fern-new-password");
      await page.getByLabel(/^Repeat the new password/).fill("fern-new-password");
      await page.getByRole("button", { name: "Set password" }).click();
      await page.waitForURL("**/student/dashboard");
      await logout(page);

      // The same link again: it says so at once, before anything is typed.
      await page.goto(link);
      await page.getByRole("alert").filter({ hasText: MSG.resetTokenInvalid }).waitFor();
      await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
      expect(await page.getByLabel(/^New password/).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Set password" }).isDisabled()).toBe(true);
      await screenshot(page, `reset-link-used-${vp.name.split(" ")[0]}`);
      await r.check(page, "Reset password, the link used", vp.name);
      await context.close();
      expectClean(r);
    });
  }
});
