import { readFileSync } from "node:fs";
import { MSG } from "@shared/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiPerson, getJson, patchJson, postJson, registerStudentApi } from "./support/api";
import { VIEWPORTS } from "./support/axe";
import {
  addTeacher,
  brokenWords,
  cellsOf,
  DESKTOP,
  type Department,
  expectNoSeriousViolations,
  look,
  PHONE,
  startDepartment,
  termsOf,
} from "./support/department";

/**
 * Issue 30, items 13–15: the committee's screens of a department just set up (its term renamed
 * Spring 2027, two cells, two teachers, one student): Terms and All Teachers, Activity, Proposals
 * and its export, term pickers, status badges. Desktop (1280×800) and phone (390×844), axe on
 * every screen touched; screenshots in e2e/.artifacts/setup-*.png.
 */

const LONG_TERM = "Autumn 2027: Master's theses";
let d: Department;
let committee: ApiPerson;
let student: ApiPerson;

beforeAll(async () => {
  d = await startDepartment("committee-screens-a11y-report.txt");
  committee = d.committee;
  const [term] = await termsOf(committee);
  await patchJson(committee, `/api/terms/${term.id}`, { name: "Spring 2027" });
  for (const title of ["Robotics", "Machine Learning"])
    await postJson(committee, "/api/research-cells", { title, description: `${title} research.` });
  await addTeacher(committee, "Barbara Liskov");
  const edsger = await addTeacher(committee, "Edsger Dijkstra");
  const ml = (await cellsOf(committee)).find((c) => c.title === "Machine Learning")!;
  await postJson(committee, `/api/users/${edsger}/research-cells`, { researchCellId: ml.id });
  student = await registerStudentApi(d.server.url, "Ana María López");
});
afterAll(async () => {
  await d?.close();
});

describe("issue 30 items 13–15: the committee's screens", () => {
  it("13: Terms show committee approval and the number of proposals, no empty chart, Delete only where allowed; Assign resets its picker", async () => {
    const r = d.report("Terms and teachers");
    const cells = await cellsOf(committee);
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
    const spring = (await termsOf(committee)).find((t) => t.name === "Spring 2027")!;

    for (const v of VIEWPORTS) {
      const { context, page } = await d.open(v);
      await page.goto("/committee/terms");
      const item = (name: string) =>
        v === DESKTOP
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
      const { context, page } = await d.open(v);
      await page.goto("/committee/all-teachers");
      const barbara =
        v === DESKTOP
          ? page.getByRole("row", { name: /Barbara Liskov/ })
          : page.getByRole("listitem").filter({ hasText: "liskov@uni.example" });
      const picker = barbara.getByRole("combobox", { name: "Research Cell" });
      await look(page, r, "All Teachers", v);
      if (v === DESKTOP) {
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
    const r = d.report("Activity, Proposals, term pickers");
    // A note with long words, in a column of its own.
    const spring = (await termsOf(committee)).find((t) => t.name === "Spring 2027")!;
    await patchJson(committee, `/api/terms/${spring.id}`, {
      reviewDueDays: 9,
      submissionsOpenAt: "2027-01-11T08:00:00Z",
      revisionsCloseAt: "2027-06-30T08:00:00Z",
      defaultCapacity: 3,
      maxPreferences: 4,
    });
    for (const v of VIEWPORTS) {
      const { context, page } = await d.open(v);
      await page.goto("/committee/activity");
      const log = page.getByRole(v === DESKTOP ? "table" : "list", { name: "Activity" });
      await log.getByText("assigned Barbara Liskov to a research cell").waitFor();
      await log.getByText("made Summer 2027 the current term").waitFor();
      await log.getByText("created an account for Edsger Dijkstra").waitFor();
      expect(await log.getByText(/research cell Barbara|current the term/).count()).toBe(0);
      expect(await brokenWords(page, "main")).toEqual([]);
      await look(page, r, "Activity", v);
      await context.close();
    }

    // Proposals: Export CSV downloads what its filters find.
    const ml = (await cellsOf(committee)).find((c) => c.title === "Machine Learning")!;
    const { context, page } = await d.open(DESKTOP);
    await page.goto(`/committee/proposals?termId=all&researchCellId=${ml.id}&q=phishing`);
    await page.getByRole("link", { name: "Graph neural networks for phishing" }).waitFor();
    const exportLink = page.getByRole("link", { name: "Export CSV" });
    const href = new URL((await exportLink.getAttribute("href"))!, d.server.url);
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
    await look(page, r, "Proposals", DESKTOP);

    // Term pickers: the whole name in the field and in its list.
    const cut = (sel: string) =>
      page
        .locator(sel)
        .evaluateAll((els) =>
          els
            .filter((e) => e.scrollWidth > e.clientWidth + 1)
            .map((e) => e.textContent || (e as HTMLInputElement).value),
        );
    await page.goto(
      `/committee/dashboard?term=${(await termsOf(committee)).find((t) => t.name === LONG_TERM)!.id}`,
    );
    const termField = page.getByRole("combobox", { name: "Term" });
    await expect.poll(() => termField.inputValue()).toBe(LONG_TERM);
    expect(await termField.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await termField.click();
    await page.getByRole("option", { name: "Summer 2027 (current)" }).waitFor();
    expect(await cut(".mantine-Select-option")).toEqual([]);
    await look(page, r, "Dashboard term picker open", DESKTOP);
    await page.keyboard.press("Escape");
    await context.close();

    const phone = await d.open(PHONE);
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
    await look(phone.page, r, "Proposals", PHONE);
    await phone.context.close();
    expectNoSeriousViolations(r);
  });

  it("15: status badges are in their family's colour and never cut, on the lists and the dashboard", async () => {
    const r = d.report("Status badges");
    // A second proposal, Approved: two families side by side.
    const other = await registerStudentApi(d.server.url, "Tanvir Hasan");
    const ml = (await cellsOf(committee)).find((c) => c.title === "Machine Learning")!;
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
      const { context, page } = await d.open(v);
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
      if (v === DESKTOP)
        expect(await changes.locator(".mantine-ThemeIcon-root").getAttribute("style")).toContain("yellow");
      await look(page, r, "Dashboard all terms", v);
      await context.close();
    }
    expectNoSeriousViolations(r);
  });
});
