import { readFileSync } from "node:fs";
import { wallToUtc } from "@shared/time";
import { addDays, dayAt, mondayOf } from "@shared/week";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../server/src/test/pdf";
import { type ApiPerson, registerStudentApi, signInApi } from "./support/api";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";
import { call, cellAndSupervisor, decide, review, submit } from "./support/life";

/**
 * The committee's Defenses screen and a member's "Add to calendar" (issue 32 item 8, decision
 * 0078): two theses are submitted and their defenses booked next week (one in a room, one online)
 * through the API; the committee opens Defenses from the sidebar, sees them in the list and in the
 * week, filters by room and by person, and opens a thesis; a member downloads the defense's .ics
 * from the thesis page. On a desktop and a phone, with axe on each screen.
 */
const ZONE = "Europe/Berlin";
const CELL = "Software Engineering";
const SUPERVISOR = { name: "Dr. Marco Bianchi", email: "marco.bianchi@demo.example.edu" };
const COMMITTEE = "committee@demo.example.edu";
const ROOM = "Defense Hall 1";

let server: RunningServer;
let browser: Browser;
const reports: A11yReport[] = [];
const theses: { id: string; title: string; member: ApiPerson; startsAt: string }[] = [];
/** Next week's Monday in the zone. */
let monday: string;

/** A student's thesis, approved, a draft uploaded, declared and submitted (all through the API). */
async function submittedThesis(title: string, memberName: string) {
  const member = await registerStudentApi(server.url, memberName);
  const teacher = await signInApi(server.url, SUPERVISOR.email);
  const committee = await signInApi(server.url, COMMITTEE);
  const proposal = await submit(member.api, {
    title,
    ...(await cellAndSupervisor(member.api, CELL, SUPERVISOR.name)),
  });
  await review(teacher.api, proposal.id, "Approved");
  const now = await call<{ proposal: { status: string } }>(committee.api, "GET", `/proposals/${proposal.id}`);
  if (now.proposal.status === "Awaiting committee") await decide(committee.api, proposal.id, "Approved");
  const mine = await call<{ items: { id: string; title: string }[] }>(member.api, "GET", "/theses");
  const id = mine.items.find((t) => t.title === title)!.id;
  const upload = await member.api.post("/api/files", {
    multipart: { file: { name: "final.pdf", mimeType: "application/pdf", buffer: makePdf([title]) } },
  });
  expect(upload.status()).toBe(201);
  await call(member.api, "POST", `/theses/${id}/drafts`, { documentId: (await upload.json()).id });
  await call(member.api, "PUT", `/theses/${id}/declaration`, { declaration: true });
  await call(member.api, "POST", `/theses/${id}/submission`, {});
  return { id, member, committee: committee.api };
}

async function book(committee: APIRequestContext, thesisId: string, wall: string, place: object) {
  const startsAt = wallToUtc(wall, ZONE)!;
  await call(committee, "POST", `/theses/${thesisId}/defense`, { startsAt, public: true, ...place });
  return startsAt;
}

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: ZONE }, { demo: true });
  browser = await launchBrowser();
  monday = addDays(mondayOf(dayAt(new Date().toISOString(), ZONE)), 7);
  const a = await submittedThesis("Defended in a hall", "Dana Hallmember");
  const { room } = await call<{ room: { id: string } }>(a.committee, "POST", "/rooms", {
    name: ROOM,
    capacity: 30,
  });
  const startsA = await book(a.committee, a.id, `${addDays(monday, 1)}T10:00`, { roomId: room.id });
  theses.push({ id: a.id, title: "Defended in a hall", member: a.member, startsAt: startsA });
  const b = await submittedThesis("Defended online", "Omar Onlinemember");
  const startsB = await book(b.committee, b.id, `${addDays(monday, 2)}T14:00`, {
    onlineUrl: "https://meet.example.edu/defense",
  });
  theses.push({ id: b.id, title: "Defended online", member: b.member, startsAt: startsB });
}, 180_000);
afterAll(async () => {
  writeReports(reports, "a11y-defenses.txt");
  await browser?.close();
  await server?.stop();
});

/** Opens an item of the sidebar: behind the burger on a phone. */
async function nav(page: Page, label: string) {
  const link = page.getByRole("navigation").getByRole("link", { name: label, exact: true });
  await link.waitFor({ state: "attached" });
  const burger = page.getByRole("button", { name: "Toggle navigation" });
  if (await burger.isVisible()) await burger.click();
  await link.click();
}

/** A choice of a SegmentedControl: its label is what a person clicks (the radio itself is hidden). */
async function view(page: Page, label: string) {
  await page
    .locator("label")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
  await expect.poll(() => page.getByRole("radio", { name: label }).isChecked()).toBe(true);
}

