import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  launchBrowser,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";
import { chooseByKeyboard, expectFocused, expectVisibleFocus, tabTo } from "./support/keyboard";

/**
 * The whole proposal journey with the keyboard only: no click, no fill. One page.goto for the
 * start URL; after it only page.keyboard moves (Tab, Shift+Tab, Enter, Space, arrows, typing);
 * locators only check what has focus and what is on screen.
 *
 * Demo department (scripts/lib/seed-demo.ts): Yuki Sato is in no proposal; Dr. Marco Bianchi
 * supervises in "Software Engineering" and has nothing pending.
 */
const STUDENT = "yuki.sato@demo.example.edu";
const SUPERVISOR = { email: "marco.bianchi@demo.example.edu", name: "Dr. Marco Bianchi" };
const CELL = "Software Engineering";
const TITLE = "Keyboard-only review of accessible course pages";
const ABSTRACT = "We audit course pages with screen readers and keyboards, and fix what blocks students.";
const FEEDBACK = "Approved. Include a blind user in the study.";

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, server.url, { viewport: { width: 1280, height: 800 } }));
  await page.goto("/login");
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nav = (label: string) =>
  page.getByRole("navigation").getByRole("link", { name: new RegExp(`^${label}(\\s|$)`) });

/** On the login page: Tab to the fields, type, and submit with Enter. */
async function logInByKeyboard(email: string, dashboard: string) {
  const emailField = page.getByRole("textbox", { name: "Email" });
  await tabTo(page, emailField);
  await expectVisibleFocus(page, "the Email field");
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole("textbox", { name: "Password", exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press("Enter");
  await page.waitForURL(`**${dashboard}`);
}

/** From anywhere in a signed-in screen: back to the header's Logout button, Enter, then to Log in. */
async function logOutByKeyboard() {
  const logout = page.getByRole("button", { name: "Logout" });
  await tabTo(page, logout, { back: true, max: 60 });
  await expectVisibleFocus(page, "the Logout button");
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname === "/");
  const logIn = page.getByRole("banner").getByRole("link", { name: "Log in" });
  await tabTo(page, logIn);
  await expectVisibleFocus(page, "the Log in link");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/login");
}

/** One step of the journey: a failure names the step, and leaves a screenshot of where it stopped. */
async function step(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    await screenshot(page, `keyboard-blocked-${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`).catch(
      () => {},
    );
    const e = err as Error;
    e.message = `Keyboard journey blocked at "${name}":\n${e.message}`;
    throw e;
  }
}

