import { readFileSync } from "node:fs";
import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from "./support/harness";
import {
  COMMITTEE,
  call,
  cellAndSupervisor,
  LIFE,
  lifeScenario,
  ML,
  newStudent,
  REVIEWER,
  studentId,
  submit,
} from "./support/life";

/**
 * The proposal's life on the committee's and the student's screens (issue 20): the committee
 * goes from the dashboard's figures and chart into the Proposals screen, opens Approvals, and
 * filters the activity log and downloads it; a student answers invitations from their dashboard.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
  await lifeScenario(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const main = (page: Page) => page.getByRole("main");
/** The demo department's proposal in Changes requested (scripts/lib/seed-demo.ts). */
const DEMO_CHANGES_REQUESTED = "Scheduling a solar microgrid for a rural clinic";
const sidebar = (page: Page, label: string) =>
  page.getByRole("navigation").getByRole("link", { name: new RegExp(`^${label}(\\s|$)`) });

/** The proposals' titles the Proposals screen lists now, in its table (poll it: a filter's answer may be on its way). */
async function listedTitles(page: Page) {
  const table = main(page).getByRole("table", { name: "Proposals" });
  await table.waitFor();
  if (await table.getAttribute("aria-busy").then((b) => b === "true")) return ["(loading)"];
  return (await table.locator("tbody tr td:first-child a").allTextContents()).sort();
}

