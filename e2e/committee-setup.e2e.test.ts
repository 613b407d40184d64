import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiPerson, getJson, patchJson, postJson, registerStudentApi, signInApi } from "./support/api";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import {
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";

/**
 * Issue 30, items 11–15: a new department's committee, from the first sign-in. Each item is
 * looked at on a desktop (1280×800) and a phone (390×844) where the screen differs, with axe on
 * every screen touched; screenshots go to e2e/.artifacts/setup-*.png.
 */

const COMMITTEE = { name: "Katherine Johnson", email: "katherine@uni.example", password: "committee-pass-1" };
const LONG_TERM = "Autumn 2027: Master's theses";

let server: RunningServer;
let browser: Browser;
let committee: ApiPerson;
let storageState: Awaited<ReturnType<import("playwright-core").BrowserContext["storageState"]>>;
const reports: A11yReport[] = [];
const files = mkdtempSync(path.join(tmpdir(), "setup-e2e-"));

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
  committee = await signInApi(server.url, COMMITTEE.email, COMMITTEE.password);
  const { context, page } = await newPage(browser, server.url);
  await page.goto("/login");
  await login(page, COMMITTEE.email, COMMITTEE.password);
  await page.waitForURL("**/committee/dashboard");
  storageState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  writeReports(reports, "setup-a11y-report.txt");
  await browser?.close();
  await server?.stop();
  rmSync(files, { recursive: true, force: true });
});

/** A report for one test; the test ends by failing on what it collected. */
function report(title: string) {
  const r = new A11yReport(title);
  reports.push(r);
  return r;
}
function expectNoSeriousViolations(r: A11yReport) {
  const failing = r.failing();
  expect(failing.length, `${r.title}\n${r.format("failing")}`).toBe(0);
}

/** The committee member, signed in, at a desktop or a phone size. */
async function open(viewport: (typeof VIEWPORTS)[number]) {
  return newPage(browser, server.url, { ...viewport.options, storageState });
}
const vpTag = (v: (typeof VIEWPORTS)[number]) => (v.name.startsWith("phone") ? "phone" : "desktop");

/** Scans the screen with axe and keeps a picture of it. */
async function look(page: Page, r: A11yReport, name: string, v: (typeof VIEWPORTS)[number]) {
  await r.check(page, name, v.name);
  await screenshot(page, `setup-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${vpTag(v)}`);
}

const termsOf = async () =>
  (await getJson<{ items: { id: string; name: string; current: boolean }[] }>(committee, "/api/terms")).items;
const cellsOf = async () =>
  (await getJson<{ items: { id: string; title: string }[] }>(committee, "/api/research-cells")).items;
async function addTeacher(name: string) {
  const { user } = await postJson<{ user: { id: string } }>(committee, "/api/users", {
    role: "supervisor",
    name,
    email: `${name.split(" ").at(-1)!.toLowerCase()}@uni.example`,
    password: "teacher-pass-1",
  });
  return user.id;
}

