import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postJson, registerStudentApi, signInApi } from "./support/api";
import { A11yReport } from "./support/axe";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";

/**
 * What-if scenarios in the browser (issue 33 item 2, DESIGN.md §20): the committee copies the
 * draft, gives a topic and its supervisor a second place in the copy, runs it, compares it with the
 * draft side by side (on a desktop and on a phone, with axe), and makes it the draft after a
 * confirmation: the places become real and the group the scenario placed is placed in the draft.
 *
 * Set up through the API (the allocation journey clicks through topics, lists and rankings): an
 * allocation term with one place per supervisor; Dr. Kenji Watanabe's K1 and Dr. Samuel Osei's S1
 * of one place each; three groups, Kenji ranking Ada's, then Dev's, then Cara's. The draft: Ada on
 * K1, Cara on S1, Dev unmatched; with K1 and Kenji at 2 places, Dev gets K1 too.
 */
const COMMITTEE = "committee@demo.example.edu";
const KENJI = "kenji.watanabe@demo.example.edu";
const SAMUEL = "samuel.osei@demo.example.edu";
const K1 = "Path planning for warehouse robots";
const S1 = "Forecasting a solar microgrid's load";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const notification = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text }).first();

/** Toasts gone before a scan: one caught fading in or out reads as text without contrast. */
const toastsGone = (page: Page) =>
  expect.poll(() => page.locator(".mantine-Notification-root").count(), { timeout: 20_000 }).toBe(0);

async function topicOf(who: string, termId: string, title: string) {
  const s = await signInApi(server.url, who);
  // The supervisor's own cells, as their Topics screen reads them.
  const { cells } = await getJson<{ cells: { id: string }[] }>(s, "/api/supervisor/dashboard");
  const cellId = cells[0].id;
  const { topic } = await postJson<{ topic: { id: string } }>(s, "/api/topics", {
    termId,
    title,
    description: `${title}: what the group builds and measures.`,
    type: "Thesis",
    researchCellId: cellId,
    capacity: 1,
  });
  return { id: topic.id, supervisor: s };
}