describe("the committee follows proposals from the dashboard", () => {
  it("filters Proposals from a figure and from the chart, opens Approvals, filters Activity and downloads its CSV", async () => {
    const { context, page } = await newPage(browser, server.url, { viewport: { width: 1280, height: 900 } });
    await page.goto("/login");
    await page.getByLabel("Email").fill(COMMITTEE);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("thesisdesk-demo");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL("**/committee/dashboard");

    // The sidebar counts what awaits the committee.
    await expect.poll(() => sidebar(page, "Approvals").textContent()).toMatch(/Approvals\s*1/);

    // A figure: Changes requested (the scenario's and the demo department's own) → the Proposals
    // screen filtered by that status.
    await page.getByRole("link", { name: /^Changes requested\s+2$/i }).click();
    await page.waitForURL("**/committee/proposals?status=Changes+requested");
    await page.getByRole("heading", { level: 1, name: "Proposals" }).waitFor();
    await expect
      .poll(() => listedTitles(page))
      .toEqual([LIFE.changesRequested, DEMO_CHANGES_REQUESTED].sort());
    expect(await page.getByRole("combobox", { name: "Status" }).inputValue()).toBe("Changes requested");

    // Back on the dashboard, a bar of the chart: the research cell's proposals.
    await page.goBack();
    await page.waitForURL("**/committee/dashboard");
    const bars = page.locator(".recharts-bar-rectangle");
    await bars.first().waitFor();
    const cells = await call<{ items: { id: string; title: string }[] }>(
      context.request,
      "GET",
      "/research-cells",
    );
    const ml = cells.items.find((c) => c.title === ML)!;
    // The demo's first row (most proposals) is Machine Learning; any of its segments will do.
    await bars.first().click();
    await page.waitForURL(`**/committee/proposals?researchCellId=${ml.id}`);
    await expect.poll(() => listedTitles(page)).toContain(LIFE.awaitingCommittee);
    const inMl = await listedTitles(page);
    expect(inMl).not.toContain("An accessible campus navigation app");
    await page.goBack();

    // The same by keyboard: the list of cells under the chart.
    const cellLink = page
      .getByRole("list", { name: "Open a research cell's proposals" })
      .getByRole("link", { name: ML });
    await cellLink.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/committee/proposals?researchCellId=${ml.id}`);
    await expect.poll(() => listedTitles(page)).toEqual(inMl);

    // Searching titles narrows the list, and lives in the address.
    await page.getByRole("textbox", { name: "Search titles" }).fill("hospital");
    await page.waitForURL(/q=hospital/);
    await expect.poll(() => listedTitles(page)).toEqual([LIFE.awaitingCommittee]);
    await screenshot(page, "committee-proposals-filtered");

    // Approvals: what awaits the committee, with the supervisor's feedback and the way to decide.
    await sidebar(page, "Approvals").click();
    await page.waitForURL("**/committee/approvals");
    const waiting = main(page).getByRole("listitem", { name: LIFE.awaitingCommittee });
    await waiting.waitFor();
    await waiting.getByText(LIFE.supervisorFeedback).waitFor();
    expect(
      await waiting.getByRole("link", { name: `Open ${LIFE.awaitingCommittee}` }).getAttribute("href"),
    ).toMatch(/^\/committee\/proposals\/[0-9a-f-]{36}$/);
    // One card (a card's similar titles are a list of their own inside it).
    const cards = main(page).getByRole("list", { name: "Awaiting committee" }).locator(":scope > li");
    expect(await cards.count()).toBe(1);

    // Activity: what the reviewer did to proposals (entries of kind Proposals), then their CSV.
    await sidebar(page, "Activity").click();
    await page.waitForURL("**/committee/activity");
    const table = main(page).getByRole("table", { name: "Activity" });
    await table.getByText("denied the proposal").first().waitFor();
    const person = page.getByRole("combobox", { name: "Person" });
    await person.click();
    await person.fill("Ayesha");
    await page.getByRole("option", { name: new RegExp(`^${REVIEWER.name}`) }).click();
    await page.waitForURL(/personId=/);
    await page.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: "Proposals", exact: true }).click();
    await page.waitForURL(/kind=proposal/);
    const rows = table.locator("tbody tr");
    await expect.poll(async () => (await rows.allTextContents()).length).toBe(3);
    await page.waitForFunction(() => document.querySelector("table[aria-busy=true]") === null);
    const texts = await rows.allTextContents();
    expect(texts.every((t) => t.includes(REVIEWER.name))).toBe(true);
    // Newest first.
    expect(texts[0]).toContain(LIFE.denied);
    expect(texts[0]).toContain("Pending → Awaiting committee");
    expect(texts[1]).toContain("requested changes");
    expect(texts[1]).toContain(LIFE.changesFeedback);
    expect(texts[2]).toContain(LIFE.awaitingCommittee);
    await screenshot(page, "committee-activity-filtered");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain("Time");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(LIFE.denied);
    expect(lines[2]).toContain(LIFE.changesFeedback);
    expect(csv).not.toContain(LIFE.awaitingMembers);
    expect(csv).not.toContain("denied the proposal");
    await context.close();
  });
});

describe("a student answers invitations from the dashboard", () => {
  it("declines one (after confirming) and accepts another, which declines the third", async () => {
    const carla = await newStudent(browser, server.url, "Carla Invitee");
    const creators = [];
    for (const [name, title] of [
      ["Anton Creator", "Robots that sort recycling"],
      ["Bea Creator", "Crowd-sourced bus timetables"],
      ["Dev Creator", "Plagiarism detection for code"],
    ]) {
      const s = await newStudent(browser, server.url, name);
      const target = await cellAndSupervisor(s.api, ML, REVIEWER.name);
      const p = await submit(s.api, {
        title,
        ...target,
        memberIds: [await studentId(s.api, "Carla Invitee")],
      });
      expect(p.status).toBe("Awaiting members");
      creators.push({ ...s, proposal: p, title });
    }
    const [anton, bea, dev] = creators;

    const page = carla.page;
    await page.goto("/student/dashboard");
    const card = page.getByRole("region", { name: "Invitations" });
    await card.waitFor();
    await card.getByText("you can join one group a term", { exact: false }).waitFor();
    for (const c of creators) await card.getByRole("article", { name: c.title }).waitFor();
    await screenshot(page, "student-three-invitations");

    // Decline Dev's, after saying so in the confirmation.
    await card.getByRole("article", { name: dev.title }).getByRole("button", { name: "Decline" }).click();
    const dialog = page.getByRole("dialog", { name: "Decline the invitation?" });
    await dialog.getByRole("button", { name: "Decline invitation" }).click();
    await page.getByText(MSG.invitationDeclined(dev.title)).waitFor();
    await card.getByRole("article", { name: dev.title }).waitFor({ state: "detached" });

    // Accept Anton's: Bea's is declined with it, and the card goes.
    await card.getByRole("article", { name: anton.title }).getByRole("button", { name: "Accept" }).click();
    await page.getByText(MSG.invitationAccepted(anton.title)).waitFor();
    await page.getByText(MSG.otherInvitationsDeclined([bea.title])).waitFor();
    await card.waitFor({ state: "detached" });
    const current = page.getByRole("article", { name: anton.title });
    await current.waitFor();
    // Carla was the one left to answer: the group is complete and the proposal is Pending.
    await current.getByText("Pending", { exact: true }).waitFor();
    await current.getByText(`${REVIEWER.name} reviews it next.`).waitFor();
    await screenshot(page, "student-after-accepting");

    // The server agrees: Bea's and Dev's proposals go on without Carla.
    for (const c of [bea, dev]) {
      const { proposal } = await call<{ proposal: { status: string; members: { name: string }[] } }>(
        c.api,
        "GET",
        `/proposals/${c.proposal.id}`,
      );
      expect(proposal.status).toBe("Pending");
      expect(proposal.members.map((m) => m.name)).toEqual([c.creds.name]);
    }
    for (const s of [carla, ...creators]) await s.context.close();
  });

  it("an invitation declined meanwhile (the student submitted their own in another tab) says it is no longer open", async () => {
    const erin = await newStudent(browser, server.url, "Erin Busy");
    const fred = await newStudent(browser, server.url, "Fred Creator");
    const target = await cellAndSupervisor(fred.api, ML, REVIEWER.name);
    await submit(fred.api, {
      title: "Noise maps from phone sensors",
      ...target,
      memberIds: [await studentId(fred.api, "Erin Busy")],
    });
    // Meanwhile Erin submits a proposal of her own in another tab: it takes her place.
    const page = erin.page;
    await page.goto("/student/dashboard");
    await page.getByRole("article", { name: "Noise maps from phone sensors" }).waitFor();
    await submit(erin.api, { title: "Erin's own thesis", ...target });
    // Her own submission declined the invitation: answering it says it is closed.
    await page.getByRole("button", { name: "Accept" }).click();
    await page.getByText(MSG.invitationClosed).waitFor();
    await page.getByRole("region", { name: "Invitations" }).waitFor({ state: "detached" });
    await page.getByRole("article", { name: "Erin's own thesis" }).waitFor();
    for (const s of [erin, fred]) await s.context.close();
  });
});