/** Words split across two lines inside `selector` (a hyphen or a slash may end a line: not counted). */
function brokenWords(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (const m of text.matchAll(/[^\s\-–—/]+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}

let student: ApiPerson;

describe("issue 30 items 11–15: the committee of a new department", () => {
  it("11: a new department's dashboard lists the first steps, each ticked as it is done, and the list goes when all are", async () => {
    const r = report("Getting started");
    for (const v of VIEWPORTS) {
      const { context, page } = await open(v);
      await page.goto("/committee/dashboard");
      const list = page.getByRole("region", { name: "Getting started" });
      await list.getByText("0 of 5 steps done").waitFor();
      await look(page, r, "Dashboard new department", v);
      await context.close();
    }

    // Each step links to the screen that does it: the term first.
    const { context, page } = await open(VIEWPORTS[0]);
    await page.goto("/committee/dashboard");
    const list = page.getByRole("region", { name: "Getting started" });
    await list.getByRole("link", { name: "Import students" }).waitFor();
    await expect
      .poll(() => list.getByRole("link").evaluateAll((ls) => ls.map((l) => l.getAttribute("href"))))
      .toEqual([
        "/committee/terms",
        "/committee/research-cells",
        "/committee/all-teachers",
        "/committee/cell-members",
        "/committee/import?role=student",
      ]);
    await list.getByRole("link", { name: "Open Terms" }).click();
    await page.waitForURL("**/committee/terms");
    await page.getByRole("button", { name: "Edit Default" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Default" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Spring 2027");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText(MSG.termUpdated).waitFor();
    await page.goto("/committee/dashboard");
    await list.getByText("1 of 5 steps done").waitFor();
    expect(await list.getByRole("listitem").first().textContent()).toContain("Set up the term — done");

    // Cells, teachers, an assignment: each ticks its step.
    for (const title of ["Robotics", "Machine Learning"])
      await postJson(committee, "/api/research-cells", { title, description: `${title} research.` });
    await addTeacher("Barbara Liskov");
    const edsger = await addTeacher("Edsger Dijkstra");
    const ml = (await cellsOf()).find((c) => c.title === "Machine Learning")!;
    await postJson(committee, `/api/users/${edsger}/research-cells`, { researchCellId: ml.id });
    await page.reload();
    await list.getByText("4 of 5 steps done").waitFor();
    await look(page, r, "Dashboard four steps done", VIEWPORTS[0]);

    // The last: students. Then the list is gone, and the figures stand alone.
    student = await registerStudentApi(server.url, "Ana María López");
    await page.reload();
    await page.getByRole("region", { name: "People and cells" }).waitFor();
    expect(await page.getByRole("region", { name: "Getting started" }).count()).toBe(0);
    await look(page, r, "Dashboard set up", VIEWPORTS[0]);
    await context.close();
    expectNoSeriousViolations(r);
  });

  it("12: the import checks the file as it is now: a file fixed on disk is read again, the old results cleared; a template; one skipped said as one", async () => {
    const r = report("Import");
    const { context, page } = await open(VIEWPORTS[0]);
    await page.goto("/committee/import?role=student");
    await page.getByRole("heading", { name: "Import students" }).waitFor();

    const [template] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download a template" }).click(),
    ]);
    expect(template.suggestedFilename()).toBe("students-template.csv");
    expect(readFileSync((await template.path())!, "utf8")).toBe("name,email,studentId\r\n");

    // A real file on disk: one existing student, one new, one broken.
    const file = path.join(files, "students.csv");
    const rows = (third: string) =>
      [
        "name,email,studentId",
        `${student.name},${student.email},${student.studentId}`,
        "Grace Hopper,grace@uni.example,2027-CS-001",
        third,
      ].join("\n");
    writeFileSync(file, rows("Alan Turing,not-an-email,2027-CS-002"));
    const input = page.locator('input[type="file"]');
    await input.setInputFiles(file);
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("1 error", { exact: true }).waitFor();
    await page.getByText(MSG.importCheckHasErrors(1)).waitFor();
    await look(page, r, "Import checked with an error", VIEWPORTS[0]);

    // "Fix it in the file and check it again": the file changes on disk (a second later, as an
    // editor saves it). A file chosen through the input cannot be read again: said so, not
    // "Cannot reach the server", and the old results are gone.
    await page.waitForTimeout(1100);
    writeFileSync(file, rows("Alan Turing,alan@uni.example,2027-CS-002"));
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByRole("alert").filter({ hasText: MSG.importFileChanged }).waitFor();
    expect(await page.getByText(MSG.cannotReachServer).count()).toBe(0);
    expect(await page.getByText(MSG.importCheckHasErrors(1)).count()).toBe(0);
    expect(await page.getByRole("table", { name: "Rows of the file of students" }).count()).toBe(0);
    await look(page, r, "Import file changed", VIEWPORTS[0]);

    // Chosen again, it is checked as it is now, and imported.
    await input.setInputFiles(file);
    await page.getByRole("button", { name: "Check file" }).click();
    await page.getByText("2 new", { exact: true }).waitFor();
    await page.getByText("1 skipped", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Import 2 people" }).click();
    await page
      .getByRole("status")
      .filter({
        hasText:
          "2 people were imported and sent a link to set a password. 1 already had an account and was skipped.",
      })
      .waitFor();
    await look(page, r, "Import done", VIEWPORTS[0]);
    await context.close();

    // Where the browser hands out file handles (Chromium's File System Access API; Playwright
    // cannot answer its picker, so the picker is stood in for by one that gives the file on
    // "disk" below): every check reads the file anew, without choosing it again.
    const fsa = await open(VIEWPORTS[0]);
    await fsa.page.addInitScript(() => {
      const w = window as unknown as { __csv: string; showOpenFilePicker: unknown };
      w.__csv = "";
      w.showOpenFilePicker = async () => [
        { getFile: async () => new File([w.__csv], "teachers.csv", { type: "text/csv" }) },
      ];
    });
    await fsa.page.goto("/committee/import?role=supervisor");
    const setDisk = (csv: string) =>
      fsa.page.evaluate((c) => {
        (window as unknown as { __csv: string }).__csv = c;
      }, csv);
    await setDisk("name,email\nDonald Knuth,not-an-email\n");
    await fsa.page.getByRole("button", { name: /CSV file/ }).click();
    await fsa.page.getByText("teachers.csv").waitFor();
    await fsa.page.getByRole("button", { name: "Check file" }).click();
    await fsa.page.getByText("1 error", { exact: true }).waitFor();
    await setDisk("name,email\nDonald Knuth,knuth@uni.example\n");
    await fsa.page.getByRole("button", { name: "Check file" }).click();
    await fsa.page.getByText("1 new", { exact: true }).waitFor();
    expect(await fsa.page.getByText("1 error", { exact: true }).count()).toBe(0);
    await fsa.context.close();

    // The phone: the same screen, checked.
    const phone = await open(VIEWPORTS[1]);
    await phone.page.goto("/committee/import?role=student");
    writeFileSync(file, rows("Alan Turing,not-an-email,2027-CS-003"));
    await phone.page.locator('input[type="file"]').setInputFiles(file);
    await phone.page.getByRole("button", { name: "Check file" }).click();
    await phone.page.getByText(MSG.importCheckHasErrors(1)).waitFor();
    await look(phone.page, r, "Import checked with an error", VIEWPORTS[1]);
    await phone.context.close();
    expectNoSeriousViolations(r);
  });

  it("13: Terms show committee approval and the number of proposals, no empty chart, Delete only where allowed; Assign resets its picker", async () => {
    const r = report("Terms and teachers");
    const cells = await cellsOf();
    const ml = cells.find((c) => c.title === "Machine Learning")!;
    const sups = await getJson<{ items: { id: string; name: string }[] }>(
      student,
      `/api/supervisors?researchCellId=${ml.id}`,
    );
    await postJson(student, "/api/proposals", {
      title: "Graph neural networks for phishing",
      abstract: "Detecting phishing sites from their link graph.",
      type: "Thesis",
      researchCellId: ml.id,
      supervisorId: sups.items[0].id,
      memberIds: [],
    });
    await postJson(committee, "/api/terms", { name: LONG_TERM, committeeApproval: true });
    const summer = await postJson<{ term: { id: string } }>(committee, "/api/terms", { name: "Summer 2027" });
    await postJson(committee, `/api/terms/${summer.term.id}/current`);
    const spring = (await termsOf()).find((t) => t.name === "Spring 2027")!;

    for (const v of VIEWPORTS) {
      const { context, page } = await open(v);
      await page.goto("/committee/terms");
      const item = (name: string) =>
        v === VIEWPORTS[0]
          ? page.getByRole("row", { name: new RegExp(`^${name.replace(/[()]/g, ".")}`) })
          : page.getByRole("listitem", { name, exact: true });
      await item("Spring 2027").getByText("Not required").waitFor();
      await item(LONG_TERM).getByText("Required", { exact: true }).waitFor();
      // The number of proposals, not "Yes"/"None".
      expect(await item("Spring 2027").getByText("1", { exact: true }).count()).toBe(1);
      expect(await item("Summer 2027").getByText("0", { exact: true }).count()).toBe(1);
      expect(await page.getByText(/^(Yes|None)$/).count()).toBe(0);
      // Delete only where the server deletes: not Spring (a proposal), not Summer (current).
      expect(await page.getByRole("button", { name: "Delete Spring 2027" }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Delete Summer 2027" }).count()).toBe(0);
      await page.getByRole("button", { name: `Delete ${LONG_TERM}` }).waitFor();
      // The current term's places: nothing in use, no capacity: no chart, the table alone.
      const places = page.getByRole("region", { name: "Places in Summer 2027" });
      await places.getByText("Edsger Dijkstra").first().waitFor();
      expect(await places.locator(".recharts-responsive-container").count()).toBe(0);
      await look(page, r, "Terms", v);
      // Spring's places: one in use, a bar to draw.
      await page.getByRole("button", { name: "Places in Spring 2027" }).click();
      await page
        .getByRole("region", { name: "Places in Spring 2027" })
        .locator(".recharts-responsive-container")
        .waitFor();
      await context.close();
    }
    // The server says the same: 409 with the reason, nothing deleted.
    const refused = await committee.api.delete(`/api/terms/${spring.id}`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.message).toBe(MSG.termHasProposals);

    // All Teachers: Assign empties the row's picker, which then offers only the other cells.
    for (const v of VIEWPORTS) {
      const { context, page } = await open(v);
      await page.goto("/committee/all-teachers");
      const barbara =
        v === VIEWPORTS[0]
          ? page.getByRole("row", { name: /Barbara Liskov/ })
          : page.getByRole("listitem").filter({ hasText: "liskov@uni.example" });
      const picker = barbara.getByRole("combobox", { name: "Research Cell" });
      await look(page, r, "All Teachers", v);
      if (v === VIEWPORTS[0]) {
        await picker.click();
        await page.getByRole("option", { name: "Robotics" }).click();
        await barbara.getByRole("button", { name: "Assign" }).click();
        // The seed's own words.
        await page.getByText("Cell assigned successfully.", { exact: true }).waitFor();
        await expect.poll(() => picker.inputValue()).toBe("");
        await barbara.getByRole("listitem").filter({ hasText: "Robotics" }).waitFor();
      }
      await picker.click();
      const listbox = page.getByRole("listbox");
      await listbox.getByRole("option", { name: "Machine Learning" }).waitFor();
      expect(await listbox.getByRole("option").allTextContents()).toEqual(["Machine Learning"]);
      await page.keyboard.press("Escape");
      await context.close();
    }
    expectNoSeriousViolations(r);
  });

  it("14: Activity reads in sentences and breaks no word; Proposals exports its own filters; term pickers show whole names", async () => {
    const r = report("Activity, Proposals, term pickers");
    // A note with long words, in a column of its own.
    const spring = (await termsOf()).find((t) => t.name === "Spring 2027")!;
    await patchJson(committee, `/api/terms/${spring.id}`, {
      reviewDueDays: 9,
      submissionsOpenAt: "2027-01-11T08:00:00Z",
      revisionsCloseAt: "2027-06-30T08:00:00Z",
      defaultCapacity: 3,
      maxPreferences: 4,
    });
    for (const v of VIEWPORTS) {
      const { context, page } = await open(v);
      await page.goto("/committee/activity");
      const log = page.getByRole(v === VIEWPORTS[0] ? "table" : "list", { name: "Activity" });
      await log.getByText("assigned Barbara Liskov to a research cell").waitFor();
      await log.getByText("made Summer 2027 the current term").waitFor();
      await log.getByText("created an account for Edsger Dijkstra").waitFor();
      expect(await log.getByText(/research cell Barbara|current the term/).count()).toBe(0);
      expect(await brokenWords(page, "main")).toEqual([]);
      await look(page, r, "Activity", v);
      await context.close();
    }

    // Proposals: Export CSV downloads what its filters find.
    const ml = (await cellsOf()).find((c) => c.title === "Machine Learning")!;
    const { context, page } = await open(VIEWPORTS[0]);
    await page.goto(`/committee/proposals?termId=all&researchCellId=${ml.id}&q=phishing`);
    await page.getByRole("link", { name: "Graph neural networks for phishing" }).waitFor();
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    const href = new URL((await exportLink.getAttribute("href"))!, server.url);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      q: "phishing",
      researchCellId: ml.id,
      termId: "all",
    });
    const [csv] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    const lines = readFileSync((await csv.path())!, "utf8")
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Graph neural networks for phishing");
    await look(page, r, "Proposals", VIEWPORTS[0]);

    // Term pickers: the whole name in the field and in its list.
    const cut = (sel: string) =>
      page
        .locator(sel)
        .evaluateAll((els) =>
          els
            .filter((e) => e.scrollWidth > e.clientWidth + 1)
            .map((e) => e.textContent || (e as HTMLInputElement).value),
        );
    await page.goto(`/committee/dashboard?term=${(await termsOf()).find((t) => t.name === LONG_TERM)!.id}`);
    const termField = page.getByRole("combobox", { name: "Term" });
    await expect.poll(() => termField.inputValue()).toBe(LONG_TERM);
    expect(await termField.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await termField.click();
    await page.getByRole("option", { name: "Summer 2027 (current)" }).waitFor();
    expect(await cut(".mantine-Select-option")).toEqual([]);
    await look(page, r, "Dashboard term picker open", VIEWPORTS[0]);
    await page.keyboard.press("Escape");
    await context.close();

    const phone = await open(VIEWPORTS[1]);
    await phone.page.goto("/committee/proposals");
    const phoneTerm = phone.page.getByRole("combobox", { name: "Term" });
    await phoneTerm.click();
    await phone.page.getByRole("option", { name: LONG_TERM }).waitFor();
    expect(
      await phone.page
        .locator(".mantine-Select-option")
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length),
    ).toBe(0);
    await phone.page.getByRole("option", { name: LONG_TERM }).click();
    await expect.poll(() => phoneTerm.inputValue()).toBe(LONG_TERM);
    expect(await phoneTerm.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await look(phone.page, r, "Proposals", VIEWPORTS[1]);
    await phone.context.close();
    expectNoSeriousViolations(r);
  });

  it("15: status badges are in their family's colour and never cut, on the lists and the dashboard", async () => {
    const r = report("Status badges");
    // A second proposal, Approved: two families side by side.
    const other = await registerStudentApi(server.url, "Tanvir Hasan");
    const ml = (await cellsOf()).find((c) => c.title === "Machine Learning")!;
    const sups = await getJson<{ items: { id: string }[] }>(
      other,
      `/api/supervisors?researchCellId=${ml.id}`,
    );
    await postJson(other, "/api/proposals", {
      title: "Robust federated learning",
      abstract: "Learning across hospitals without sharing the data.",
      type: "Project",
      researchCellId: ml.id,
      supervisorId: sups.items[0].id,
      memberIds: [],
    });
    for (const v of VIEWPORTS) {
      const { context, page } = await open(v);
      await page.goto("/committee/proposals?termId=all");
      await page.locator("[data-status]").first().waitFor();
      const badges = await page.locator("main [data-status]").evaluateAll((els) =>
        els.map((e) => {
          const label = e.querySelector(".mantine-Badge-label") as HTMLElement;
          return {
            status: e.getAttribute("data-status"),
            bg: e.getAttribute("style") ?? "",
            cut: label.scrollWidth > label.clientWidth + 1,
          };
        }),
      );
      expect(badges.length).toBeGreaterThan(0);
      for (const b of badges) {
        expect(b.cut, `${b.status} cut`).toBe(false);
        expect(b.bg, b.status!).toContain(b.status === "Approved" ? "green" : "yellow");
      }
      await look(page, r, "Proposals with badges", v);
      await page.goto("/committee/dashboard?term=all");
      const changes = page.getByRole("link", { name: /^Changes requested \d/ });
      await changes.waitFor();
      if (v === VIEWPORTS[0])
        expect(await changes.locator(".mantine-ThemeIcon-root").getAttribute("style")).toContain("yellow");
      await look(page, r, "Dashboard all terms", v);
      await context.close();
    }
    expectNoSeriousViolations(r);
  });
});
