import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import { dayTimeInZone, wallToUtc } from "@shared/time";
import type { Browser, Locator, Page } from "playwright-core";
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
import { CELL, COMMITTEE, SECOND_EXAMINER, SUPERVISOR } from "./support/release";

/**
 * A thesis from its approval to the archive, in the browser, each step by the person who takes it
 * (issues 31 and 32, DESIGN.md §16–§19): a student's approved proposal has started its thesis; the
 * member opens it from the sidebar, uploads a draft, declares their own work and submits; the
 * supervisor sees it Submitted with the final draft, books its defense by "Find a time", moves it
 * in the Move defense dialog, cancels it and schedules it again by hand (online) in the Schedule
 * defense dialog; the supervisor proposes Public and the member
 * consents; the committee names the second examiner in the examiners dialog; both examiners hand
 * in their assessments; the committee releases the grades; the member reads their grade and the
 * comments for the students (never an internal comment); a visitor without login finds the thesis
 * in the archive with its PDF (issue 31 item 6). On a desktop and a phone, with axe on each screen
 * and dialog as each person sees it. Runs on PGlite and PostgreSQL (decision 0081).
 */
const ZONE = "Europe/Berlin";
/** How the examiners dialog lists a teacher. */
const SECOND_EXAMINER_OPTION = `${SECOND_EXAMINER.name} (${SECOND_EXAMINER.email})`;
/** The demo's Default term marks in percent with one rubric component, Overall. */
const GRADE = "78";
const ASSESSMENTS = {
  first: {
    score: "80",
    forStudents: "A clear, well-argued thesis; the evaluation could go further.",
    internal: "First examiner, internal: chapter 4 leans on one data set.",
  },
  second: {
    score: "76",
    forStudents: "Solid work with a careful related-work chapter.",
    internal: "Second examiner, internal: agreed with the first examiner by phone.",
  },
} as const;

let server: RunningServer;
let browser: Browser;
let files: string;
const reports: A11yReport[] = [];

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: ZONE }, { demo: true });
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

/**
 * Clicks, and sees the toast that says `text`. The wait starts before the click: the toast closes
 * by itself after 4 s, which a loaded machine could let pass before a wait begun after the click.
 */
const clickAndToast = async (page: Page, button: Locator, text: string) => {
  await Promise.all([
    page.locator(".mantine-Notification-root").filter({ hasText: text }).first().waitFor(),
    button.click(),
  ]);
};

/**
 * Clicks an action of the thesis, then the dialog's confirming button (after `fill`); with `done`,
 * sees the toast that says it.
 */
