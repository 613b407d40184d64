import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/messages";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "../server/src/test/pdf";
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

/**
 * A proposal's whole life in the browser (issue 20, DESIGN.md §9): a student invites two others;
 * one declines and one accepts, each on the proposal's page, and only then is it Pending and seen
 * by its supervisor; the supervisor asks for changes; the member who accepted submits version 2
 * with a PDF; the supervisor reads the word diff and approves; the term asks for the committee's
 * sign-off, which the committee refuses on its proposal page, and then reopens the proposal with a
 * reason (an approval would start the thesis, after which the proposal is not reopened: DESIGN.md
 * §16, tested in theses.test.ts and proposal-actions.test.tsx). Every step is on the timeline. Then axe scans the page as each role sees it.
 *
 * Demo department (scripts/lib/seed-demo.ts): Dr. Marco Bianchi supervises in "Software
 * Engineering" and has nothing pending.
 */
const ZONE = "Europe/Berlin";
const CELL = "Software Engineering";
const SUPERVISOR = { name: "Dr. Marco Bianchi", email: "marco.bianchi@demo.example.edu" };
const COMMITTEE = "committee@demo.example.edu";
const TITLE = "Refactoring legacy course software";
const ABSTRACT = "We refactor the legacy course software and measure how maintainable it becomes.";
const TITLE_2 = "Refactoring legacy course software with automated tests";
const ABSTRACT_2 =
  "We refactor the legacy course software behind a safety net of automated tests and measure how maintainable it becomes.";
const CHANGES = "Add automated tests before you refactor, and say how you will measure maintainability.";
const NOTE = "Added the test safety net.";
const REOPEN = "The department asked for a second look at the scope.";

let server: RunningServer;
let browser: Browser;
let files: string;
const reports: A11yReport[] = [];

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: ZONE }, { demo: true });
  browser = await launchBrowser();
  files = mkdtempSync(path.join(tmpdir(), "thesisdesk-life-e2e-"));
});
afterAll(async () => {
  writeReports(reports, "a11y-proposal-life.txt");
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

const notification = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text }).first();

/** The status the proposal's page shows beside its title (the first status badge in the main area). */
const pageStatus = (page: Page) => page.locator("main [data-status]").first().getAttribute("data-status");
async function expectStatus(page: Page, status: string) {
  await expect.poll(() => pageStatus(page), { timeout: 15_000 }).toBe(status);
}

/** Clicks an action on the proposal page, then the confirming button of its dialog. */
async function act(page: Page, action: string, confirm = action, fill?: Record<string, string>) {
  await page
    .getByRole("region", { name: "Actions" })
    .getByRole("button", { name: action, exact: true })
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  for (const [label, value] of Object.entries(fill ?? {})) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: "hidden" });
}

async function signIn(page: Page, email: string, dashboard: string) {
  await page.goto("/login");
  await login(page, email, DEMO_PASSWORD);
  await page.waitForURL(`**${dashboard}`);
}

const timelineRows = (page: Page) =>
  page.getByRole("list", { name: "Timeline, oldest first" }).getByRole("listitem");

let proposalId = "";

