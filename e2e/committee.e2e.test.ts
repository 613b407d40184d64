import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
  uniqueTag,
} from "./support/harness";

let server: RunningServer;
let browser: Browser;
const COMMITTEE = { name: "Katherine Johnson", email: "katherine@uni.example", password: "committee-pass-1" };

beforeAll(async () => {
  server = await startServer();
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
});

/** Waits for a notification with exactly this text, then closes it so the next one is fresh. */
async function notification(page: Page, text: string) {
  const n = page.locator(".mantine-Notification-root").filter({ hasText: text }).first();
  await n.waitFor();
  expect((await n.textContent())?.trim()).toBe(text);
  // A click during the toast's entering transition can be lost: try again until it is gone.
  for (let attempt = 0; ; attempt++) {
    await n
      .getByRole("button")
      .click({ timeout: 2_000 })
      .catch(() => {});
    try {
      await n.waitFor({ state: "detached", timeout: 2_000 });
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
    }
  }
}

async function committeePage() {
  const { context, page } = await newPage(browser, server.url);
  await page.goto("/login");
  await login(page, COMMITTEE.email, COMMITTEE.password);
  await page.waitForURL("**/committee/dashboard");
  return { context, page };
}

async function nav(page: Page, label: string, path: string) {
  await page.getByRole("navigation").getByRole("link", { name: label }).click();
  await page.waitForURL(`**${path}`);
}