async function act(
  page: Page,
  action: string,
  confirm: string,
  fill?: (dialog: ReturnType<Page["getByRole"]>) => Promise<void>,
  done?: string,
) {
  await page
    .getByRole("group", { name: "Thesis actions" })
    .getByRole("button", { name: action, exact: true })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await fill?.(dialog);
  const button = dialog.getByRole("button", { name: confirm, exact: true });
  await (done ? clickAndToast(page, button, done) : button.click());
  await dialog.waitFor({ state: "hidden" });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The value of a labelled fact (a description list's term, then its description) in `scope`. */
const fact = (scope: Locator, label: string) =>
  scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator("xpath=following-sibling::dd[1]");

/**
 * Opens a select and picks one of its options (the list is in a portal, outside the select); a
 * searchable one is typed into first, as a person would in a long list.
 */
async function choose(page: Page, select: Locator, option: string, { search = false } = {}) {
  await select.click();
  if (search) await select.fill(option);
  await page.getByRole("listbox").getByRole("option", { name: option, exact: true }).click();
  await expect.poll(() => select.inputValue()).toBe(option);
}

/** The same wall-clock time on the next weekday: "2026-12-04T10:00" (a Friday) → "2026-12-07T10:00". */
function nextWorkingDay(wall: string) {
  const day = new Date(`${wall.slice(0, 10)}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return `${day.toISOString().slice(0, 10)}${wall.slice(10)}`;
}

/**
 * An examiner hands in their assessment through "Hand in your assessment" (§17): the score of the
 * rubric's one component, the grade for the one member, a comment for the students and an
 * internal one; `before` runs with the dialog filled, before it is saved.
 */
async function handIn(
  page: Page,
  place: "First examiner" | "Second examiner",
  memberName: string,
  a: { score: string; forStudents: string; internal: string },
  before?: () => Promise<void>,
) {
  const marking = page.getByRole("region", { name: "Marking" });
  await marking.getByRole("button", { name: "Hand in your assessment" }).click();
  const dialog = page.getByRole("dialog", { name: "Hand in your assessment" });
  await dialog.getByRole("textbox", { name: "Overall (weight 100)" }).fill(a.score);
  await dialog.getByText(`Weighted score: ${a.score} of 100`).waitFor();
  await choose(page, dialog.getByRole("combobox", { name: `Grade for ${memberName}` }), GRADE, {
    search: true,
  });
  await dialog.getByRole("textbox", { name: "Comment for the students" }).fill(a.forStudents);
  await dialog.getByRole("textbox", { name: "Internal comment" }).fill(a.internal);
  await before?.();
  await clickAndToast(
    page,
    dialog.getByRole("button", { name: "Save assessment", exact: true }),
    MSG.assessmentSaved,
  );
  await dialog.waitFor({ state: "detached" });
  // Theirs is in (the other examiner's stays "Not in yet" to them until both are in: blind).
  await marking
    .getByRole("article", { name: `${place}'s assessment` })
    .getByText("In", { exact: true })
    .waitFor();
}

describe("a thesis from its approval to the archive", () => {
  for (const vp of VIEWPORTS) {
    it(`a member writes and submits; the supervisor books, moves, cancels and schedules the defense; the examiners are named and assess; the grades are released to the member; it is in the archive (${vp.name})`, async () => {
      const report = new A11yReport(`thesis writing (${vp.name})`);
      reports.push(report);
      const tag = vp.name.startsWith("phone") ? "phone" : "desktop";
      const title = `Thesis journey on the ${tag}`;

      // The student registers; their proposal is approved (through the API), which starts the thesis.
      const student = await newPage(browser, server.url, vp.options);
      const memberName = `Thesis Writer ${tag}`;
      await registerStudent(student.page, memberName);
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
      await page
        .getByText(/days left\)/)
        .first()
        .waitFor();
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

      // Its defense (issue 32, §18): the supervisor finds a time and books it with one click…
      await call(committee.api, "POST", "/rooms", { name: `Defense room ${tag}`, capacity: 20 });
      const defense = sup.page.getByRole("region", { name: "Defense" });
      await defense.getByRole("button", { name: "Find a time" }).click();
      await clickAndToast(
        sup.page,
        defense.getByRole("button", { name: /^Book / }).first(),
        MSG.defenseScheduled,
      );
      await defense.getByRole("button", { name: "Move defense" }).waitFor();
      await defense.getByText("Public", { exact: true }).waitFor();
      const booked = (await fact(defense, "When").textContent()) ?? "";
      await screenshot(sup.page, `thesis-defense-supervisor-${tag}`);
      await report.check(sup.page, "thesis defense scheduled (supervisor)", vp.name);

      // …moves it to the same time on the next working day in the Move defense dialog…
      await defense.getByRole("button", { name: "Move defense" }).click();
      const move = sup.page.getByRole("dialog", { name: "Move defense" });
      // A datetime-local field: no textbox role, found by its label (which ends in the required " *").
      const starts = move.getByLabel("Starts");
      const bookedWall = await starts.inputValue();
      expect(booked).toContain(dayTimeInZone(wallToUtc(bookedWall, ZONE)!, ZONE));
      const movedWall = nextWorkingDay(bookedWall);
      await starts.fill(movedWall);
      await screenshot(sup.page, `thesis-defense-move-dialog-${tag}`);
      await report.check(sup.page, "move defense dialog (supervisor)", vp.name);
      await clickAndToast(
        sup.page,
        move.getByRole("button", { name: "Move defense", exact: true }),
        MSG.defenseMoved,
      );
      await move.waitFor({ state: "detached" });
      const moved = dayTimeInZone(wallToUtc(movedWall, ZONE)!, ZONE);
      await expect.poll(() => fact(defense, "When").textContent()).toContain(moved);
      await screenshot(sup.page, `thesis-defense-moved-${tag}`);
      await report.check(sup.page, "thesis defense moved (supervisor)", vp.name);

      // …and cancels it after its confirmation: no defense, "Find a time" offered again. The term
      // does not require a defense before release (the demo's Default term: defenseRequired false).
      await defense.getByRole("button", { name: "Cancel defense" }).click();
      const cancel = sup.page.getByRole("dialog", { name: "Cancel the defense?" });
      await cancel.waitFor();
      await screenshot(sup.page, `thesis-defense-cancel-dialog-${tag}`);
      await report.check(sup.page, "cancel defense dialog (supervisor)", vp.name);
      await clickAndToast(
        sup.page,
        cancel.getByRole("button", { name: "Cancel defense", exact: true }),
        MSG.defenseCancelled,
      );
      await cancel.waitFor({ state: "detached" });
      await defense.getByText("No defense is scheduled yet.").waitFor();
      await defense.getByRole("button", { name: "Find a time" }).waitFor();
      expect(await defense.getByRole("button", { name: "Move defense" }).count()).toBe(0);
      await screenshot(sup.page, `thesis-defense-cancelled-${tag}`);
      await report.check(sup.page, "thesis defense cancelled (supervisor)", vp.name);

      // …then schedules it again by hand in the Schedule defense dialog: online, that afternoon (an
      // hour of each viewport's own: the supervisor examines both journeys' theses).
      await defense.getByRole("button", { name: "Schedule defense" }).click();
      const schedule = sup.page.getByRole("dialog", { name: "Schedule defense" });
      const againWall = `${movedWall.slice(0, 11)}${tag === "phone" ? "15:00" : "14:00"}`;
      await schedule.getByLabel("Starts").fill(againWall);
      await schedule.getByRole("radio", { name: "Online" }).check();
      await schedule.getByLabel("Online link").fill("https://meet.example.org/thesis-defense");
      await report.check(sup.page, "schedule defense dialog (supervisor)", vp.name);
      await clickAndToast(
        sup.page,
        schedule.getByRole("button", { name: "Schedule defense", exact: true }),
        MSG.defenseScheduled,
      );
      await schedule.waitFor({ state: "detached" });
      const again = dayTimeInZone(wallToUtc(againWall, ZONE)!, ZONE);
      await expect.poll(() => fact(defense, "When").textContent()).toContain(again);
      await defense.getByRole("link", { name: /meet\.example\.org/ }).waitFor();
      await screenshot(sup.page, `thesis-defense-scheduled-online-${tag}`);

      // The supervisor proposes Public (§19).
      const supRelease = sup.page.getByRole("region", { name: "Release and visibility" });
      await choose(sup.page, supRelease.getByRole("combobox", { name: "Proposed visibility" }), "Public");
      await clickAndToast(
        sup.page,
        supRelease.getByRole("button", { name: "Save proposal" }),
        MSG.visibilityProposed,
      );
      await expect.poll(() => fact(supRelease, "Proposed visibility").textContent()).toBe("Public");
      await screenshot(sup.page, `thesis-visibility-proposed-${tag}`);
      await report.check(sup.page, "visibility proposed (supervisor)", vp.name);

      // The member sees the proposal on their page and consents to Public.
      await page.reload();
      const memberRelease = page.getByRole("region", { name: "Release and visibility" });
      await expect.poll(() => fact(memberRelease, "Proposed visibility").textContent()).toBe("Public");
      const consent = memberRelease.getByRole("switch", { name: "I agree to publish this thesis as Public" });
      expect(await consent.isChecked()).toBe(false);
      // The switch shows the stored answer: it turns on once the server has it, not at the click.
      await clickAndToast(page, consent, MSG.consentSaved);
      await expect.poll(() => consent.isChecked()).toBe(true);
      await expect.poll(() => fact(memberRelease, `Public: ${memberName}`).textContent()).toBe("Agrees");
      await expect.poll(() => fact(memberRelease, "Would be released as").textContent()).toBe("Public");
      await screenshot(page, `thesis-consent-member-${tag}`);
      await report.check(page, "consent to Public (member)", vp.name);

      // The committee's list of theses, filtered to Submitted.
      const com = await newPage(browser, server.url, vp.options);
      await com.page.goto("/login");
      await login(com.page, COMMITTEE, DEMO_PASSWORD);
      await com.page.waitForURL("**/dashboard");
      await com.page.goto("/committee/theses?state=Submitted");
      await com.page.getByRole("link", { name: title }).first().waitFor();
      await screenshot(com.page, `thesis-committee-list-${tag}`);
      await report.check(com.page, "theses list (committee)", vp.name);

      // The committee names the second examiner in the examiners dialog (§17).
      await com.page.getByRole("link", { name: title }).first().click();
      await com.page.getByRole("heading", { name: title, level: 1 }).waitFor();
      await screenshot(com.page, `thesis-committee-page-${tag}`);
      await report.check(com.page, "thesis Submitted (committee)", vp.name);
      const marking = com.page.getByRole("region", { name: "Marking" });
      await marking.getByRole("button", { name: "Name the second examiner" }).click();
      const examiners = com.page.getByRole("dialog", { name: "Name the second examiner" });
      const examinerBox = examiners.getByRole("combobox", { name: "Second examiner" });
      // The server searches as one types: the option is clicked once the list is the search's answer.
      await examinerBox.click();
      await examinerBox.fill(SECOND_EXAMINER.email);
      const options = com.page.getByRole("listbox").getByRole("option");
      await expect.poll(() => options.allTextContents()).toEqual([SECOND_EXAMINER_OPTION]);
      await options.first().click();
      await expect.poll(() => examinerBox.inputValue()).toBe(SECOND_EXAMINER_OPTION);
      await screenshot(com.page, `thesis-examiners-dialog-${tag}`);
      await report.check(com.page, "examiners dialog (committee)", vp.name);
      await clickAndToast(
        com.page,
        examiners.getByRole("button", { name: "Save", exact: true }),
        MSG.examinersSaved,
      );
      await examiners.waitFor({ state: "detached" });
      const people = com.page.getByRole("region", { name: "People" });
      await expect.poll(() => fact(people, "Second examiner").textContent()).toBe(SECOND_EXAMINER.name);
      await marking.getByText(`Second examiner: ${SECOND_EXAMINER.name}`).waitFor();
      await screenshot(com.page, `thesis-examiner-named-${tag}`);
      await report.check(com.page, "second examiner named (committee)", vp.name);

      // Both examiners hand in their assessments (§17): first the supervisor, the first examiner…
      await handIn(sup.page, "First examiner", memberName, ASSESSMENTS.first, async () => {
        await screenshot(sup.page, `thesis-assessment-dialog-${tag}`);
        await report.check(sup.page, "assessment dialog filled (first examiner)", vp.name);
      });
      await screenshot(sup.page, `thesis-assessment-in-${tag}`);
      await report.check(sup.page, "first assessment in (first examiner)", vp.name);

      // …then the second examiner, who finds the thesis on their own Theses list.
      const second = await newPage(browser, server.url, vp.options);
      await second.page.goto("/login");
      await login(second.page, SECOND_EXAMINER.email, DEMO_PASSWORD);
      await second.page.waitForURL("**/dashboard");
      await nav(second.page, "Theses");
      await second.page.getByRole("link", { name: title }).first().click();
      await expect.poll(() => pageState(second.page)).toBe("Submitted");
      await handIn(second.page, "Second examiner", memberName, ASSESSMENTS.second, async () => {
        await screenshot(second.page, `thesis-assessment-dialog-second-${tag}`);
        await report.check(second.page, "assessment dialog filled (second examiner)", vp.name);
      });
      // Both in and within the tolerance: Graded, both assessments readable to the examiners.
      await expect.poll(() => pageState(second.page)).toBe("Graded");
      const grades = second.page.getByRole("table", { name: "Grades" });
      await grades.getByRole("cell", { name: GRADE, exact: true }).waitFor();
      await screenshot(second.page, `thesis-graded-second-examiner-${tag}`);
      await report.check(second.page, "thesis Graded (second examiner)", vp.name);

      // The committee releases it, after the confirmation, as Public (every member agreed).
      await com.page.reload();
      await expect.poll(() => pageState(com.page)).toBe("Graded");
      await act(
        com.page,
        "Release grades",
        "Release grades",
        async (dialog) => {
          await dialog.getByText("The thesis is released as Public.", { exact: false }).waitFor();
          await screenshot(com.page, `thesis-release-dialog-${tag}`);
          await report.check(com.page, "release dialog (committee)", vp.name);
        },
        MSG.thesisReleased,
      );
      await expect.poll(() => pageState(com.page)).toBe("Released");
      const comRelease = com.page.getByRole("region", { name: "Release and visibility" });
      await expect.poll(() => fact(comRelease, "Visibility").textContent()).toBe("Public");
      await screenshot(com.page, `thesis-released-committee-${tag}`);
      await report.check(com.page, "thesis Released (committee)", vp.name);

      // The member sees their grade and both comments for the students, never an internal comment.
      await page.reload();
      await expect.poll(() => pageState(page)).toBe("Released");
      await expect.poll(() => fact(memberRelease, "Your grade").textContent()).toBe(GRADE);
      await expect
        .poll(() => fact(memberRelease, `Comment of ${SUPERVISOR.name}`).textContent())
        .toBe(ASSESSMENTS.first.forStudents);
      await expect
        .poll(() => fact(memberRelease, `Comment of ${SECOND_EXAMINER.name}`).textContent())
        .toBe(ASSESSMENTS.second.forStudents);
      const shown = await page.content();
      for (const a of Object.values(ASSESSMENTS)) expect(shown).not.toContain(a.internal);
      expect(await page.getByRole("region", { name: "Marking" }).count()).toBe(0);
      await screenshot(page, `thesis-member-released-${tag}`);
      await report.check(page, "thesis Released with its result (member)", vp.name);

      // In the archive (§19): a visitor without login finds it by its title, opens it and gets its
      // final PDF.
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

      for (const c of [student.context, sup.context, com.context, second.context, visitor.context])
        await c.close();
      for (const api of [teacher.api, committee.api]) await api.dispose();
      expect(report.failing(), report.format("failing")).toEqual([]);
      // Five people and 22 axe checks: about 70 s on a quiet machine; twice that on a loaded one
      // (decision 0071) is near the files' 180 s.
    }, 300_000);
  }
});