describe("the proposal's life", () => {
  it("invitations, a request for changes, a second version, the supervisor's approval, the committee's denial, a reopening", async () => {
    // Three students: the creator and two they invite.
    const dan = await newPage(browser, server.url);
    const decliner = await registerStudent(dan.page, "Dan Decliner");
    const grace = await newPage(browser, server.url);
    const member = await registerStudent(grace.page, "Grace Accepter");
    const alan = await newPage(browser, server.url);
    await registerStudent(alan.page, "Alan Creator");

    // Alan submits with both as group members.
    let page = alan.page;
    await page.goto("/student/proposal");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
    await page.getByRole("textbox", { name: "Abstract", exact: true }).fill(ABSTRACT);
    await page.getByRole("combobox", { name: "Research Cell", exact: true }).click();
    await page.getByRole("option", { name: CELL, exact: true }).click();
    await page.getByRole("combobox", { name: "Supervisor", exact: true }).click();
    await page.getByRole("option", { name: SUPERVISOR.name }).click();
    const members = page.getByRole("combobox", { name: "Group members" });
    for (const m of [decliner, member]) {
      await members.fill(m.name);
      await page.getByRole("option", { name: `${m.name} (${m.studentId})` }).click();
    }
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await notification(page, MSG.proposalSubmitted).waitFor();

    // Its page: Awaiting members, both marked Invited.
    await page.goto("/student/proposal-status");
    await page.getByRole("article", { name: TITLE }).getByRole("link", { name: TITLE }).click();
    await page.waitForURL("**/student/proposals/*");
    proposalId = page.url().split("/").pop()!;
    await expectStatus(page, "Awaiting members");
    const group = page.getByRole("list", { name: "Members" });
    for (const m of [decliner, member])
      await group.getByRole("listitem").filter({ hasText: m.name }).getByText("Invited").waitFor();
    await page.getByText("2 invitations open").waitFor();
    await screenshot(page, "life-creator-awaiting-members");

    // The supervisor cannot open it before the group is complete.
    const sup = await newPage(browser, server.url);
    await signIn(sup.page, SUPERVISOR.email, "/supervisor/dashboard");
    await sup.page.goto(`/supervisor/proposals/${proposalId}`);
    await sup.page.getByText("Proposal not found").waitFor();
    expect(await sup.page.getByText(TITLE).count()).toBe(0);

    // Dan declines on the proposal's page and is taken to his dashboard; it is still Awaiting members.
    await dan.page.goto(`/student/proposals/${proposalId}`);
    await dan.page.getByText("You are invited to join this group").waitFor();
    // An invitee reads the proposal, not its timeline or versions (§9): not shown, and no error.
    await dan.page.getByRole("region", { name: "Details" }).waitFor();
    for (const hidden of [
      dan.page.getByRole("region", { name: /^(Timeline|Versions)$/ }),
      dan.page.getByText(/could not be loaded/),
    ])
      expect(await hidden.count()).toBe(0);
    await screenshot(dan.page, "life-invitee");
    await act(dan.page, "Decline invitation");
    await dan.page.waitForURL("**/student/dashboard");
    await notification(dan.page, MSG.invitationDeclined(TITLE)).waitFor();
    await dan.page.goto(`/student/proposals/${proposalId}`);
    await dan.page.getByText("Proposal not found").waitFor();
    await page.reload();
    await expectStatus(page, "Awaiting members");
    await page.getByText("1 invitation open").waitFor();
    expect(await group.getByText(decliner.name).count()).toBe(0);
    await sup.page.reload();
    await sup.page.getByText("Proposal not found").waitFor();

    // Grace accepts: nobody is left to answer, so it is Pending.
    await grace.page.goto(`/student/proposals/${proposalId}`);
    await act(grace.page, "Accept invitation");
    await notification(grace.page, MSG.invitationAccepted(TITLE)).waitFor();
    await expectStatus(grace.page, "Pending");
    await page.reload();
    await expectStatus(page, "Pending");
    expect(await group.getByText("Invited").count()).toBe(0);

    // The supervisor finds it in Pending Proposals, opens its page from the title, and asks for changes.
    await sup.page.goto("/supervisor/pending-proposals");
    await sup.page.getByRole("link", { name: TITLE }).click();
    await sup.page.waitForURL(`**/supervisor/proposals/${proposalId}`);
    await expectStatus(sup.page, "Pending");
    await sup.page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Review" }).click();
    const review = sup.page.getByRole("dialog", { name: "Review proposal" });
    await review.getByRole("button", { name: "Request changes" }).click();
    await review.getByText("Feedback is required when requesting changes.").waitFor();
    await review.getByLabel("Feedback").fill(CHANGES);
    await review.getByRole("button", { name: "Request changes" }).click();
    await review.getByText(/^Request changes\? The group is told/).waitFor();
    await screenshot(sup.page, "life-supervisor-request-changes");
    await review.getByRole("button", { name: "Confirm" }).click();
    await notification(sup.page, MSG.changesRequested).waitFor();
    await expectStatus(sup.page, "Changes requested");

    // Grace submits version 2 with a PDF.
    page = grace.page;
    await page.reload();
    await expectStatus(page, "Changes requested");
    await page.getByRole("region", { name: "Supervisor's feedback" }).getByText(CHANGES).waitFor();
    await page
      .getByRole("region", { name: "Actions" })
      .getByRole("button", { name: "Submit a new version" })
      .click();
    const form = page.getByRole("dialog", { name: "Submit a new version" });
    expect(await form.getByRole("textbox", { name: "Title" }).inputValue()).toBe(TITLE);
    expect(await form.getByRole("textbox", { name: "Abstract" }).inputValue()).toBe(ABSTRACT);
    await form.getByRole("textbox", { name: "Title" }).fill(TITLE_2);
    await form.getByRole("textbox", { name: "Abstract" }).fill(ABSTRACT_2);
    const pdf = path.join(files, "proposal-v2.pdf");
    writeFileSync(pdf, makePdf(["Refactoring legacy course software", "Version 2"]));
    await form.locator('input[type="file"]').setInputFiles(pdf);
    await form.getByRole("link", { name: "proposal-v2.pdf" }).waitFor();
    await form.getByRole("textbox", { name: "Note (optional)" }).fill(NOTE);
    await screenshot(page, "life-member-new-version");
    await form.getByRole("button", { name: "Submit version" }).click();
    await notification(page, MSG.versionSubmitted).waitFor();
    await expectStatus(page, "Pending");
    await page.getByRole("heading", { level: 1, name: TITLE_2 }).waitFor();
    await page
      .getByRole("region", { name: "Details" })
      .getByRole("link", { name: "proposal-v2.pdf" })
      .waitFor();

    // The committee asks for its sign-off in the current term (the Terms screen).
    const com = await newPage(browser, server.url);
    await signIn(com.page, COMMITTEE, "/committee/dashboard");
    await com.page.goto("/committee/terms");
    await com.page.getByRole("button", { name: "Edit Default" }).click();
    const termForm = com.page.getByRole("dialog", { name: "Edit Default" });
    await termForm.getByRole("switch", { name: "Committee approval" }).check();
    await termForm.getByRole("button", { name: "Save" }).click();
    await termForm.waitFor({ state: "detached" });

    // The supervisor sees both versions and the word diff between them, then approves.
    page = sup.page;
    await page.reload();
    await expectStatus(page, "Pending");
    const versions = page.getByRole("region", { name: "Versions" });
    const listed = versions.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
    await expect.poll(() => listed.count()).toBe(2);
    await listed.first().getByText("Version 2").waitFor();
    await listed.first().getByText(`by ${member.name}`, { exact: false }).waitFor();
    await listed.first().getByText(NOTE).waitFor();
    await listed.first().getByRole("link", { name: "proposal-v2.pdf" }).waitFor();
    expect(await versions.getByRole("combobox", { name: "From version" }).inputValue()).toBe("Version 1");
    expect(await versions.getByRole("combobox", { name: "To version" }).inputValue()).toBe("Version 2");
    const added = await versions.locator("ins").allTextContents();
    const removed = await versions.locator("del").allTextContents();
    expect(added.join(" ")).toContain("[added: with automated tests]");
    expect(added.join(" ")).toContain("safety net");
    expect(removed).toEqual([]);
    // Underlined and struck through, not told apart by colour alone.
    expect(
      await versions
        .locator("ins")
        .first()
        .evaluate((e) => getComputedStyle(e).textDecorationLine),
    ).toBe("underline");
    // Back to version 1 against itself: nothing changed.
    await versions.getByRole("combobox", { name: "To version" }).click();
    await page.getByRole("option", { name: "Version 1" }).click();
    await expect.poll(() => versions.locator("ins, del").count()).toBe(0);
    await versions.getByRole("combobox", { name: "To version" }).click();
    await page.getByRole("option", { name: "Version 2" }).click();
    await expect.poll(() => versions.locator("ins").count()).toBeGreaterThan(0);
    await screenshot(page, "life-supervisor-diff");
    // The document is served to its supervisor.
    const href = await versions.getByRole("link", { name: "proposal-v2.pdf" }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/pdf");

    await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Review" }).click();
    await review.getByRole("button", { name: "Approve" }).click();
    await review.getByText(/the committee decides next, so it becomes Awaiting committee\./).waitFor();
    await review.getByRole("button", { name: "Confirm" }).click();
    await notification(page, MSG.approvedToCommittee).waitFor();
    await expectStatus(page, "Awaiting committee");

    // The committee denies on its proposal page, then reopens it with a reason.
    page = com.page;
    await page.goto(`/committee/proposals/${proposalId}`);
    await expectStatus(page, "Awaiting committee");
    await screenshot(page, "life-committee-awaiting");
    await act(page, "Deny", "Deny proposal", { Feedback: "Not this term." });
    await notification(page, MSG.committeeDecided("Denied")).waitFor();
    await expectStatus(page, "Denied");
    await page.getByRole("region", { name: "Committee's feedback" }).getByText("Not this term.").waitFor();

    await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Reopen" }).click();
    const reopen = page.getByRole("dialog", { name: "Reopen this proposal?" });
    await reopen.getByRole("button", { name: "Reopen proposal" }).click();
    await reopen.getByText(MSG.reasonRequired).waitFor();
    await reopen.getByRole("textbox", { name: "Reason" }).fill(REOPEN);
    await reopen.getByRole("button", { name: "Reopen proposal" }).click();
    await notification(page, MSG.proposalReopened).waitFor();
    await expectStatus(page, "Pending");

    // The timeline tells every step, in order, times in the department's zone.
    const rows = timelineRows(page);
    const expected = [
      "Alan Creator submitted the proposal",
      `Alan Creator invited ${decliner.name}`,
      `Alan Creator invited ${member.name}`,
      `${decliner.name} declined the invitation`,
      `${member.name} accepted the invitation`,
      `${SUPERVISOR.name} requested changes`,
      `${member.name} submitted a new version`,
      `${SUPERVISOR.name} approved the proposal`,
      "Dr. Nusrat Jahan denied the proposal",
      "Dr. Nusrat Jahan reopened the proposal",
    ];
    await expect.poll(() => rows.count()).toBe(expected.length);
    const sentences = await rows.evaluateAll((els) => els.map((e) => e.firstElementChild?.textContent ?? ""));
    expect(sentences).toEqual(expected);
    const row = (i: number) => rows.nth(i);
    await row(4).getByText("Status: Awaiting members to Pending").waitFor();
    await row(5).getByText(CHANGES).waitFor();
    await row(6).getByText(NOTE).waitFor();
    await row(7).getByText("Status: Pending to Awaiting committee").waitFor();
    await row(8).getByText("Status: Awaiting committee to Denied").waitFor();
    await row(9).getByText(REOPEN).waitFor();
    await row(9).getByText("Status: Denied to Pending").waitFor();
    expect(await row(0).locator("time").textContent()).toMatch(/\(Europe\/Berlin\)$/);
    await screenshot(page, "life-committee-timeline");

    // The group sees the same story.
    await alan.page.reload();
    await expect.poll(() => timelineRows(alan.page).count()).toBe(expected.length);
    await expectStatus(alan.page, "Pending");

    for (const p of [dan, grace, alan, sup, com]) await p.context.close();
  });

  it("the proposal page passes axe for each role, at a desktop and a phone", {
    timeout: 180_000,
  }, async () => {
    expect(proposalId, "the journey above makes the proposal").not.toBe("");
    const r = new A11yReport("proposal page (the journey's proposal)");
    reports.push(r);
    for (const vp of VIEWPORTS) {
      // The committee: the page, and the Reassign form open.
      let { context, page } = await newPage(browser, server.url, vp.options);
      await signIn(page, COMMITTEE, "/committee/dashboard");
      await page.goto(`/committee/proposals/${proposalId}`);
      await timelineRows(page).first().waitFor();
      await r.check(page, "Committee proposal page", vp.name);
      await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Reassign" }).click();
      await page.getByRole("dialog", { name: "Reassign this proposal?" }).waitFor();
      await r.check(page, "Committee proposal page (Reassign open)", vp.name);
      await context.close();

      // The supervisor: the page with its diff, and the review's confirmation step.
      ({ context, page } = await newPage(browser, server.url, vp.options));
      await signIn(page, SUPERVISOR.email, "/supervisor/dashboard");
      await page.goto(`/supervisor/proposals/${proposalId}`);
      await page.getByRole("region", { name: "Versions" }).locator("ins").first().waitFor();
      await r.check(page, "Supervisor proposal page (word diff)", vp.name);
      await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Review" }).click();
      const review = page.getByRole("dialog", { name: "Review proposal" });
      await review.getByLabel("Feedback").fill("Checking again.");
      await review.getByRole("button", { name: "Request changes" }).click();
      await review.getByRole("button", { name: "Confirm" }).waitFor();
      await r.check(page, "Supervisor proposal page (review confirmation)", vp.name);
      await context.close();

      // The creator: the page, and the Withdraw form open.
      ({ context, page } = await newPage(browser, server.url, vp.options));
      await page.goto("/login");
      await login(page, await creatorEmail(), "student-pass-1");
      await page.waitForURL("**/student/dashboard");
      await page.goto(`/student/proposals/${proposalId}`);
      await timelineRows(page).first().waitFor();
      await r.check(page, "Student proposal page", vp.name);
      await page
        .getByRole("region", { name: "Actions" })
        .getByRole("button", { name: "Withdraw proposal" })
        .click();
      await page.getByRole("dialog", { name: "Withdraw this proposal?" }).waitFor();
      await r.check(page, "Student proposal page (Withdraw open)", vp.name);
      await screenshot(page, `life-student-withdraw-${vp.name.split(" ")[0]}`);
      await context.close();
    }
    const failing = r.failing();
    expect(failing.length, `${r.title}\n${r.format("failing")}`).toBe(0);
  });
});

/** The creator's email, as the committee's list of students has it. */
async function creatorEmail(): Promise<string> {
  const { context, page } = await newPage(browser, server.url);
  await signIn(page, COMMITTEE, "/committee/dashboard");
  const res = await page.request.get("/api/users?role=student&q=Alan%20Creator");
  const body = (await res.json()) as { items: { name: string; email: string }[] };
  await context.close();
  return body.items.find((u) => u.name === "Alan Creator")!.email;
}