describe("committee in the browser", () => {
  it("adds a cell, adds a teacher, assigns them, finds them by search and exports the list", async () => {
    const { context, page } = await committeePage();
    await page.getByRole("heading", { name: `Welcome, ${COMMITTEE.name}` }).waitFor();

    // ── Research Cells: add, refuse a duplicate title, edit ──
    const tag = uniqueTag("c");
    const cellTitle = `Machine Learning ${tag}`;
    await nav(page, "Research Cells", "/committee/research-cells");
    await page.getByRole("button", { name: "Add Research Cell" }).click();
    // Each problem at its field, not again in a toast (issue 18).
    await page.getByText("Title is required.").waitFor();
    await page.getByLabel("Title").fill(cellTitle);
    await page.getByLabel("Description").fill("Learning from data, with care.");
    await page.getByRole("button", { name: "Add Research Cell" }).click();
    await notification(page, "Research Cell Added.");
    const cellRow = page.getByRole("row").filter({ hasText: cellTitle });
    await cellRow.waitFor();
    expect(await cellRow.getByRole("cell").nth(2).textContent()).toBe("0");

    await page.getByLabel("Title").fill(cellTitle.toUpperCase());
    await page.getByLabel("Description").fill("Same title, other case.");
    await page.getByRole("button", { name: "Add Research Cell" }).click();
    await page.getByText("A research cell with this title already exists.").waitFor();

    await cellRow.getByRole("button", { name: `Edit ${cellTitle}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit research cell" });
    await dialog.getByLabel("Description").fill("Learning from data, carefully.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await notification(page, "Research cell updated.");
    await cellRow.getByText("Learning from data, carefully.").waitFor();
    await screenshot(page, "committee-research-cells");

    // ── All Teachers: add a teacher; the list shows them at once ──
    const teacher = { name: `Ada Teacher ${tag}`, email: `${tag}@uni.example`, password: "teacher-pass-1" };
    await nav(page, "All Teachers", "/committee/all-teachers");
    await page.getByLabel("Name").fill(teacher.name);
    await page.getByLabel("Email").fill(teacher.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
    await page.getByRole("button", { name: "Add Teacher" }).click();
    await page.getByText("Password must be at least 8 characters.").waitFor();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Add Teacher" }).click();
    await notification(page, "Teacher added successfully.");
    const row = page.getByRole("row").filter({ hasText: teacher.email });
    await row.waitFor();
    // The committee member is still signed in as themself.
    await expect(page.getByTestId("header-user-name").textContent()).resolves.toBe(COMMITTEE.name);

    // A second teacher with the same email is refused with the server's reason.
    await page.getByLabel("Name").fill("Someone Else");
    await page.getByLabel("Email").fill(teacher.email.toUpperCase());
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(teacher.password);
    await page.getByRole("button", { name: "Add Teacher" }).click();
    await page.getByText("An account with this email already exists.").waitFor();

    // ── Assign: no cell chosen, then the cell; the picker then starts again without it ──
    await row.getByRole("button", { name: "Assign" }).click();
    await row.getByText("Please select a cell.").waitFor();
    await row.getByLabel("Research Cell").click();
    await page.getByRole("option", { name: cellTitle }).click();
    await row.getByRole("button", { name: "Assign" }).click();
    await notification(page, "Cell assigned successfully.");
    await row.getByText(cellTitle).first().waitFor();
    // The picker is empty again and no longer offers the cell the teacher is in (a second
    // assignment of it is refused by the server all the same: users.test.ts).
    await expect.poll(() => row.getByLabel("Research Cell").inputValue()).toBe("");
    await row.getByLabel("Research Cell").click();
    await expect.poll(() => page.getByRole("option", { name: cellTitle }).count()).toBe(0);
    await page.keyboard.press("Escape");

    // ── Search finds the teacher; the export carries the search ──
    await page.getByLabel("Search", { exact: true }).fill(`teacher ${tag.toUpperCase()}`);
    await page.waitForURL((u) => u.searchParams.get("q") === `teacher ${tag.toUpperCase()}`);
    await page.getByText("Showing 1–1 of 1 teachers").waitFor();
    expect(await page.getByRole("row").count()).toBe(2); // header + the teacher
    await screenshot(page, "committee-all-teachers");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^teachers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trimEnd().split("\r\n");
    // Every field quoted (decision 0043).
    expect(lines[0]).toBe('"Name","Email","Research Cells","Added At"');
    expect(lines.length).toBe(2);
    expect(lines[1]).toMatch(new RegExp(`^"${teacher.name}","${teacher.email}","${cellTitle}","\\d{4}-`));

    // ── Cell Members shows the teacher in the cell; removal asks first ──
    await nav(page, "Cell Members", "/committee/cell-members");
    const card = page.getByRole("region", { name: cellTitle });
    await card.getByText(teacher.email).waitFor();
    await screenshot(page, "committee-cell-members");
    await card.getByRole("button", { name: `Remove ${teacher.name}` }).click();
    const confirm = page.getByRole("dialog", { name: "Remove teacher from cell" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.getByText(teacher.email).waitFor();
    await card.getByRole("button", { name: `Remove ${teacher.name}` }).click();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await notification(page, "Teacher removed from the cell.");
    await card.getByText("No teachers in this cell yet.").waitFor();

    // …and assigns again from the cell's own control.
    await card.getByRole("button", { name: "Assign" }).click();
    await card.getByText("Please select a teacher.").waitFor();
    await card.getByLabel("Teacher").fill(tag);
    await page.getByRole("option", { name: new RegExp(teacher.email) }).click();
    await card.getByRole("button", { name: "Assign" }).click();
    await notification(page, "Cell assigned successfully.");
    await card.getByText(teacher.email).waitFor();

    // The dashboard counts what was made.
    await nav(page, "Dashboard", "/committee/dashboard");
    await page.getByRole("group", { name: "Supervisors: 1" }).waitFor();
    await page.getByRole("group", { name: "Research cells: 1" }).waitFor();
    await screenshot(page, "committee-dashboard-figures");
    await context.close();

    // The new teacher can log in with the password the committee gave.
    const t = await newPage(browser, server.url);
    await t.page.goto("/login");
    await login(t.page, teacher.email, teacher.password);
    await t.page.waitForURL("**/supervisor/dashboard");
    await t.context.close();
  });

  it("lists students by search and sort, and adds a committee member", async () => {
    const s = await newPage(browser, server.url);
    const student = await registerStudent(s.page, "Grace Student");
    await s.context.close();

    const { context, page } = await committeePage();
    await nav(page, "All Students", "/committee/all-students");
    await page.getByRole("row").filter({ hasText: student.email }).waitFor();
    await page.getByLabel("Search", { exact: true }).fill(student.studentId.toLowerCase());
    await page.getByText("Showing 1–1 of 1 students").waitFor();
    await page.getByRole("button", { name: "Student ID" }).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "studentId");
    await page
      .getByRole("columnheader", { name: "Student ID" })
      .and(page.locator('[aria-sort="ascending"]'))
      .waitFor();
    await screenshot(page, "committee-all-students");
    await page.getByLabel("Search", { exact: true }).fill("nobody-matches-this");
    await page.getByText("No students match “nobody-matches-this”.").waitFor();

    await nav(page, "Committee Members", "/committee/committee-members");
    const email = `${uniqueTag("cm")}@uni.example`;
    await page.getByLabel("Name").fill("Mary Jackson");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("committee-pass-2");
    await page.getByRole("button", { name: "Add Committee Member" }).click();
    await notification(page, "Committee member added successfully.");
    await page.getByRole("row").filter({ hasText: email }).waitFor();
    await screenshot(page, "committee-members");
    await context.close();
  });
});
