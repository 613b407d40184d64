import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../server/src/test/pdf";
import { signInApi } from "./support/api";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
} from "./support/harness";
import { call, cellAndSupervisor, decide, review, submit } from "./support/life";
import { markAndRelease } from "./support/release";

/**
 * A thesis being written and submitted, in the browser (issue 31 items 2 and 3, DESIGN.md §16):
 * a student's approved proposal has started its thesis; the member opens it from the sidebar,
 * uploads a draft, declares their own work and submits; the supervisor then sees it Submitted
 * with the final draft and books its defense by "Find a time", and the committee sees it on its
 * Theses list; once marked and released, a visitor without login finds it in the archive with its
 * PDF (issue 31 item 6). On a desktop and a phone,
 * with axe on each screen as each person sees it.
 */
const CELL = "Software Engineering";
const SUPERVISOR = { name: "Dr. Marco Bianchi", email: "marco.bianchi@demo.example.edu" };
const COMMITTEE = "committee@demo.example.edu";

let server: RunningServer;
let browser: Browser;
let files: string;
const reports: A11yReport[] = [];

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: "Europe/Berlin" }, { demo: true });
  browser = await launchBrowser();
  files = mkdtempSync(path.join(tmpdir(), "thesisdesk-thesis-e2e-"));
});
afterAll(async () => {
  writeReports(reports, "a11y-thesis-writing.txt");
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** The state the thesis's page shows beside its title. */
const pageState = (page: Page) =>
  page.locator("main [data-thesis-state]").first().getAttribute("data-thesis-state");

/** Opens an item of the sidebar: behind the burger on a phone. */
async function nav(page: Page, label: string) {
  const link = page.getByRole("navigation").getByRole("link", { name: label, exact: true });
  // The collapsed phone menu stays in the page, off screen: the burger tells the layouts apart.
  await link.waitFor({ state: "attached" });
  const burger = page.getByRole("button", { name: "Toggle navigation" });
  if (await burger.isVisible()) await burger.click();
  await link.click();
  await page.waitForURL("**/theses");
  await page.getByRole("heading", { name: "Theses", level: 1 }).waitFor();
}

/** Clicks an action of the thesis, then the dialog's confirming button (after `fill`). */
async function act(
  page: Page,
  action: string,
  confirm: string,
  fill?: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
) {
  await page
    .getByRole("group", { name: "Thesis actions" })
    .getByRole("button", { name: action, exact: true })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await fill?.(dialog);
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

describe("a thesis written and submitted", () => {
  for (const vp of VIEWPORTS) {
    it(`a member uploads a draft, declares and submits; the supervisor and the committee see it; released, it is in the archive (${vp.name})`, async () => {
      const report = new A11yReport(`thesis writing (${vp.name})`);
      reports.push(report);
      const tag = vp.name.startsWith("phone") ? "phone" : "desktop";
      const title = `Thesis journey on the ${tag}`;

      // The student registers; their proposal is approved (through the API), which starts the thesis.
      const student = await newPage(browser, server.url, vp.options);
      await registerStudent(student.page, `Thesis Writer ${tag}`);
      const teacher = await signInApi(server.url, SUPERVISOR.email);
      const ids = await cellAndSupervisor(student.context.request, CELL, SUPERVISOR.name);
      const proposal = await submit(student.context.request, { title, ...ids });
      await review(teacher.api, proposal.id, "Approved");
      const committee = await signInApi(server.url, COMMITTEE);
      const now = await call<{ proposal: { status: string } }>(
        committee.api,
        "GET",
        `/proposals/${proposal.id}`,
      );
      if (now.proposal.status === "Awaiting committee") await decide(committee.api, proposal.id, "Approved");

      // The member opens their thesis from the sidebar.
      const page = student.page;
      await nav(page, "Thesis");
      await page.getByRole("link", { name: title }).first().click();
      await page.getByRole("heading", { name: title, level: 1 }).waitFor();
      await screenshot(page, `thesis-member-writing-${tag}`);
      await expect.poll(() => pageState(page)).toBe("Writing");
      await expect(
        page
          .getByText(/days left\)/)
          .first()
          .isVisible(),
      ).resolves.toBe(true);
      await report.check(page, "thesis in Writing (member)", vp.name);

      // A draft.
      const pdf = path.join(files, `draft-${tag}.pdf`);
      writeFileSync(pdf, makePdf([title, "Draft 1"]));
      await act(page, "Upload a draft", "Upload draft", async (dialog) => {
        // A thesis draft may be up to 50 MB (decision 0080), the field says so.
        await dialog.getByText("PDF only, at most 50 MB.").waitFor();
        await screenshot(page, `thesis-upload-draft-${tag}`);
        await dialog.locator('input[type="file"]').setInputFiles(pdf);
        await dialog.getByRole("link", { name: `draft-${tag}.pdf` }).waitFor();
      });
      const drafts = page.getByRole("list", { name: "Drafts" });
      await drafts.getByText("Draft 1").waitFor();

      // The declaration, then the submission.
      await act(page, "Declare my own work", "Declare", async (dialog) => {
        await dialog.getByRole("checkbox", { name: /I declare this/ }).check();
      });
      await page
        .getByRole("list", { name: "Declarations" })
        .getByText(/declared/)
        .waitFor();
      await act(page, "Submit thesis", "Submit thesis");
      await expect.poll(() => pageState(page), { timeout: 15_000 }).toBe("Submitted");
      await drafts.getByText("Final").waitFor();
      await screenshot(page, `thesis-member-submitted-${tag}`);
      await report.check(page, "thesis Submitted (member)", vp.name);

      // The supervisor finds it on their Theses list and sees it Submitted with its final draft.
      const sup = await newPage(browser, server.url, vp.options);
      await sup.page.goto("/login");
      await login(sup.page, SUPERVISOR.email, DEMO_PASSWORD);
      await sup.page.waitForURL("**/dashboard");
      await nav(sup.page, "Theses");
      await sup.page.getByRole("link", { name: title }).first().click();
      await expect.poll(() => pageState(sup.page), { timeout: 15_000 }).toBe("Submitted");
      await sup.page.getByRole("list", { name: "Drafts" }).getByText("Final").waitFor();
      await sup.page.getByRole("button", { name: "Return for correction" }).waitFor();
      await screenshot(sup.page, `thesis-supervisor-submitted-${tag}`);
      await report.check(sup.page, "thesis Submitted (supervisor)", vp.name);

      // Its defense (issue 32, §18): the supervisor finds a time and books it with one click.
      await call(committee.api, "POST", "/rooms", { name: `Defense room ${tag}`, capacity: 20 });
      const defense = sup.page.getByRole("region", { name: "Defense" });
      await defense.getByRole("button", { name: "Find a time" }).click();
      await defense
        .getByRole("button", { name: /^Book / })
        .first()
        .click();
      await defense.getByRole("button", { name: "Move defense" }).waitFor();
      await defense.getByText("Public").waitFor();
      await screenshot(sup.page, `thesis-defense-supervisor-${tag}`);
      await report.check(sup.page, "thesis defense scheduled (supervisor)", vp.name);
      await defense.getByRole("button", { name: "Move defense" }).click();
      await sup.page.getByRole("dialog", { name: "Move defense" }).waitFor();
      await report.check(sup.page, "move defense dialog (supervisor)", vp.name);
      await sup.page.keyboard.press("Escape");
      await sup.page.getByRole("dialog").waitFor({ state: "hidden" });

      // The first examiner's assessment dialog (§17): rubric scores, a grade for all, two comments.
      await sup.page.getByRole("button", { name: "Hand in your assessment" }).click();
      await sup.page.getByRole("dialog", { name: "Hand in your assessment" }).waitFor();
      await screenshot(sup.page, `thesis-assessment-dialog-${tag}`);
      await report.check(sup.page, "assessment dialog (first examiner)", vp.name);
      await sup.page.keyboard.press("Escape");
      await sup.page.getByRole("dialog").waitFor({ state: "hidden" });

      // The committee's list of theses, filtered to Submitted.
      const com = await newPage(browser, server.url, vp.options);
      await com.page.goto("/login");
      await login(com.page, COMMITTEE, DEMO_PASSWORD);
      await com.page.waitForURL("**/dashboard");
      await com.page.goto("/committee/theses?state=Submitted");
      await com.page.getByRole("link", { name: title }).first().waitFor();
      await screenshot(com.page, `thesis-committee-list-${tag}`);
      await report.check(com.page, "theses list (committee)", vp.name);

      // The committee's thesis page: marking and release, and the examiners dialog.
      await com.page.getByRole("link", { name: title }).first().click();
      const examiner = com.page.getByRole("button", { name: /(Name|Replace) the second examiner/ });
      await examiner.click();
      await com.page.getByRole("dialog", { name: /the second examiner/ }).waitFor();
      await screenshot(com.page, `thesis-examiners-dialog-${tag}`);
      await report.check(com.page, "examiners dialog (committee)", vp.name);
      await com.page.keyboard.press("Escape");
      await com.page.getByRole("dialog").waitFor({ state: "hidden" });
      await screenshot(com.page, `thesis-committee-page-${tag}`);
      await report.check(com.page, "thesis Submitted (committee)", vp.name);

      // Released (through the API: the second examiner, the proposal and consent, both assessments,
      // the release), it is in the archive (§19): a visitor without login finds it by its title,
      // opens it and gets its final PDF.
      const thesisId = new URL(com.page.url()).pathname.split("/").pop()!;
      const me = await call<{ user: { id: string } }>(student.context.request, "GET", "/me");
      await markAndRelease(server.url, { id: me.user.id, api: student.context.request }, thesisId, "Public");
      const visitor = await newPage(browser, server.url, vp.options);
      await visitor.page.goto("/archive");
      await visitor.page.getByRole("searchbox", { name: "Search titles and abstracts" }).fill(title);
      await visitor.page
        .getByRole("list", { name: "Archive entries" })
        .getByRole("link", { name: title })
        .click();
      await visitor.page.getByRole("heading", { name: title, level: 1 }).waitFor();
      const href = await visitor.page
        .getByRole("link", { name: "Download the final PDF" })
        .getAttribute("href");
      // The final document is the draft the member uploaded.
      const final = await visitor.context.request.get(href!);
      expect(final.status()).toBe(200);
      expect(final.headers()["content-type"]).toBe("application/pdf");
      expect(final.headers()["content-disposition"]).toContain(`draft-${tag}.pdf`);
      await screenshot(visitor.page, `thesis-archived-${tag}`);
      await report.check(visitor.page, "the released thesis in the archive (anonymous)", vp.name);

      for (const c of [student.context, sup.context, com.context, visitor.context]) await c.close();
      expect(report.failing(), report.format("failing")).toEqual([]);
    });
  }
});