describe("keyboard only", () => {
  it("a student submits a proposal, the supervisor approves it, the student sees it Approved", async () => {
    await step("student logs in", () => logInByKeyboard(STUDENT, "/student/dashboard"));

    await step("student opens Submit Proposal from the sidebar", async () => {
      const submitLink = nav("Submit Proposal");
      await tabTo(page, submitLink);
      await expectVisibleFocus(page, "the sidebar's Submit Proposal link");
      await page.keyboard.press("Enter");
      await page.waitForURL("**/student/proposal");
      await page.getByRole("heading", { level: 1, name: "Submit Proposal" }).waitFor();
    });

    await step("student fills Title and Abstract", async () => {
      await tabTo(page, page.getByRole("textbox", { name: "Title", exact: true }));
      await expectVisibleFocus(page, "the Title field");
      await page.keyboard.type(TITLE);
      await tabTo(page, page.getByRole("textbox", { name: "Abstract", exact: true }));
      await page.keyboard.type(ABSTRACT);
    });

    await step("student chooses Type, Research Cell and Supervisor", async () => {
      const type = page.getByRole("combobox", { name: "Type", exact: true });
      await tabTo(page, type);
      await expectVisibleFocus(page, "the Type select");
      await chooseByKeyboard(page, type, "Project");

      const cell = page.getByRole("combobox", { name: "Research Cell", exact: true });
      await tabTo(page, cell);
      await chooseByKeyboard(page, cell, CELL);

      const supervisor = page.getByRole("combobox", { name: "Supervisor", exact: true });
      await tabTo(page, supervisor);
      await expectVisibleFocus(page, "the Supervisor select");
      await chooseByKeyboard(page, supervisor, SUPERVISOR.name);
    });

    await step("student submits", async () => {
      const submit = page.getByRole("button", { name: "Submit Proposal" });
      await tabTo(page, submit);
      await expectVisibleFocus(page, "the Submit Proposal button");
      await page.keyboard.press("Enter");
      await page.getByText("Proposal submitted.").first().waitFor();
      // The form gives way to the proposal, Pending.
      await page.getByRole("article", { name: TITLE }).getByText("Pending", { exact: true }).waitFor();
    });

    await step("student logs out, supervisor logs in", async () => {
      await logOutByKeyboard();
      await logInByKeyboard(SUPERVISOR.email, "/supervisor/dashboard");
    });

    // A table row on a desktop (a card on a phone).
    const row = page.getByRole("main").locator(":is(tr, li)").filter({ hasText: TITLE });
    const dialog = page.getByRole("dialog", { name: "Review proposal" });
    await step("supervisor opens Request and Review", async () => {
      await tabTo(page, nav("Request"));
      await expectVisibleFocus(page, "the sidebar's Request link");
      await page.keyboard.press("Enter");
      await page.waitForURL("**/supervisor/requests");
      await tabTo(page, row.getByRole("button", { name: /Review/ }));
      await expectVisibleFocus(page, "the Review button");
      await page.keyboard.press("Enter");
      await dialog.getByText(ABSTRACT).waitFor();
    });

    await step("supervisor writes feedback and approves", async () => {
      await tabTo(page, dialog.getByRole("textbox", { name: "Feedback" }), { max: 15 });
      await expectVisibleFocus(page, "the Feedback field");
      await page.keyboard.type(FEEDBACK);
      await tabTo(page, dialog.getByRole("button", { name: "Approve" }), { max: 10 });
      await expectVisibleFocus(page, "the Approve button");
      await page.keyboard.press("Space");
      // The confirmation takes the focus: its Confirm button, described by what will happen.
      const confirm = dialog.getByRole("button", { name: "Confirm" });
      await confirm.waitFor();
      await expectFocused(page, confirm);
      await expectVisibleFocus(page, "the Confirm button");
      await page.keyboard.press("Enter");
      await page.getByText("Proposal Approved successfully!").waitFor();
      await dialog.waitFor({ state: "hidden" });
      await row.waitFor({ state: "detached" });
    });

    await step("supervisor logs out, student logs in", async () => {
      await logOutByKeyboard();
      await logInByKeyboard(STUDENT, "/student/dashboard");
    });

    await step("student sees it Approved on Proposal Status", async () => {
      const status = nav("Proposal Status");
      await tabTo(page, status);
      await page.keyboard.press("Enter");
      await page.waitForURL("**/student/proposal-status");
      await expectFocused(page, status);
      const card = page.getByRole("article", { name: TITLE });
      await card.getByText("Approved", { exact: true }).waitFor();
      await card.getByText(FEEDBACK).waitFor();
      await card.getByText(SUPERVISOR.name).waitFor();
      expect(await card.getByText(CELL).count()).toBeGreaterThan(0);
      await screenshot(page, "keyboard-student-approved");
    });
  });

  it("the supervisor switches between the groups of the Chat screen", async () => {
    // Its own page and start URL. Dr. Bianchi's second group is the proposal of the journey above.
    ({ page } = await newPage(browser, server.url, { viewport: { width: 1280, height: 800 } }));
    await page.goto("/login");
    await step("supervisor logs in", () => logInByKeyboard(SUPERVISOR.email, "/supervisor/dashboard"));

    await step("supervisor opens Chat from the sidebar", async () => {
      await tabTo(page, nav("Chat"));
      await page.keyboard.press("Enter");
      await page.waitForURL("**/supervisor/chat");
    });

    await step("supervisor opens the other group with Tab and Enter", async () => {
      const groups = page.getByRole("main").locator(".mantine-NavLink-root");
      await groups.first().waitFor();
      expect(await groups.count(), "Dr. Bianchi needs two groups (the journey above adds one)").toBe(2);
      const other =
        (await groups.locator(":scope:not([data-active]) .mantine-NavLink-label").textContent()) ?? "";
      const group = groups.filter({ hasText: other });
      await tabTo(page, group);
      await expectVisibleFocus(page, `the chat group "${other}"`);
      await page.keyboard.press("Enter");
      await expect.poll(() => group.getAttribute("data-active")).toBe("true");
    });
  });
});
