import { STUDENT_UNAVAILABLE } from "@shared/schemas/directory";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiPerson, postJson, registerStudentApi, submitProposalApi } from "./support/api";
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
 * Issue 30, items 5 and 6, in the browser:
 * - the creator of a proposal hears of each answer to an invitation once, in words that say who
 *   declined or accepted (and, with the last answer, that the group is complete);
 * - the group picker opens below its label, not over it, and a greyed-out student says why, in the
 *   server's words.
 * Demo department (scripts/lib/seed-demo.ts): Dr. Marco Bianchi supervises in "Software Engineering".
 */

const CELL = "Software Engineering";
const SUPERVISOR = "Dr. Marco Bianchi";

let server: RunningServer;
let browser: Browser;
const reports: A11yReport[] = [];

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  writeReports(reports, "a11y-invitations.txt");
  await browser?.close();
  await server?.stop();
});

function report(title: string) {
  const r = new A11yReport(title);
  reports.push(r);
  return r;
}
const expectClean = (r: A11yReport) => expect(r.failing(), r.format("failing")).toEqual([]);

/** A student registered through the API, and signed in on a browser page as well. */
async function studentWithPage(name: string, options = VIEWPORTS[0].options) {
  const person = await registerStudentApi(server.url, name);
  const { context, page } = await newPage(browser, server.url, options);
  await page.goto("/login");
  // The live events reach the page once its stream is open.
  const streaming = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/events");
  await login(page, person.email, person.password);
  await page.waitForURL("**/student/dashboard");
  await streaming;
  return { person, context, page };
}

const toasts = (page: Page) => page.locator(".mantine-Notification-root");
/** Lets a second notice of the same event arrive, if one were sent. */
const settle = (page: Page) => page.waitForTimeout(1500);

/** Keeps the text of every toast the page shows from now on (they close by themselves). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    const take = () => {
      for (const n of document.querySelectorAll<HTMLElement>(".mantine-Notification-root")) {
        if (n.dataset.recorded) continue;
        n.dataset.recorded = "1";
        seen.push(n.textContent ?? "");
      }
    };
    new MutationObserver(take).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

describe("answers to an invitation, as the creator sees them", () => {
  it("a decline says who declined; the accept that completes the group is one notice that says so", async () => {
    const r = report("creator's notices");
    const { person: creator, context, page } = await studentWithPage("Cora Creator");
    const [decliner, accepter] = await Promise.all([
      registerStudentApi(server.url, "Dee Decliner"),
      registerStudentApi(server.url, "Ace Accepter"),
    ]);
    const id = await submitProposalApi(creator, {
      title: "Told once in the browser",
      cell: CELL,
      supervisor: SUPERVISOR,
      members: [decliner, accepter],
    });
    await page.getByRole("heading", { name: /Hi Cora Creator/ }).waitFor();
    const seen = await recordToasts(page);

    await postJson(decliner, `/api/proposals/${id}/invitation`, { accept: false });
    const declined = toasts(page).filter({ hasText: "Dee Decliner declined your invitation" });
    await declined.first().waitFor();
    await settle(page);
    expect(await declined.count()).toBe(1);
    expect(await declined.textContent()).toContain(
      'Dee Decliner declined your invitation to "Told once in the browser".',
    );
    await screenshot(page, "invitation-declined-toast");
    await r.check(page, "Dashboard with the decline's notice", "desktop 1280×800");

    await postJson(accepter, `/api/proposals/${id}/invitation`, { accept: true });
    const joined = toasts(page).filter({ hasText: "Ace Accepter joined your group" });
    await joined.first().waitFor();
    await settle(page);
    expect(await joined.count()).toBe(1);
    expect(await joined.textContent()).toContain(
      `Everyone invited has answered, so "Told once in the browser" is now with ${SUPERVISOR} for review.`,
    );
    // One notice per answer, each saying who answered: nothing else (no bare "… is now Pending").
    expect(await seen()).toEqual([
      'Dee Decliner declined your invitationDee Decliner declined your invitation to "Told once in the browser".',
      `Ace Accepter joined your groupAce Accepter accepted your invitation to "Told once in the browser". Everyone invited has answered, so "Told once in the browser" is now with ${SUPERVISOR} for review.`,
    ]);
    await screenshot(page, "invitation-joined-toast");
    await r.check(page, "Dashboard with the completing accept's notice", "desktop 1280×800");
    await context.close();
    expectClean(r);
  });
});

/** Places the picker at the bottom of the screen, where a dropdown would rather open upwards. */
async function pickerAtBottom(page: Page) {
  const picker = page.getByRole("combobox", { name: "Group members" });
  await picker.evaluate((el) => el.scrollIntoView({ block: "end" }));
  return picker;
}

/** The boxes of the picker's label and of its open list of options. */
async function boxes(page: Page) {
  const label = await page.locator("label", { hasText: "Group members" }).boundingBox();
  const list = await page.getByRole("listbox").boundingBox();
  return { label: label!, list: list! };
}

describe("the group picker", () => {
  let grouped: ApiPerson;
  let free: ApiPerson;
  beforeAll(async () => {
    [grouped, free] = await Promise.all([
      registerStudentApi(server.url, "Gus Grouped"),
      registerStudentApi(server.url, "Gwen Free"),
    ]);
    // Gus holds his place in the term: his own proposal.
    await submitProposalApi(grouped, { title: "Gus's own proposal", cell: CELL, supervisor: SUPERVISOR });
  });

  for (const vp of VIEWPORTS) {
    it(`opens below its label, and a greyed-out student says why @ ${vp.name}`, async () => {
      const r = report(`group picker @ ${vp.name}`);
      const { context, page } = await studentWithPage(`Picker Creator ${vp.name.split(" ")[0]}`, vp.options);
      await page.goto("/student/proposal");
      await page.getByRole("button", { name: "Submit Proposal" }).waitFor();

      const picker = await pickerAtBottom(page);
      await picker.click();
      await picker.fill("Gus");
      // The server's answer for "Gus" (not the first students by name, shown before it).
      await expect
        .poll(async () => (await page.getByRole("option").allTextContents()).every((t) => /\bGus/.test(t)))
        .toBe(true);
      const taken = page.getByRole("option", {
        name: `Gus Grouped (${grouped.studentId}) — ${STUDENT_UNAVAILABLE.inGroup}`,
      });
      await taken.waitFor();
      expect(await taken.getAttribute("aria-disabled")).toBe("true");
      // Open below the label and its field, never over them.
      const { label, list } = await boxes(page);
      expect(list.y, "the list starts below the label").toBeGreaterThanOrEqual(label.y + label.height);
      const field = await picker.boundingBox();
      expect(list.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
      // And it is on the screen.
      const viewport = page.viewportSize()!;
      expect(list.y + Math.min(list.height, 100)).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `group-picker-${vp.name.split(" ")[0]}`, { fullPage: false });
      await r.check(page, "Submit Proposal, group picker open", vp.name);

      // Choosing the greyed-out one does nothing; a free student is chosen.
      await taken.click({ force: true });
      expect(await page.locator(".mantine-Pill-label").count()).toBe(0);
      await picker.fill("Gwe");
      await page.getByRole("option", { name: `Gwen Free (${free.studentId})`, exact: true }).click();
      await page.locator(".mantine-Pill-label", { hasText: "Gwen Free" }).waitFor();
      await context.close();
      expectClean(r);
    });
  }
});
