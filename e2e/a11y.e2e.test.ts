import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, postJson, registerStudentApi, signInApi, submitProposalApi } from "./support/api";
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
import { LIFE, lifeScenario } from "./support/life";

/**
 * axe-core on every screen of every role (WCAG 2.0/2.1/2.2 A and AA), at a desktop and a phone
 * viewport. A rule of those levels broken with impact "serious" or "critical" fails the test; the
 * failure lists, per screen and viewport, each rule with its impact, help and first targets. The
 * whole report (best-practice findings too) is written to e2e/.artifacts/a11y-report.txt.
 *
 * One server for the file: the public pages are scanned first, on the empty database (so /setup
 * shows its form), then the demo department is seeded (scripts/lib/seed-demo.ts) so that lists,
 * modals and threads have something in them.
 */

// Demo accounts (scripts/lib/seed-demo.ts).
const DEMO = {
  /** Belongs to the Approved project "An accessible campus navigation app": notice, chat, detail. */
  student: "omar.farouk@demo.example.edu",
  /** In no proposal: sees the Submit Proposal form. */
  freeStudent: "erik.johansson@demo.example.edu",
  /** Supervises Omar's group: a sent notice, the chat, an approved proposal in the history, two cells. */
  supervisor: "leila.haddad@demo.example.edu",
  /** Has the Pending thesis below waiting for review. */
  reviewer: "ayesha.rahman@demo.example.edu",
  committee: "committee@demo.example.edu",
};
const APPROVED = "An accessible campus navigation app";
const PENDING = "Detecting phishing websites with graph neural networks";
const NOTICE = "Kick-off meeting";
const CELL = "Machine Learning & Data Science";

let server: RunningServer;
let browser: Browser;
const reports: A11yReport[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  writeReports(reports, "a11y-report.txt");
  console.log(
    `${reports.map((r) => `${r.title}: ${r.failing().length} failing, ${r.findings.length} in all`).join("\n")}\n(full report: e2e/.artifacts/a11y-report.txt)`,
  );
  await browser?.close();
  await server?.stop();
});

/** A report for one test; the test ends by failing on what it collected. */
function report(title: string) {
  const r = new A11yReport(title);
  reports.push(r);
  return r;
}

function expectNoSeriousViolations(r: A11yReport) {
  const failing = r.failing();
  const message = `${r.title}: ${failing.length} serious or critical WCAG violations\n${r.format("failing")}\n`;
  expect(failing.length, message).toBe(0);
}

async function open(options: BrowserContextOptions) {
  return newPage(browser, server.url, options);
}

async function signIn(page: Page, email: string, dashboard: string) {
  await page.goto("/login");
  await login(page, email, DEMO_PASSWORD);
  await page.waitForURL(`**${dashboard}`);
}

const h1 = (page: Page, name: string | RegExp) =>
  page.getByRole("heading", { level: 1, name, exact: typeof name === "string" }).waitFor();
const main = (page: Page) => page.getByRole("main");
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Goes to a screen through the sidebar, as a person does. On a phone the sidebar sits behind the
 * burger; the first time it is opened there, the open menu is scanned as a screen of its own.
 */
async function navigate(
  page: Page,
  label: string,
  path: string,
  r: A11yReport,
  viewport: string,
  heading = label,
) {
  const link = page
    .getByRole("navigation")
    .getByRole("link", { name: new RegExp(`^${escapeRe(label)}(\\s|$)`) });
  // The collapsed phone menu stays in the page, moved off screen: the burger tells the layouts apart.
  await link.waitFor({ state: "attached" });
  const burger = page.locator(".mantine-Burger-root");
  if (await burger.isVisible()) {
    await burger.click();
    await expect.poll(() => link.evaluate((el) => el.getBoundingClientRect().left >= 0)).toBe(true);
    if (!r.screens.some((s) => s.startsWith("Navigation menu open"))) {
      await r.check(page, "Navigation menu open", viewport);
    }
  }
  await link.click();
  await page.waitForURL(`**${path}`);
  await h1(page, heading);
}

