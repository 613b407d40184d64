import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../server/src/test/pdf";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
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
  review,
  type Session,
  signedIn,
  submit,
} from "./support/life";

/**
 * Issue 30, items 1–3, on the demo department with the proposal's life set up (support/life.ts):
 * Prof. Ayesha Rahman has the demo's Pending phishing proposal (two days old, Overdue once reviews
 * are due in a day), Changes requested, Awaiting committee and a committee's Denied. She sees them
 * all on Groups; reviews a new version with its PDF in front of her, its diff and a similar
 * proposal (a new student's); Ivan, whose proposal the committee denied, sees it as he types a title
 * like it; is told the approval went to the committee; and every "Back" names where it leads.
 * axe scans each screen at 1280×800 and 390×844; screenshots go to e2e/.artifacts/.
 */
const PHISHING = "Detecting phishing websites with graph neural networks";
const EDGE_V2 = "Energy-aware scheduling for edge devices in greenhouses";
const SIMILAR = "Energy-aware scheduling for edge devices on farms";

let server: RunningServer;
let browser: Browser;
let nadia: { email: string; password: string };
let ivan: { email: string; password: string };
const report = new A11yReport("Supervisor desk (issue 30)");

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
  ({ nadia, ivan } = await lifeScenario(browser, server.url));
  const committee = await signedIn(browser, server.url, COMMITTEE);
  // Reviews are due a day after: the demo's two-day-old Pending proposal is Overdue.
  const terms = await call<{ items: { id: string; current: boolean }[] }>(committee.api, "GET", "/terms");
  await call(committee.api, "PATCH", `/terms/${terms.items.find((t) => t.current)!.id}`, {
    reviewDueDays: 1,
  });
  await committee.context.close();
  // Nadia answers the requested changes with version 2 and a PDF; Ivan, denied, submits a new proposal
  // with a title like hers.
  const n = await signedIn(browser, server.url, nadia.email, nadia.password);
  const mine = await call<{ items: { id: string }[] }>(n.api, "GET", "/proposals");
  const upload = await n.api.post("/api/files", {
    multipart: {
      file: { name: "greenhouses.pdf", mimeType: "application/pdf", buffer: makePdf(["Greenhouse plan"]) },
    },
  });
  expect(upload.status()).toBe(201);
  await call(n.api, "POST", `/proposals/${mine.items[0].id}/versions`, {
    title: EDGE_V2,
    abstract: "We schedule edge devices in greenhouses by their energy budget.",
    documentId: (await upload.json()).id,
    note: "Narrowed to greenhouses.",
  });
  await n.context.close();
  const omid = await newStudent(browser, server.url, "Omid Karimi");
  const similar = await submit(omid.api, {
    title: SIMILAR,
    ...(await cellAndSupervisor(omid.api, ML, REVIEWER.name)),
  });
  await omid.context.close();
  // Nadia's is Pending again: Omid's keeps a group in Changes requested.
  const reviewer = await signedIn(browser, server.url, REVIEWER.email);
  await review(reviewer.api, similar.id, "Changes requested", "Say which farms.");
  await reviewer.context.close();
  // The department's whole life set up through the browser's sessions: slow on a busy machine.
}, 400_000);
afterAll(async () => {
  writeReports([report], "a11y-supervisor-desk.txt");
  await browser?.close();
  await server?.stop();
});

const sections = (page: Page) =>
  page.locator("main section h2").evaluateAll((hs) => hs.map((h) => h.textContent));

