import { utcToWall } from "@shared/time";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
  uniqueTag,
} from "./support/harness";

/**
 * A term from the committee's hands to an overdue review (issue 19). Demo data: the cell
 * "Machine Learning & Data Science" has Prof. Ayesha Rahman and Dr. Marco Bianchi.
 */
const ZONE = "Europe/Berlin";
const CELL = "Machine Learning & Data Science";
const FULL = "Prof. Ayesha Rahman";
const OPEN = { name: "Dr. Marco Bianchi", email: "marco.bianchi@demo.example.edu" };
const DAY = 86_400_000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: ZONE }, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page, email: string, path: string) {
  await page.goto("/login");
  await login(page, email, DEMO_PASSWORD);
  await page.waitForURL(`**${path}`);
}

/** Mantine's Select: open it, then pick the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole("textbox", { name: label, exact: true })
    .or(page.getByRole("combobox", { name: label, exact: true }))
    .click();
  await page.getByRole("option", { name: option }).click();
}

describe("terms in the browser", () => {
  it("committee makes a term with a window and places; a student sees the countdown and a full supervisor, submits; the review goes overdue", async () => {
    const term = `Spring ${uniqueTag("t")}`;
    const now = Date.now();

    // The committee creates the term, makes it current and gives Prof. Rahman no places.
    const com = await newPage(browser, server.url);
    await signIn(com.page, "committee@demo.example.edu", "/committee/dashboard");
    // The committee's own Terms link: the signed-in shell loads after the address changes, and until
    // then the public layout's "Terms" (of use) is the one on screen.
    await com.page.getByRole("navigation").locator('a[href="/committee/terms"]').first().click();
    await com.page.waitForURL("**/committee/terms");
    await com.page.getByText(`Times are shown in ${ZONE}.`).waitFor();
    await com.page.getByRole("button", { name: "New term" }).click();
    const form = com.page.getByRole("dialog");
    await form.getByLabel("Name").fill(term);
    await form.getByLabel("Submissions open").fill(utcToWall(new Date(now - 3_600_000).toISOString(), ZONE));
    await form
      .getByLabel("Submissions close")
      .fill(utcToWall(new Date(now + 2 * DAY + 3_600_000).toISOString(), ZONE));
    await form.getByLabel("Default places per supervisor").fill("3");
    await screenshot(com.page, "terms-new-term-form");
    await form.getByRole("button", { name: "Create term" }).click();
    await form.waitFor({ state: "detached" });
    await com.page.getByRole("button", { name: `Make ${term} current` }).click();
    await com.page.getByRole("dialog").getByRole("button", { name: "Make current" }).click();
    await com.page.getByRole("button", { name: `Make ${term} current` }).waitFor({ state: "detached" });
    await com.page.getByRole("button", { name: `Places in ${term}` }).click();
    await com.page.getByRole("textbox", { name: `Places for ${FULL}` }).fill("0");
    await com.page.getByRole("button", { name: `Save places for ${FULL}` }).click();
    await com.page.getByRole("button", { name: `Use term default for ${FULL}` }).waitFor();
    await screenshot(com.page, "terms-places");

    // A new student sees the window and its countdown, and the full supervisor cannot be chosen.
    const stu = await newPage(browser, server.url);
    await registerStudent(stu.page, "Clara Window");
    await stu.page.getByText(`Submissions are open for ${term} until`).waitFor();
    expect(await stu.page.getByRole("timer").first().textContent()).toMatch(/^Closes in 2 days/);
    await stu.page.getByRole("navigation").getByRole("link", { name: "Submit Proposal" }).click();
    await stu.page.waitForURL("**/student/proposal");
    await stu.page.getByLabel("Title").fill("Federated learning on hospital data");
    await stu.page.getByLabel("Abstract").fill("We train models across hospitals without sharing records.");
    await choose(stu.page, "Type", "Thesis");
    await choose(stu.page, "Research Cell", CELL);
    await stu.page
      .getByRole("textbox", { name: "Supervisor", exact: true })
      .or(stu.page.getByRole("combobox", { name: "Supervisor", exact: true }))
      .click();
    const full = stu.page.getByRole("option", { name: `${FULL} — no places left` });
    await full.waitFor();
    expect(await full.getAttribute("aria-disabled")).toBe("true");
    await screenshot(stu.page, "terms-supervisor-picker");
    await stu.page.getByRole("option", { name: `${OPEN.name} — 3 places left` }).click();
    await stu.page.getByRole("button", { name: "Submit Proposal" }).click();
    await stu.page.getByText("Proposal submitted.").first().waitFor();

    // The supervisor sees it, not yet overdue; eight days later (the browser's clock moved), Overdue.
    const sup = await newPage(browser, server.url);
    await signIn(sup.page, OPEN.email, "/supervisor/dashboard");
    await sup.page.goto("/supervisor/pending-proposals");
    await sup.page.getByText("Federated learning on hospital data").first().waitFor();
    // The badge reads "Overdue", with the due date for screen readers.
    const overdue = sup.page.getByText(/^Overdue: review was due /);
    expect(await overdue.count()).toBe(0);
    await sup.page.clock.setFixedTime(new Date(now + 8 * DAY));
    await sup.page.reload();
    await sup.page.getByText("Federated learning on hospital data").first().waitFor();
    await overdue.first().waitFor();
    await screenshot(sup.page, "terms-overdue");

    for (const p of [com, stu, sup]) await p.context.close();
  });
});