/** Opens a modal with `opener`, scans it, and closes it with Escape. */
async function withModal(
  page: Page,
  opener: () => Promise<void>,
  dialog: string | RegExp,
  scan: () => Promise<void>,
) {
  await opener();
  const d = page.getByRole("dialog", { name: dialog });
  await d.waitFor();
  await scan();
  await page.keyboard.press("Escape");
  await d.waitFor({ state: "hidden" });
}

const PUBLIC_PAGES: { screen: string; path: string; heading?: string }[] = [
  { screen: "Landing", path: "/" },
  { screen: "About", path: "/about" },
  { screen: "Features", path: "/features" },
  { screen: "Support", path: "/support" },
  { screen: "Contact", path: "/contact" },
  { screen: "Privacy", path: "/privacy" },
  { screen: "Terms", path: "/terms" },
  { screen: "Cookies", path: "/cookies" },
  { screen: "Not found", path: "/no-such-page" },
  { screen: "Archive (empty)", path: "/archive", heading: "Thesis archive" },
  {
    screen: "Archive entry (not in the archive)",
    path: "/archive/00000000-0000-4000-8000-000000000000",
    heading: "Not in the archive",
  },
  { screen: "Log in", path: "/login", heading: "Welcome back" },
  { screen: "Register", path: "/register" },
  { screen: "Forgot password", path: "/forgot-password", heading: "Forgot your password?" },
  {
    screen: "Reset password (a link)",
    path: "/reset-password?token=a-token",
    heading: "Choose a new password",
  },
  {
    screen: "Choose your password (an invitation)",
    path: "/reset-password?token=a-token&welcome=1",
    heading: "Choose your password",
  },
  { screen: "Reset password (no token)", path: "/reset-password", heading: "Choose a new password" },
  {
    screen: "Setup (first committee account)",
    path: "/setup",
    heading: "Create the first committee account",
  },
];

describe("accessibility: public pages (empty database, setup still to do)", () => {
  for (const vp of VIEWPORTS) {
    it(`every public page @ ${vp.name}`, async () => {
      const r = report(`public pages @ ${vp.name}`);
      const { context, page } = await open(vp.options);
      for (const p of PUBLIC_PAGES) {
        await page.goto(p.path);
        await h1(page, p.heading ?? /./);
        await r.check(page, `${p.screen} (${p.path})`, vp.name);
      }
      await context.close();
      expectNoSeriousViolations(r);
    });
  }
});

/** The demo department (once, whichever describe asks first: each may run alone with -t). */
let demoSeeded = false;
async function seedDemoOnce() {
  if (demoSeeded) return;
  await server.seed("--demo");
  demoSeeded = true;
}

