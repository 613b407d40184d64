import type { Browser, Page } from "playwright-core";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkToken, mailText } from "../server/src/test/mail";
import { OIDC_CLIENT, type OidcProvider, STUDENT_ID_CLAIM, startOidcProvider } from "../server/src/test/oidc";
import { type Received, startSmtp } from "../server/src/test/smtp";
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
  uniqueTag,
} from "./support/harness";

/**
 * Accounts for a whole department in the browser (DESIGN.md §12): forgot and reset password,
 * CSV import with the emailed link, deactivation, single sign-on through a real OpenID provider
 * (oidc-provider, started here), and Download my data. Emails go through a real SMTP server.
 */

let server: RunningServer;
let browser: Browser;
let smtp: SMTPServer;
let idp: OidcProvider;
const inbox: Received[] = [];
const COMMITTEE = { name: "Katherine Johnson", email: "katherine@uni.example", password: "committee-pass-1" };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

beforeAll(async () => {
  const smtpPort = await freePort();
  smtp = await startSmtp(smtpPort, inbox);
  const port = await freePort();
  idp = await startOidcProvider([`http://127.0.0.1:${port}/api/auth/callback/oidc`]);
  server = await startServer({
    PORT: String(port),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: OIDC_CLIENT.id,
    OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
    OIDC_NAME: "Uni Login",
    OIDC_STUDENT_ID_CLAIM: STUDENT_ID_CLAIM,
    ALLOWED_EMAIL_DOMAINS: "uni.example",
  });
  // PGlite allows one process per folder: the CLI runs while the server is stopped.
  await server.stopProcess();
  const r = server.cli(
    "create-user",
    "--role",
    "committee",
    "--name",
    COMMITTEE.name,
    "--email",
    COMMITTEE.email,
    "--password",
    COMMITTEE.password,
  );
  if (r.status !== 0) throw new Error(r.stderr);
  await server.startProcess();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** The newest email to `to`, once the outbox has sent it. */
async function mailTo(to: string, count = 1): Promise<string> {
  await expect
    .poll(() => inbox.filter((m) => m.to.includes(to)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return mailText(inbox.filter((m) => m.to.includes(to)).at(-1)!);
}

/** The path (and query) of the password link in an email. */
const linkPath = (mail: string) =>
  `/reset-password?token=${encodeURIComponent(linkToken(mail))}${mail.includes("welcome=1") ? "&welcome=1" : ""}`;

/** Screenshots of the page at a desktop and a phone size (e2e/.artifacts). */
async function shots(page: Page, name: string) {
  // Past Mantine's transitions (a modal fades in), so the picture shows the screen at rest.
  const settle = () => page.waitForTimeout(400);
  await page.setViewportSize(DESKTOP);
  await settle();
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await settle();
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

async function signInCommittee(page: Page) {
  await page.goto("/login");
  await login(page, COMMITTEE.email, COMMITTEE.password);
  await page.waitForURL("**/committee/dashboard");
}

describe("accounts for a whole department in the browser", () => {
  it("forgot password: the emailed link sets a new password, signs in, and works only once", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Forgetful Student");
    // Registration accepts only the department's domain; the harness's addresses are at it.
    expect(s.email.endsWith("@uni.example")).toBe(true);
    await logout(page);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await shots(page, "forgot-password");
    await page.getByRole("textbox", { name: "Email" }).fill(s.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your email").waitFor();
    const mail = await mailTo(s.email);
    expect(mail).toContain("Reset your ThesisDesk password");

    await page.goto(linkPath(mail));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await shots(page, "reset-password");
    await page.getByLabel(/^New password/).fill("a-new-password-1");
    await page.getByLabel(/^Repeat the new password/).fill("a-new-password-1");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.waitForURL("**/student/dashboard");
    await page.getByText("Your password is set, and you are logged in.").waitFor();

    // The old password no longer works; the new one does; the link is spent.
    await logout(page);
    await page.goto("/login");
    await login(page, s.email, s.password);
    await page.getByText("Invalid email or password.").waitFor();
    await login(page, s.email, "a-new-password-1");
    await page.waitForURL("**/student/dashboard");
    await logout(page);
    // A spent link says so when it opens (issue 30), before anything is typed.
    await page.goto(linkPath(mail));
    await page.getByRole("alert").filter({ hasText: "This password link is not valid" }).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).waitFor();
    expect(await page.getByRole("button", { name: "Set password" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("import: the committee checks a CSV, sees each row's result, imports, and a new student sets a password from the email", async () => {
    const { context, page } = await newPage(browser, server.url);
    await signInCommittee(page);
    await page.getByRole("navigation").getByRole("link", { name: "All Students" }).click();
    await page.getByRole("link", { name: "Import CSV" }).click();
    await page.getByRole("heading", { name: "Import students" }).waitFor();
    await shots(page, "import-empty");

    const tag = uniqueTag("im");
    const rows = Array.from(
      { length: 120 },
      (_, i) => `Imported ${i} ${tag},${tag}.${i}@uni.example,${tag.toUpperCase()}-${i}`,
    );
    const bad = [
      "name,email,studentId",
      ...rows,
      `Outsider ${tag},${tag}@gmail.com,${tag.toUpperCase()}-X`,
    ].join("\n");
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: "students.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("1 error", { exact: true }).waitFor();
    const table = page.getByRole("table", { name: "Rows of the file of students" });
    await table
      .getByRole("row", { name: new RegExp(`Outsider ${tag}`) })
      .getByText("Only email addresses at uni.example can be used.")
      .waitFor();
    await expect.poll(() => page.getByRole("button", { name: "Import 120 people" }).isDisabled()).toBe(true);
    await shots(page, "import-checked-errors");

    // The file without its bad line: every row new, then imported at once.
    const good = ["name,email,studentId", ...rows].join("\n");
    await fileInput.setInputFiles({ name: "students.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("120 new").waitFor();
    await shots(page, "import-checked");
    await page.getByRole("button", { name: "Import 120 people" }).click();
    await page.getByText("120 people were imported and sent a link to set a password.").waitFor();
    await shots(page, "import-done");
    await page.getByRole("link", { name: "Open All Students" }).click();
    await page.getByRole("textbox", { name: "Search" }).fill(`${tag}.7`);
    await page.getByRole("main").getByText(`${tag}.7@uni.example`).waitFor();
    await context.close();

    // The imported student's email: choose a password, and be signed in.
    const student = await newPage(browser, server.url);
    const mail = await mailTo(`${tag}.7@uni.example`);
    expect(mail).toContain(`${COMMITTEE.name} created a student account for you`);
    await student.page.goto(linkPath(mail));
    await student.page.getByRole("heading", { name: "Choose your password" }).waitFor();
    await student.page.getByLabel(/^New password/).fill("imported-pass-1");
    await student.page.getByLabel(/^Repeat the new password/).fill("imported-pass-1");
    await student.page.getByRole("button", { name: "Set password" }).click();
    await student.page.waitForURL("**/student/dashboard");
    await student.page.getByRole("heading", { name: new RegExp(`Imported 7 ${tag}`) }).waitFor();
    await student.context.close();
  });

  it("deactivation: the person's open session ends at once, sign-in is refused with a message; reactivation lets them back", async () => {
    const student = await newPage(browser, server.url);
    const s = await registerStudent(student.page, `Leaving Student ${uniqueTag("d")}`);
    const { context, page } = await newPage(browser, server.url);
    await signInCommittee(page);
    await page.getByRole("navigation").getByRole("link", { name: "All Students" }).click();
    await page.getByRole("textbox", { name: "Search" }).fill(s.studentId);
    await page.getByRole("button", { name: `Actions for ${s.name}` }).click();
    await page.getByRole("menuitem", { name: "Deactivate" }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate ${s.name}?` });
    await dialog.getByText("No active proposals").waitFor();
    await shots(page, "deactivate-modal");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await page.getByText(`${s.name} was deactivated and signed out everywhere.`).waitFor();
    await page
      .getByRole("row", { name: new RegExp(s.name) })
      .getByText("Inactive")
      .waitFor();
    await shots(page, "all-students-inactive");

    // The student's browser: the next page asks for a login, and the login says why it fails.
    await student.page.goto("/student/proposal-status");
    await student.page.waitForURL("**/login?next=*");
    await login(student.page, s.email, s.password);
    await student.page
      .getByText("This account has been deactivated. Please contact the committee.")
      .waitFor();

    await page.getByRole("button", { name: `Actions for ${s.name}` }).click();
    await page.getByRole("menuitem", { name: "Reactivate" }).click();
    await page.getByText(`${s.name} can sign in again.`).waitFor();
    await login(student.page, s.email, s.password);
    await student.page.waitForURL("**/student/proposal-status");
    await student.context.close();
    await context.close();
  });

  it("single sign-on: 'Sign in with Uni Login' goes through the provider and makes a student; an unverified email is refused", async () => {
    const tag = uniqueTag("sso");
    idp.people.set(tag, {
      email: `${tag}@uni.example`,
      email_verified: true,
      name: `Sso Student ${tag}`,
      student_number: tag.toUpperCase(),
    });
    const { context, page } = await newPage(browser, server.url);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Uni Login" }).waitFor();
    await shots(page, "login-with-sso");
    await page.getByRole("button", { name: "Sign in with Uni Login" }).click();
    // The provider's own sign-in and consent pages (oidc-provider's development pages).
    await page.waitForURL(`${idp.issuer}/**`);
    await page.locator('input[name="login"]').fill(tag);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL("**/student/dashboard");
    await page.getByRole("heading", { name: new RegExp(`Sso Student ${tag}`) }).waitFor();
    await page.goto("/student/profile");
    await page
      .getByRole("textbox", { name: "Email" })
      .and(page.locator(`[value="${tag}@uni.example"]`))
      .waitFor();
    await context.close();

    // A fresh browser (the provider would remember the last person): an unverified address.
    const unverified = uniqueTag("uv");
    idp.people.set(unverified, {
      email: `${unverified}@uni.example`,
      email_verified: false,
      name: "Unverified",
    });
    const other = await newPage(browser, server.url);
    await other.page.goto("/login");
    await other.page.getByRole("button", { name: "Sign in with Uni Login" }).click();
    await other.page.waitForURL(`${idp.issuer}/**`);
    await other.page.locator('input[name="login"]').fill(unverified);
    await other.page.locator('input[name="password"]').fill("anything");
    await other.page.getByRole("button", { name: "Sign-in" }).click();
    await other.page.getByRole("button", { name: "Continue" }).click();
    await other.page.waitForURL("**/login?error=*");
    await other.page.getByRole("alert").filter({ hasText: "email address is not verified" }).waitFor();
    await shots(other.page, "login-sso-refused");
    await other.context.close();
  });

  it("Profile → Download my data gives a JSON file of the caller's own data", async () => {
    const { context, page } = await newPage(browser, server.url);
    const s = await registerStudent(page, "Curious Student");
    await page.goto("/student/profile");
    await page.getByRole("heading", { name: "Your data" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^thesisdesk-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse((await import("node:fs")).readFileSync(file!, "utf8"));
    expect(data.account).toMatchObject({ email: s.email, name: "Curious Student", role: "student" });
    await context.close();
  });
});