describe("the supervisor's desk", { timeout: 240_000 }, () => {
  for (const vp of VIEWPORTS) {
    const tag = vp.name.startsWith("phone") ? "phone" : "desktop";

    it(`item 1, ${vp.name}: Groups shows every group of the term by state, Pending first and Overdue marked, each opening its page`, async () => {
      const s = await signedIn(browser, server.url, REVIEWER.email);
      const { page } = await reopen(s, vp.options);
      await page.goto("/supervisor/dashboard");
      await openMenu(page, tag, "Groups");
      await page.waitForURL("**/supervisor/groups");
      await page.getByRole("heading", { name: "Pending", level: 2 }).waitFor();
      expect(await sections(page)).toEqual(["Pending", "Changes requested", "Awaiting committee", "Denied"]);
      const pending = page.locator("section", {
        has: page.getByRole("heading", { name: "Pending", level: 2 }),
      });
      await pending.getByText(PHISHING).waitFor();
      await pending.getByText(EDGE_V2).waitFor();
      // The two-day-old one is overdue (reviews due in a day), the new version's is not.
      expect(await pending.locator("[data-overdue]").count()).toBe(1);
      await page.locator("section", { hasText: "Changes requested" }).getByText(SIMILAR).waitFor();
      await page
        .locator("section", { hasText: "Awaiting committee" })
        .getByText(LIFE.awaitingCommittee)
        .waitFor();
      await page.locator("section", { hasText: "Denied" }).getByText(LIFE.denied).waitFor();
      await report.check(page, "Groups", vp.name);
      await screenshot(page, `issue30-groups-${tag}`);
      // A group opens its proposal, whose Back leads back here by name.
      await page.getByRole("link", { name: LIFE.awaitingCommittee }).click();
      await page.waitForURL("**/supervisor/proposals/*");
      await page.getByRole("link", { name: "Back to Groups" }).click();
      await page.waitForURL("**/supervisor/groups");
      await s.context.close();
    });

    it(`item 2, ${vp.name}: the review shows the document, the versions and the diff, and a similar proposal`, async () => {
      const s = await signedIn(browser, server.url, REVIEWER.email);
      const { page } = await reopen(s, vp.options);
      await page.goto("/supervisor/requests");
      await page.getByRole("button", { name: `Review ${EDGE_V2}` }).click();
      const dialog = page.getByRole("dialog", { name: "Review proposal" });
      await dialog.getByText("Changes since version 1").waitFor();
      await dialog.locator("ins", { hasText: "greenhouses" }).first().waitFor();
      expect(
        await dialog.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem").count(),
      ).toBe(2);
      await dialog.getByRole("link", { name: "greenhouses.pdf" }).first().waitFor();
      const similar = dialog.getByRole("region", { name: "A similar proposal" });
      await similar.getByRole("link", { name: SIMILAR }).waitFor();
      await similar.getByText("Changes requested").waitFor();
      const open = dialog.getByRole("link", { name: "Open in a new tab" });
      const url = (await open.getAttribute("href"))!;
      expect(url).toMatch(/^\/api\/files\/[0-9a-f-]+\?view=inline$/);
      // Served sandboxed, inline, to be framed by our own pages only.
      const served = await s.context.request.get(url);
      expect(served.headers()["content-security-policy"]).toBe(
        "sandbox; default-src 'none'; frame-ancestors 'self'",
      );
      expect(served.headers()["content-disposition"]).toMatch(/^inline; /);
      if (tag === "desktop") {
        const frame = dialog.locator("iframe[title='Document: greenhouses.pdf']");
        await frame.waitFor();
        expect(await frame.getAttribute("src")).toBe(url);
        // Chromium's viewer shows it inside the window.
        await expect.poll(() => page.frames().some((f) => f.url().endsWith(url))).toBe(true);
        await page.waitForTimeout(1500);
      } else expect(await dialog.locator("iframe").count()).toBe(0);
      await report.check(page, "Review window", vp.name);
      await screenshot(page, `issue30-review-${tag}`);
      await s.context.close();
    });
  }

  it("item 2, student: the Submit Proposal form shows their own similar proposal while they type a title", async () => {
    for (const vp of VIEWPORTS) {
      const tag = vp.name.startsWith("phone") ? "phone" : "desktop";
      const s = await signedIn(browser, server.url, ivan.email, ivan.password);
      const { page } = await reopen(s, vp.options);
      // The committee denied Ivan's proposal: he is free to submit another.
      await page.goto("/student/proposal");
      await page.getByRole("textbox", { name: "Title" }).fill("Predicting dropout from Wi-Fi logs");
      const similar = page.getByRole("region", { name: "A similar proposal" });
      await similar.getByRole("link", { name: LIFE.denied }).waitFor();
      await report.check(page, "Submit Proposal, similar titles", vp.name);
      await screenshot(page, `issue30-student-similar-${tag}`);
      await s.context.close();
    }
  });

  it("item 3: one Request item for both addresses; the approval that goes to the committee says so; Back names the screen", async () => {
    const s = await signedIn(browser, server.url, REVIEWER.email);
    const { page } = s;
    const nav = page.getByRole("navigation", { name: "Supervisor navigation" });
    expect(await nav.getByRole("link", { name: "Request" }).getAttribute("href")).toBe(
      "/supervisor/requests",
    );
    expect(await nav.getByRole("link", { name: "Pending Proposals" }).count()).toBe(0);
    await page.goto("/supervisor/pending-proposals");
    await page.getByRole("heading", { name: "Pending Proposals", level: 1 }).waitFor();
    expect(await nav.getByRole("link", { name: "Request" }).getAttribute("data-active")).toBe("true");
    // From Pending Proposals, Back says so; from Requests, Requests; from the dashboard's list, Dashboard.
    await page.getByRole("link", { name: PHISHING }).click();
    await page.getByRole("link", { name: "Back to Pending Proposals" }).click();
    await page.waitForURL("**/supervisor/pending-proposals");
    await page.goto("/supervisor/requests");
    await page.getByRole("link", { name: PHISHING }).click();
    await page.getByRole("link", { name: "Back to Requests" }).click();
    await page.waitForURL("**/supervisor/requests");
    await page.goto("/supervisor/dashboard");
    await page.getByRole("button", { name: /^Total Groups/ }).click();
    await page.getByRole("dialog").getByRole("link", { name: PHISHING }).click();
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe(
      "/supervisor/dashboard",
    );
    await report.check(page, "Proposal page opened from the dashboard", "desktop 1280×800");

    // The term asks for the committee's sign-off: Approve does not say "Approved successfully".
    await page.goto("/supervisor/requests");
    await page.getByRole("button", { name: `Review ${EDGE_V2}` }).click();
    const dialog = page.getByRole("dialog", { name: "Review proposal" });
    await dialog.getByRole("button", { name: "Approve" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByText(MSG.approvedToCommittee).waitFor();
    expect(await page.getByText(MSG.proposalReviewed("Approved")).count()).toBe(0);
    await report.check(page, "Requests after an approval to the committee", "desktop 1280×800");
    await screenshot(page, "issue30-approved-to-committee");
    await s.context.close();
    expect(report.failing(), report.format("failing")).toEqual([]);
  });
});

/** The session's cookies in a new context of the viewport. */
async function reopen(s: Session, options: (typeof VIEWPORTS)[number]["options"]) {
  const state = await s.context.storageState();
  await s.context.close();
  const opened = await newPage(browser, server.url, { ...options, storageState: state });
  s.context = opened.context;
  s.page = opened.page;
  s.api = opened.context.request;
  return opened;
}

/** A sidebar item: on a phone the sidebar opens from its burger first. */
async function openMenu(page: Page, tag: string, name: string) {
  if (tag === "phone") await page.getByRole("button", { name: "Toggle navigation" }).click();
  await page.getByRole("navigation", { name: "Supervisor navigation" }).getByRole("link", { name }).click();
}