describe("accessibility: signed-in screens (demo department)", () => {
  beforeAll(async () => {
    await seedDemoOnce();
  });

  for (const vp of VIEWPORTS) {
    it(`student screens @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`student @ ${vp.name}`);
      const check = (screen: string) => r.check(page, screen, vp.name);

      // Signed out, after setup: /setup says it is done.
      const free = await open(vp.options);
      let page = free.page;
      await page.goto("/setup");
      await h1(page, "Setup is complete");
      await check("Setup complete (/setup)");

      // A student in no proposal: the form, a Select open, then the errors of an empty submission
      // (at their fields); then a toast held open (Profile's "Profile updated successfully!").
      await signIn(page, DEMO.freeStudent, "/student/dashboard");
      await navigate(page, "Submit Proposal", "/student/proposal", r, vp.name);
      await page.getByRole("form", { name: "Submit Proposal" }).waitFor();
      await check("Submit Proposal (form)");
      await page.getByRole("combobox", { name: "Type", exact: true }).click();
      await page.getByRole("listbox").waitFor();
      await check("Submit Proposal (Type list open)");
      await page.keyboard.press("Escape");
      await page.getByRole("listbox").waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Submit Proposal" }).click();
      await page.getByText("Title is required.").waitFor();
      await check("Submit Proposal (errors shown)");
      await page.goto("/student/profile");
      await page.getByRole("button", { name: "Update Profile" }).click();
      const toast = page.locator(".mantine-Notification-root").first();
      await toast.waitFor();
      await toast.hover(); // Mantine keeps a toast open while the pointer is on it.
      await check("Profile (toast open)");
      // The calendar card (decision 0076): its link made and shown, the consent switch beside it.
      // The first viewport's run made it: the next renews it, through its confirmation.
      const feedButton = page.getByRole("button", { name: /^(Create calendar link|Renew link)$/ });
      await feedButton.waitFor();
      const renewing = (await feedButton.textContent()) === "Renew link";
      await feedButton.click();
      if (renewing) {
        const dialog = page.getByRole("dialog", { name: "Renew your calendar link?" });
        await dialog.waitFor();
        await check("Profile (renew the calendar link?)");
        await dialog.getByRole("button", { name: "Renew link" }).click();
      }
      await page.getByRole("textbox", { name: "Your calendar feed" }).waitFor();
      await page.getByRole("switch", { name: /Show my name on public defenses/ }).waitFor();
      await check("Profile (calendar link shown)");
      await free.context.close();

      // A student with an approved group project, a notice and a chat.
      const omar = await open(vp.options);
      page = omar.page;
      await signIn(page, DEMO.student, "/student/dashboard");
      await h1(page, /^Hi Omar Farouk/);
      await page.getByRole("region", { name: "Latest notice" }).getByText(NOTICE).waitFor();
      await check("Dashboard");

      await navigate(page, "Submit Proposal", "/student/proposal", r, vp.name);
      await page.getByText("You are already in an active proposal").waitFor();
      await check("Submit Proposal (already in a proposal)");

      await navigate(page, "Proposal Status", "/student/proposal-status", r, vp.name);
      const card = page.getByRole("article", { name: APPROVED });
      await card.waitFor();
      await check("Proposal Status");

      await card.getByRole("link", { name: APPROVED }).click();
      await page.waitForURL("**/student/proposals/*");
      await h1(page, APPROVED);
      await page.getByRole("region", { name: "Timeline" }).waitFor();
      await check("Proposal page");

      await navigate(page, "Notices", "/student/notices", r, vp.name);
      const notice = page.getByRole("button", { name: new RegExp(`notice: ${NOTICE}$`, "i") });
      await notice.waitFor();
      await check("Notices");
      await withModal(
        page,
        () => notice.click(),
        NOTICE,
        () => check("Notices (notice open in a modal)"),
      );

      await navigate(page, "Chat", "/student/chat", r, vp.name);
      await main(page).getByText("Hi all, I uploaded the interview questions.").waitFor();
      await check("Chat");

      await navigate(page, "Research Cell Info", "/student/research-cell-info", r, vp.name);
      await page.getByRole("article", { name: CELL }).waitFor();
      await check("Research Cell Info");

      await navigate(page, "Profile", "/student/profile", r, vp.name);
      await check("Profile");
      await omar.context.close();

      // An invitation open on the proposal's page, and its confirmation (issue 20).
      const creator = await registerStudentApi(server.url, `Inviting Student ${vp.name}`);
      const invitee = await registerStudentApi(server.url, `Invited Student ${vp.name}`);
      const invitedTo = await submitProposalApi(creator, {
        title: `An invitation to scan ${vp.name}`,
        cell: CELL,
        supervisor: "Prof. Ayesha Rahman",
        members: [invitee],
      });
      const inv = await open(vp.options);
      page = inv.page;
      await page.goto("/login");
      await login(page, invitee.email, invitee.password);
      await page.waitForURL("**/student/dashboard");
      await page.goto(`/student/proposals/${invitedTo}`);
      await page.getByText("You are invited to join this group").waitFor();
      await check("Proposal page (invitation open)");
      await withModal(
        page,
        () => page.getByRole("button", { name: "Accept invitation" }).click(),
        "Accept the invitation?",
        () => check("Proposal page (accept the invitation?)"),
      );
      await inv.context.close();

      expectNoSeriousViolations(r);
    });

    it(`supervisor screens @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`supervisor @ ${vp.name}`);

      // Prof. Leila Haddad: groups, cells, a sent notice, a chat and a review behind her.
      const leila = await open(vp.options);
      let page = leila.page;
      let check = (screen: string) => r.check(leila.page, screen, vp.name);
      await signIn(page, DEMO.supervisor, "/supervisor/dashboard");
      await h1(page, "Dashboard");
      const stat = (label: string) => page.getByRole("button", { name: new RegExp(`^${label}`) });
      await stat("Total Groups").waitFor();
      await check("Dashboard");
      for (const label of ["Thesis Groups", "Project Groups", "Total Groups", "Research Cells"]) {
        await withModal(
          page,
          () => stat(label).click(),
          label,
          async () => {
            await page.getByRole("dialog", { name: label }).getByText(/./).first().waitFor();
            await check(`Dashboard (${label} modal open)`);
          },
        );
      }

      await navigate(page, "Notice", "/supervisor/notice", r, vp.name);
      await page.getByRole("list", { name: "Sent notices" }).getByText(NOTICE).waitFor();
      await check("Notice");

      await navigate(page, "Chat", "/supervisor/chat", r, vp.name);
      await main(page).getByText("Hi all, I uploaded the interview questions.").waitFor();
      await check("Chat");

      await navigate(page, "Review History", "/supervisor/history", r, vp.name);
      await main(page).getByText(APPROVED).first().waitFor();
      await check("Review History");

      await navigate(page, "Profile", "/supervisor/profile", r, vp.name);
      await check("Profile");
      await leila.context.close();

      // Prof. Ayesha Rahman has a Pending thesis: the review queue and the Review modal.
      const ayesha = await open(vp.options);
      page = ayesha.page;
      check = (screen: string) => r.check(ayesha.page, screen, vp.name);
      await signIn(page, DEMO.reviewer, "/supervisor/dashboard");
      await navigate(page, "Request", "/supervisor/requests", r, vp.name, "Requests");
      // A table row on a desktop, a card on a phone.
      const row = main(page).locator(":is(tr, li)").filter({ hasText: PENDING });
      await row.waitFor();
      await check("Request");

      // Every group by state (issue 30).
      await navigate(page, "Groups", "/supervisor/groups", r, vp.name);
      await main(page).getByRole("heading", { name: "Pending", level: 2 }).waitFor();
      await check("Groups");

      // The specification's second address of the Request screen: no menu item of its own (issue 30).
      await page.goto("/supervisor/pending-proposals");
      await page.getByRole("heading", { name: "Pending Proposals", level: 1 }).waitFor();
      await row.waitFor();
      await check("Pending Proposals");
      await withModal(
        page,
        () => row.getByRole("button", { name: /Review/ }).click(),
        "Review proposal",
        () => check("Pending Proposals (Review modal open)"),
      );

      // The proposal's page from its title, and the review's confirmation step (issue 20).
      await row.getByRole("link", { name: PENDING }).click();
      await page.waitForURL("**/supervisor/proposals/*");
      await h1(page, PENDING);
      await page.getByRole("region", { name: "Timeline" }).waitFor();
      await check("Proposal page");
      await withModal(
        page,
        async () => {
          await page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Review" }).click();
          const review = page.getByRole("dialog", { name: "Review proposal" });
          await review.getByRole("button", { name: "Approve" }).click();
          await review.getByRole("button", { name: "Confirm" }).waitFor();
        },
        "Review proposal",
        () => check("Proposal page (review confirmation)"),
      );
      await ayesha.context.close();

      expectNoSeriousViolations(r);
    });

    it(`committee screens @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`committee @ ${vp.name}`);
      const { context, page } = await open(vp.options);
      const check = (screen: string) => r.check(page, screen, vp.name);
      await signIn(page, DEMO.committee, "/committee/dashboard");
      await h1(page, /^Welcome, /);
      await page.getByRole("group", { name: /^Students: \d+/ }).waitFor();
      await check("Dashboard");

      await navigate(page, "Terms", "/committee/terms", r, vp.name);
      await main(page).getByText("Times are shown in").waitFor();
      // The places panel of the current term, with its chart and capacities.
      await main(page)
        .getByRole("spinbutton")
        .or(main(page).getByRole("textbox", { name: /^Places for / }))
        .first()
        .waitFor();
      await check("Terms (with places)");
      await withModal(
        page,
        () => page.getByRole("button", { name: "New term" }).click(),
        "New term",
        () => check("Terms (new term form open)"),
      );

      await navigate(page, "All Students", "/committee/all-students", r, vp.name);
      await main(page).getByText("Tanvir Hasan").waitFor();
      await check("All Students");
      // A person's actions: the menu, the edit dialog, and what a deactivation leaves behind.
      const actions = main(page).getByRole("button", { name: "Actions for Tanvir Hasan" });
      await actions.click();
      await page.getByRole("menuitem", { name: "Edit name and email" }).waitFor();
      await check("All Students (a person's actions open)");
      await withModal(
        page,
        () => page.getByRole("menuitem", { name: "Edit name and email" }).click(),
        "Edit Tanvir Hasan",
        () => check("All Students (edit a person)"),
      );
      await withModal(
        page,
        async () => {
          await actions.click();
          await page.getByRole("menuitem", { name: "Deactivate" }).click();
        },
        "Deactivate Tanvir Hasan?",
        async () => {
          await page
            .getByRole("dialog")
            .getByText(/No active proposals|What they leave behind/)
            .first()
            .waitFor();
          await check("All Students (deactivate: what they leave behind)");
        },
      );

      // The import: the empty screen, then a checked file with an error and new rows.
      await main(page).getByRole("link", { name: "Import CSV" }).click();
      await h1(page, "Import students");
      await check("Import students");
      await page.locator('input[type="file"]').setInputFiles({
        name: "students.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          "name,email,studentId\nNew Person,new.person@demo.example.edu,2099-NEW-1\nBroken,not-an-email,2099-NEW-2\n",
        ),
      });
      await page.getByRole("button", { name: "Check file" }).click();
      await main(page).getByText("1 error", { exact: true }).waitFor();
      await check("Import students (checked, with an error)");

      await navigate(page, "All Teachers", "/committee/all-teachers", r, vp.name);
      await main(page).getByText("Prof. Leila Haddad").waitFor();
      await check("All Teachers");

      await navigate(page, "Research Cells", "/committee/research-cells", r, vp.name);
      const cellRow = page.getByRole("row").filter({ hasText: CELL });
      await cellRow.waitFor();
      await check("Research Cells");
      await withModal(
        page,
        () => cellRow.getByRole("button", { name: new RegExp(`Edit ${escapeRe(CELL)}`) }).click(),
        "Edit research cell",
        () => check("Research Cells (edit modal open)"),
      );

      await navigate(page, "Rooms", "/committee/rooms", r, vp.name);
      const roomName = `Seminar room ${vp.name}`;
      const addRoom = page.getByRole("form", { name: "Add room" });
      await addRoom.getByRole("textbox", { name: "Name" }).fill(roomName);
      await addRoom.getByRole("textbox", { name: "Capacity" }).fill("24");
      await addRoom.getByRole("button", { name: "Add room" }).click();
      const roomRow = page.getByRole("row").filter({ hasText: roomName });
      await roomRow.waitFor();
      await check("Rooms");
      await withModal(
        page,
        () => roomRow.getByRole("button", { name: `Edit ${roomName}` }).click(),
        "Edit room",
        () => check("Rooms (edit modal open)"),
      );

      await navigate(page, "Cell Members", "/committee/cell-members", r, vp.name);
      await page.getByRole("region", { name: CELL }).getByText("Prof. Ayesha Rahman").waitFor();
      await check("Cell Members");

      await navigate(page, "Committee Members", "/committee/committee-members", r, vp.name);
      await main(page).getByText(DEMO.committee).waitFor();
      await check("Committee Members");

      await navigate(page, "Data retention", "/committee/retention", r, vp.name);
      await main(page).getByText("Chat messages").waitFor();
      await main(page).getByText("Last run").waitFor();
      await check("Data retention");
      await screenshot(page, `retention-${vp.name}`);

      await navigate(page, "Profile", "/committee/profile", r, vp.name);
      await check("Profile");

      // A proposal's page (issue 20): its actions, and the Reassign form open (its thesis has
      // started, so Reopen is not offered: DESIGN.md §16).
      const approved = (await (
        await page.request.get("/api/proposals?status=Approved&pageSize=100")
      ).json()) as {
        items: { id: string; title: string }[];
      };
      const id = approved.items.find((p) => p.title === APPROVED)!.id;
      await page.goto(`/committee/proposals/${id}`);
      await h1(page, APPROVED);
      await page.getByRole("region", { name: "Timeline" }).waitFor();
      await check("Proposal page");
      await withModal(
        page,
        () => page.getByRole("region", { name: "Actions" }).getByRole("button", { name: "Reassign" }).click(),
        "Reassign this proposal?",
        () => check("Proposal page (Reassign form open)"),
      );
      await context.close();

      expectNoSeriousViolations(r);
    });
  }
});

describe("accessibility: the proposal's life (issue 20)", () => {
  let life: Awaited<ReturnType<typeof lifeScenario>>;
  beforeAll(async () => {
    await seedDemoOnce();
    life = await lifeScenario(browser, server.url);
  }, 180_000);

  for (const vp of VIEWPORTS) {
    it(`student screens of the proposal's life @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`student (proposal's life) @ ${vp.name}`);

      // Yuki Sato has an invitation: the card, and the Decline confirmation.
      const yuki = await open(vp.options);
      let page = yuki.page;
      let check = (screen: string) => r.check(page, screen, vp.name);
      await signIn(page, "yuki.sato@demo.example.edu", "/student/dashboard");
      const invitation = page.getByRole("article", { name: LIFE.awaitingMembers });
      await invitation.waitFor();
      await check("Dashboard (an invitation)");
      await withModal(
        page,
        () => invitation.getByRole("button", { name: "Decline" }).click(),
        "Decline the invitation?",
        () => check("Dashboard (Decline confirmation open)"),
      );
      await navigate(page, "Submit Proposal", "/student/proposal", r, vp.name);
      await page.getByText("You have open invitations").waitFor();
      await check("Submit Proposal (with open invitations)");
      await yuki.context.close();

      // Fatima Noor waits for Yuki's answer.
      const fatima = await open(vp.options);
      page = fatima.page;
      check = (screen: string) => r.check(page, screen, vp.name);
      await signIn(page, "fatima.noor@demo.example.edu", "/student/dashboard");
      await page.getByText("Waiting for Yuki Sato to answer their invitation.", { exact: false }).waitFor();
      await check("Dashboard (Awaiting members)");
      await fatima.context.close();

      // Nadia's supervisor asked for changes.
      const nadia = await open(vp.options);
      page = nadia.page;
      check = (screen: string) => r.check(page, screen, vp.name);
      await page.goto("/login");
      await login(page, life.nadia.email, life.nadia.password);
      await page.waitForURL("**/student/dashboard");
      await page.getByRole("link", { name: "Submit a new version" }).waitFor();
      await check("Dashboard (Changes requested)");
      await nadia.context.close();

      // Ivan's proposal was denied by the committee: the latest proposal, and starting again from it.
      const ivan = await open(vp.options);
      page = ivan.page;
      check = (screen: string) => r.check(page, screen, vp.name);
      await page.goto("/login");
      await login(page, life.ivan.email, life.ivan.password);
      await page.waitForURL("**/student/dashboard");
      await page.getByText(LIFE.committeeFeedback).waitFor();
      await check("Dashboard (latest proposal denied)");
      await page.getByRole("link", { name: "Start a new proposal from this one" }).click();
      await page.waitForURL("**/student/proposal?from=*");
      await page.getByText(`Starting from “${LIFE.denied}”`).waitFor();
      await check("Submit Proposal (from a denied proposal)");
      await ivan.context.close();

      expectNoSeriousViolations(r);
    });

    it(`committee screens of the proposal's life @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`committee (proposal's life) @ ${vp.name}`);
      const { context, page } = await open(vp.options);
      const check = (screen: string) => r.check(page, screen, vp.name);
      await signIn(page, DEMO.committee, "/committee/dashboard");
      await page.getByRole("link", { name: /^Awaiting committee\s+1$/i }).waitFor();
      await check("Dashboard (every status, cells chart with its links)");

      await navigate(page, "Proposals", "/committee/proposals", r, vp.name);
      await main(page).getByRole("link", { name: LIFE.denied }).waitFor();
      await check("Proposals");
      await page.getByRole("combobox", { name: "Status", exact: true }).click();
      await page.getByRole("listbox").waitFor();
      await check("Proposals (Status list open)");
      await page.keyboard.press("Escape");
      await page.goto("/committee/proposals?status=Withdrawn");
      await main(page).getByText("No proposals match these filters.").waitFor();
      await check("Proposals (nothing matches)");

      await navigate(page, "Approvals", "/committee/approvals", r, vp.name);
      await main(page).getByText(LIFE.supervisorFeedback).waitFor();
      await check("Approvals");

      await navigate(page, "Activity", "/committee/activity", r, vp.name);
      await main(page).getByText(LIFE.committeeFeedback).first().waitFor();
      await check("Activity");
      const person = page.getByRole("combobox", { name: "Person" });
      await person.click();
      await person.fill("Ivan");
      await page.getByRole("option", { name: /^Ivan Petrov/ }).waitFor();
      await check("Activity (Person search open)");
      await context.close();

      expectNoSeriousViolations(r);
    });
  }
});

describe("accessibility: allocation screens (issue 21)", () => {
  /** An allocation term made current, with topics of two supervisors, two groups ranking them, a ranking and a draft. */
  const ALLOC = { term: "Allocation term (a11y)", topics: ["Robot path planning", "Drone swarms"] };
  let creator: Awaited<ReturnType<typeof registerStudentApi>>;
  let groupId = "";
  beforeAll(async () => {
    const committee = await signInApi(server.url, DEMO.committee);
    const { term } = await postJson<{ term: { id: string } }>(committee, "/api/terms", {
      name: ALLOC.term,
      mode: "allocation",
      maxPreferences: 3,
    });
    await postJson(committee, `/api/terms/${term.id}/current`);
    const kenji = await signInApi(server.url, "kenji.watanabe@demo.example.edu");
    const cells = await getJson<{ cells: { id: string }[] }>(kenji, "/api/supervisor/dashboard");
    const topicIds: string[] = [];
    for (const title of ALLOC.topics) {
      const { topic } = await postJson<{ topic: { id: string } }>(kenji, "/api/topics", {
        termId: term.id,
        title,
        description: `${title}: what the group builds and measures.`,
        type: "Thesis",
        researchCellId: cells.cells[0].id,
        capacity: 1,
      });
      topicIds.push(topic.id);
    }
    creator = await registerStudentApi(server.url, "Ranking Student");
    const other = await registerStudentApi(server.url, "Another Ranker");
    groupId = (
      await postJson<{ proposal: { id: string } }>(creator, "/api/proposals", {
        type: "Thesis",
        preferences: topicIds,
      })
    ).proposal.id;
    await postJson(other, "/api/proposals", { type: "Project", preferences: [topicIds[0]] });
    const ranked = await kenji.api.put(`/api/terms/${term.id}/ranking`, { data: { proposalIds: [groupId] } });
    expect(ranked.ok()).toBe(true);
    await postJson(committee, `/api/terms/${term.id}/allocation`);
  });

  for (const vp of VIEWPORTS) {
    it(`allocation screens of every role @ ${vp.name}`, { timeout: 300_000 }, async () => {
      const r = report(`allocation @ ${vp.name}`);

      // A group's member: Topics and the group's page with its ranked topics.
      let s = await open(vp.options);
      let page = s.page;
      // Each screen scanned is also kept as a picture, to look at (e2e/.artifacts/a11y-alloc-*.png).
      const check = async (screen: string) => {
        await r.check(page, screen, vp.name);
        await screenshot(
          page,
          `a11y-alloc-${vp.name.split(" ")[0]}-${screen.toLowerCase().replace(/[^a-z]+/g, "-")}`,
        );
      };
      await page.goto("/login");
      await login(page, creator.email, creator.password);
      await page.waitForURL("**/student/dashboard");
      await navigate(page, "Topics", "/student/topics", r, vp.name);
      await page.getByRole("article", { name: ALLOC.topics[0] }).waitFor();
      await check("Student: Topics");
      await page.goto(`/student/proposals/${groupId}`);
      await page.getByRole("list", { name: "Your group's ranked topics" }).waitFor();
      await check("Student: proposal page with its ranked topics");
      await s.context.close();

      // A student in no group: Submit Proposal ranks topics.
      const free = await registerStudentApi(server.url, `Free Ranker ${vp.name}`);
      s = await open(vp.options);
      page = s.page;
      await page.goto("/login");
      await login(page, free.email, free.password);
      await page.waitForURL("**/student/dashboard");
      await page.goto("/student/proposal");
      const add = page.getByRole("combobox", { name: "Add a topic" });
      await add.click();
      await page.getByRole("option", { name: new RegExp(`^${ALLOC.topics[1]}`) }).click();
      await page.getByRole("list", { name: "Ranked topics" }).waitFor();
      await check("Student: Submit Proposal with ranked topics");
      await s.context.close();

      // A supervisor: Topics (and its form) and Applicants.
      s = await open(vp.options);
      page = s.page;
      await signIn(page, "kenji.watanabe@demo.example.edu", "/supervisor/dashboard");
      await navigate(page, "Topics", "/supervisor/topics", r, vp.name);
      await page.getByRole("article", { name: ALLOC.topics[0] }).waitFor();
      await check("Supervisor: Topics");
      await withModal(
        page,
        () => page.getByRole("button", { name: "New topic" }).click(),
        "New topic",
        () => check("Supervisor: Topics (new topic form open)"),
      );
      await navigate(page, "Applicants", "/supervisor/applicants", r, vp.name);
      await page.getByRole("list", { name: "Your ranking" }).waitFor();
      await check("Supervisor: Applicants");
      await s.context.close();

      // The committee: the draft, a move and the publication's confirmation.
      s = await open(vp.options);
      page = s.page;
      await signIn(page, DEMO.committee, "/committee/dashboard");
      await navigate(page, "Allocation", "/committee/allocation", r, vp.name);
      await page.getByRole("group", { name: /^Matched: / }).waitFor();
      await check("Committee: Allocation (draft)");
      await withModal(
        page,
        () =>
          page
            .getByRole("button", { name: /^Move / })
            .first()
            .click(),
        "Move this group in the draft?",
        () => check("Committee: Allocation (move open)"),
      );
      await withModal(
        page,
        () => page.getByRole("button", { name: "Publish", exact: true }).click(),
        "Publish the allocation?",
        () => check("Committee: Allocation (publish confirmation)"),
      );
      await s.context.close();

      expectNoSeriousViolations(r);
    });
  }
});