describe("what-if scenarios", () => {
  it("the committee compares a scenario with the draft and makes it the draft", {
    timeout: 180_000,
  }, async () => {
    const committee = await signInApi(server.url, COMMITTEE);
    const { term } = await postJson<{ term: { id: string; name: string } }>(committee, "/api/terms", {
      name: "Spring 2028 allocation",
      mode: "allocation",
      maxPreferences: 2,
      defaultCapacity: 1,
    });
    await postJson(committee, `/api/terms/${term.id}/current`);
    const k1 = await topicOf(KENJI, term.id, K1);
    const s1 = await topicOf(SAMUEL, term.id, S1);
    const group = async (name: string, preferences: string[]) => {
      const student = await registerStudentApi(server.url, name);
      return (
        await postJson<{ proposal: { id: string } }>(student, "/api/proposals", {
          type: "Thesis",
          preferences,
        })
      ).proposal.id;
    };
    const ada = await group("Ada Scenario", [k1.id, s1.id]);
    const cara = await group("Cara Scenario", [k1.id, s1.id]);
    const dev = await group("Dev Scenario", [k1.id]);
    await k1.supervisor.api.put(`/api/terms/${term.id}/ranking`, { data: { proposalIds: [ada, dev, cara] } });
    await postJson(committee, `/api/terms/${term.id}/allocation`);

    const a11y = new A11yReport("What-if scenarios");
    const desk = await newPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
    let page = desk.page;
    await page.goto("/login");
    await login(page, COMMITTEE, DEMO_PASSWORD);
    await page.waitForURL("**/committee/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Allocation" }).click();
    const panel = page.getByRole("region", { name: "What-if scenarios" });
    await panel.getByRole("button", { name: "Copy the draft into a scenario" }).click();
    await notification(page, MSG.scenarioCopied("Scenario 1")).waitFor();
    await panel.getByText("Run the scenario to compare it with the draft.").waitFor();

    // Kenji's K1 and Kenji himself get a second place, in the scenario only.
    await panel.getByRole("textbox", { name: "Find a topic or supervisor" }).fill("Kenji");
    await panel.getByRole("textbox", { name: `Places of “${K1}” in the scenario` }).fill("2");
    await panel.getByRole("textbox", { name: "Places of Dr. Kenji Watanabe in the scenario" }).fill("2");
    await panel.getByRole("button", { name: "Save capacities (2)" }).click();
    await notification(page, MSG.scenarioSaved).waitFor();
    await panel.getByRole("button", { name: "Run scenario" }).click();
    await notification(page, MSG.scenarioRan(3, 3)).waitFor();

    // Side by side: one more matched, none unmatched; Kenji's load; Dev's group is the one that changes.
    const figures = panel.getByRole("region", { name: "The draft and the scenario" });
    await expect
      .poll(() => figures.getByRole("row", { name: /^Matched/ }).innerText())
      .toMatch(/Matched\s+2\s+3\s+\+1/);
    await expect
      .poll(() => figures.getByRole("row", { name: /^Unmatched/ }).innerText())
      .toMatch(/Unmatched\s+1\s+0\s+-1/);
    const load = panel.getByRole("region", { name: /Supervisors whose load changes/ });
    await expect
      .poll(() => load.getByRole("row").filter({ hasText: "Kenji" }).innerText())
      .toMatch(/1 of 1\s+2 of 2/);
    const changes = panel.getByRole("region", { name: "Groups whose result changes (1)" });
    const devRow = changes.getByRole("row").filter({ hasText: "Untitled group (of Dev Scenario)" });
    await devRow.getByText("Unmatched").waitFor();
    await devRow.getByText(`“${K1}”, 1st choice`).waitFor();
    // Nothing real changed.
    const real = async () =>
      (
        await getJson<{ topics: { id: string; capacity: number }[] }>(
          committee,
          `/api/terms/${term.id}/allocation`,
        )
      ).topics.find((t) => t.id === k1.id)?.capacity;
    expect(await real()).toBe(1);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "scenario-compare-1280x800");
    await toastsGone(page);
    await a11y.check(page, "allocation with a scenario compared", "1280x800");

    // On a phone: the same scenario chosen from the list, compared, then made the draft.
    const phone = await newPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    page = phone.page;
    await page.goto("/login");
    await login(page, COMMITTEE, DEMO_PASSWORD);
    await page.waitForURL("**/committee/dashboard");
    await page.goto("/committee/allocation");
    const small = page.getByRole("region", { name: "What-if scenarios" });
    await small.getByRole("combobox", { name: "Scenario" }).click();
    await page.getByRole("option", { name: "Scenario 1" }).click();
    await small.getByRole("region", { name: "Groups whose result changes (1)" }).waitFor();
    await small.scrollIntoViewIfNeeded();
    await screenshot(page, "scenario-compare-390x844");
    await a11y.check(page, "allocation with a scenario compared", "390x844");
    await small.getByRole("button", { name: "Make it the draft" }).tap();
    const confirm = page.getByRole("dialog", { name: "Make this scenario the draft?" });
    await confirm.getByText("The places of 1 topic and 1 supervisor become the real ones").waitFor();
    await a11y.check(page, "make it the draft, confirmation", "390x844");
    await confirm.getByRole("button", { name: "Make it the draft" }).tap();
    await notification(page, MSG.scenarioAdopted("Scenario 1")).waitFor();
    expect(a11y.failing(), a11y.format("failing")).toEqual([]);

    // Its places are the real ones, and its result the draft: Dev's group on K1, the draft up to date.
    expect(await real()).toBe(2);
    const draft = (
      await getJson<{
        draft: { outOfDate: boolean; assignments: { proposalId: string; topicId: string | null }[] };
      }>(committee, `/api/terms/${term.id}/allocation`)
    ).draft;
    expect(draft.outOfDate).toBe(false);
    expect(draft.assignments.find((x) => x.proposalId === dev)?.topicId).toBe(k1.id);
    await page.getByRole("group", { name: "Matched: 3" }).waitFor();
    await screenshot(page, "scenario-adopted-390x844");
  });
});