async function choose(page: Page, field: string, option: string | null) {
  const box = page.getByRole("combobox", { name: field });
  if (option === null) {
    // The Select's clear button, by its label (getByRole does not find it).
    await page.locator(`button[aria-label="Clear the ${field.toLowerCase()}"]`).click();
    await expect.poll(() => box.inputValue()).toBe("");
    return;
  }
  await box.click();
  await page.getByRole("option", { name: option }).click();
}

describe("the committee's Defenses and a member's Add to calendar", () => {
  for (const vp of VIEWPORTS) {
    it(`lists, weeks, filters and opens a defense; a member adds it to their calendar (${vp.name})`, async () => {
      const report = new A11yReport(`defenses (${vp.name})`);
      reports.push(report);
      const tag = vp.name.startsWith("phone") ? "phone" : "desktop";
      const [hall, online] = theses;

      const com = await newPage(browser, server.url, vp.options);
      const page = com.page;
      await page.goto("/login");
      await login(page, COMMITTEE, DEMO_PASSWORD);
      await page.waitForURL("**/dashboard");
      await nav(page, "Defenses");
      await page.waitForURL("**/committee/defenses");
      await page.getByRole("heading", { name: "Defenses", level: 1 }).waitFor();

      // The list: upcoming, by start.
      const main = page.getByRole("main");
      await main.getByRole("link", { name: hall.title }).waitFor();
      await main.getByRole("link", { name: online.title }).waitFor();
      await main.getByText(ROOM).first().waitFor();
      await screenshot(page, `defenses-list-${tag}`);
      await report.check(page, "Defenses list (committee)", vp.name);

      // The week: this week has none of them; the next one has both, on Tuesday and Wednesday.
      await view(page, "Week");
      await page.getByRole("button", { name: "Next week" }).click();
      await page.waitForURL(`**/committee/defenses?view=week&week=${monday}`);
      const week = page.getByTestId("defense-week");
      const tuesday = week.getByRole("region", { name: /^Tuesday, / });
      await tuesday.getByRole("link", { name: hall.title }).waitFor();
      await tuesday.getByText("10:00–10:45").waitFor();
      const wednesday = week.getByRole("region", { name: /^Wednesday, / });
      await wednesday.getByRole("link", { name: online.title }).waitFor();
      await wednesday.getByText("Online", { exact: true }).waitFor();
      await expect(
        week
          .getByRole("region", { name: /^Monday, / })
          .getByText("No defenses")
          .isVisible(),
      ).resolves.toBe(true);
      await screenshot(page, `defenses-week-${tag}`);
      await report.check(page, "Defenses week (committee)", vp.name);

      // Filters: by room, then by person.
      await choose(page, "Room", ROOM);
      await main.getByRole("link", { name: online.title }).waitFor({ state: "detached" });
      await main.getByRole("link", { name: hall.title }).waitFor();
      await choose(page, "Room", null);
      await main.getByRole("link", { name: online.title }).waitFor();
      await choose(page, "Person", online.member.name);
      await main.getByRole("link", { name: hall.title }).waitFor({ state: "detached" });
      await main.getByRole("link", { name: online.title }).waitFor();
      await screenshot(page, `defenses-week-filtered-${tag}`);
      await report.check(page, "Defenses week filtered by person (committee)", vp.name);

      // This week again, then the list, still filtered; the thesis opens from its defense.
      await page.getByRole("button", { name: "This week" }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get("week")).toBe(null);
      await view(page, "List");
      await main.getByRole("link", { name: online.title }).click();
      await page.waitForURL(`**/committee/theses/${online.id}`);
      await page.getByRole("heading", { name: online.title, level: 1 }).waitFor();
      await page
        .getByRole("region", { name: "Defense" })
        .getByText("Online: https://meet.example.edu/defense")
        .waitFor();
      await com.context.close();

      // A member adds the defense to their calendar from the thesis page.
      const mem = await newPage(browser, server.url, { ...vp.options, acceptDownloads: true });
      await mem.page.goto("/login");
      await login(mem.page, hall.member.email, hall.member.password);
      await mem.page.waitForURL("**/dashboard");
      await mem.page.goto(`/student/theses/${hall.id}`);
      const defense = mem.page.getByRole("region", { name: "Defense" });
      const add = defense.getByRole("link", { name: "Add to calendar" });
      await add.waitFor();
      await screenshot(mem.page, `defense-add-to-calendar-${tag}`);
      await report.check(mem.page, "thesis defense with Add to calendar (member)", vp.name);
      const [file] = await Promise.all([mem.page.waitForEvent("download"), add.click()]);
      expect(file.suggestedFilename()).toBe("defense.ics");
      const ics = readFileSync((await file.path())!, "utf8");
      expect(ics).toContain("METHOD:PUBLISH");
      expect(ics).toContain(`UID:defense-`);
      expect(ics).toContain(`DTSTART:${hall.startsAt.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      expect(ics).toContain(`LOCATION:${ROOM}`);
      await mem.context.close();

      expect(report.failing(), report.format("failing")).toEqual([]);
    });
  }
});
