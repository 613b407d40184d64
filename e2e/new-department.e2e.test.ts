import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiPerson, postJson, registerStudentApi } from "./support/api";
import { VIEWPORTS } from "./support/axe";
import {
  addTeacher,
  cellsOf,
  DESKTOP,
  type Department,
  expectNoSeriousViolations,
  look,
  PHONE,
  startDepartment,
} from "./support/department";

/**
 * Issue 30, items 11 and 12: a new department's committee, from the first sign-in: the dashboard's
 * first steps, and the CSV import of its people. Desktop (1280×800) and phone (390×844), axe on
 * every screen touched; screenshots in e2e/.artifacts/setup-*.png.
 */

let d: Department;
let committee: ApiPerson;
let student: ApiPerson;
const files = mkdtempSync(path.join(tmpdir(), "setup-e2e-"));

beforeAll(async () => {
  d = await startDepartment("new-department-a11y-report.txt");
  committee = d.committee;
});
afterAll(async () => {
  await d?.close();
  rmSync(files, { recursive: true, force: true });
});

describe("issue 30 items 11 and 12: a new department", () => {
  it("11: a new department's dashboard lists the first steps, each ticked as it is done, and the list goes when all are", async () => {
    const r = d.report("Getting started");
    for (const v of VIEWPORTS) {
      const { context, page } = await d.open(v);
      await page.goto("/committee/dashboard");
      const list = page.getByRole("region", { name: "Getting started" });
      await list.getByText("0 of 5 steps done").waitFor();
      await look(page, r, "Dashboard new department", v);
      await context.close();
    }

    // Each step links to the screen that does it: the term first.
    const { context, page } = await d.open(DESKTOP);
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
    await addTeacher(committee, "Barbara Liskov");
    const edsger = await addTeacher(committee, "Edsger Dijkstra");
    const ml = (await cellsOf(committee)).find((c) => c.title === "Machine Learning")!;
    await postJson(committee, `/api/users/${edsger}/research-cells`, { researchCellId: ml.id });
    await page.reload();
    await list.getByText("4 of 5 steps done").waitFor();
    await look(page, r, "Dashboard four steps done", DESKTOP);

    // The last: students. Then the list is gone, and the figures stand alone.
    student = await registerStudentApi(d.server.url, "Ana María López");
    await page.reload();
    await page.getByRole("region", { name: "People and cells" }).waitFor();
    expect(await page.getByRole("region", { name: "Getting started" }).count()).toBe(0);
    await look(page, r, "Dashboard set up", DESKTOP);
    await context.close();
    expectNoSeriousViolations(r);
  });

  it("12: the import checks the file as it is now: a file fixed on disk is read again, the old results cleared; a template; one skipped said as one", async () => {
    const r = d.report("Import");
    const { context, page } = await d.open(DESKTOP);
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
    await look(page, r, "Import checked with an error", DESKTOP);

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
    await look(page, r, "Import file changed", DESKTOP);

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
    await look(page, r, "Import done", DESKTOP);
    await context.close();

    // Where the browser hands out file handles (Chromium's File System Access API; Playwright
    // cannot answer its picker, so the picker is stood in for by one that gives the file on
    // "disk" below): every check reads the file anew, without choosing it again.
    const fsa = await d.open(DESKTOP);
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
    const phone = await d.open(PHONE);
    await phone.page.goto("/committee/import?role=student");
    writeFileSync(file, rows("Alan Turing,not-an-email,2027-CS-003"));
    await phone.page.locator('input[type="file"]').setInputFiles(file);
    await phone.page.getByRole("button", { name: "Check file" }).click();
    await phone.page.getByText(MSG.importCheckHasErrors(1)).waitFor();
    await look(phone.page, r, "Import checked with an error", PHONE);
    await phone.context.close();
    expectNoSeriousViolations(r);
  });
});
