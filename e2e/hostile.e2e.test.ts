import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  registerStudent,
  screenshot,
  startServer,
} from "./support/harness";

/**
 * Hostile text in the browser: markup, scripts, right-to-left text and emoji typed into a
 * proposal, a notice and a chat message come back on every screen as the literal text that was
 * typed, and nothing in them ever runs. Every page listens for dialogs (alert, confirm, prompt)
 * and a payload that ran would also set a global or leave an <img src=x> in the page.
 *
 * Demo data (seed --demo): Prof. Ayesha Rahman supervises "Machine Learning & Data Science".
 */
const SUPERVISOR = {
  name: "Prof. Ayesha Rahman",
  email: "ayesha.rahman@demo.example.edu",
  password: "thesisdesk-demo",
};
const CELL = "Machine Learning & Data Science";

const TITLE = `<img src=x onerror="window.__pwned='title';alert(1)"> مقترح 🎓`;
const ABSTRACT_LINES = [
  `<script>window.__pwned='abstract';alert(2)</script>`,
  `"><svg onload="window.__pwned='svg';alert(3)">`,
  "שלום עולם — بحث عن التعلم الآلي",
  "Family 👨‍👩‍👧‍👦, Cafe\u0301, zero\u200Bwidth",
];
const ABSTRACT = ABSTRACT_LINES.join("\n");
const NOTICE_TITLE = `<script>window.__pwned='notice';alert(4)</script> اجتماع`;
const NOTICE_TEXT = `<img src=x onerror="window.__pwned='notice-body';alert(5)"> Meeting 📅 — יום שני`;
const CHAT = `<img src=x onerror="window.__pwned='chat';alert(6)"> مرحبا 👋 <b>not bold</b>`;
const FEEDBACK = `<a href="javascript:alert(7)">click</a> ok ✅`;

let server: RunningServer;
let browser: Browser;
const dialogs: string[] = [];

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Records every dialog a page opens (and dismisses it, so a broken page cannot hang the test). */
function watch(page: Page) {
  page.on("dialog", (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
}

/** Nothing ran: no dialog, no global set by a payload, no element made from typed markup. */
async function expectInert(page: Page, where: string) {
  expect(dialogs, where).toEqual([]);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
    where,
  ).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count(), where).toBe(0);
}

/** Mantine's Select: open it, then click the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

const settle = (page: Page) => page.waitForTimeout(400);

describe("hostile text in the browser", () => {
  it("is shown as typed and never runs: proposal, review, feedback, notice, chat", async () => {
    // The student: a name with markup too, shown in the layout and to the supervisor.
    const stu = await newPage(browser, server.url);
    watch(stu.page);
    const student = await registerStudent(stu.page, `<i>Ada</i> أدا 🧪`);
    await stu.page.getByText(student.name).first().waitFor();
    // The session cookie is out of reach of any script on the page.
    expect(await stu.page.evaluate(() => document.cookie)).not.toMatch(/session_token/);
    expect((await stu.context.cookies()).some((c) => /session_token/.test(c.name) && c.httpOnly)).toBe(true);

    await stu.page.goto("/student/proposal");
    await stu.page.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
    await stu.page.getByRole("textbox", { name: "Abstract", exact: true }).fill(ABSTRACT);
    await choose(stu.page, "Type", "Thesis");
    await choose(stu.page, "Research Cell", CELL);
    await choose(stu.page, "Supervisor", SUPERVISOR.name);
    await stu.page.getByRole("button", { name: "Submit Proposal" }).click();
    await stu.page.getByText("Proposal submitted.").first().waitFor();

    await stu.page.goto("/student/proposal-status");
    const card = stu.page.getByRole("article", { name: TITLE });
    await card.getByText(TITLE).first().waitFor();
    await card.getByText("Pending", { exact: true }).waitFor();
    await expectInert(stu.page, "proposal status");
    await screenshot(stu.page, "hostile-student-status");

    // The supervisor reviews it: the modal shows the literal text.
    const sup = await newPage(browser, server.url);
    watch(sup.page);
    await sup.page.goto("/login");
    await login(sup.page, SUPERVISOR.email, SUPERVISOR.password);
    await sup.page.waitForURL("**/supervisor/dashboard");
    await sup.page.goto("/supervisor/requests");
    await sup.page.getByRole("button", { name: `Review ${TITLE}` }).click();
    const modal = sup.page.getByRole("dialog", { name: "Review proposal" });
    await modal.getByText(TITLE).first().waitFor();
    for (const line of ABSTRACT_LINES) await modal.getByText(line, { exact: false }).first().waitFor();
    await modal.getByText(student.name).first().waitFor();
    await expectInert(sup.page, "review modal");
    await settle(sup.page);
    await screenshot(sup.page, "hostile-review-modal");
    await modal.getByLabel("Feedback").fill(FEEDBACK);
    await modal.getByRole("button", { name: "Approve" }).click();
    await modal.getByRole("button", { name: "Confirm" }).click();
    await sup.page.getByText("Proposal Approved successfully!").waitFor();

    // The feedback on Proposal Status is text, not a link.
    await stu.page.reload();
    const reviewed = stu.page.getByRole("article", { name: TITLE });
    await reviewed.getByText("Approved", { exact: true }).waitFor();
    await reviewed.getByText(FEEDBACK).waitFor();
    expect(await stu.page.locator('a[href^="javascript:"]').count()).toBe(0);
    await expectInert(stu.page, "feedback");

    // A notice to the group.
    await sup.page.goto("/supervisor/notice");
    await choose(sup.page, "Group", /مقترح/);
    await sup.page.getByLabel("Title").fill(NOTICE_TITLE);
    await sup.page.getByLabel("Description").fill(NOTICE_TEXT);
    await sup.page.getByRole("button", { name: "Send Notice" }).click();
    await sup.page.getByText("Notice Sent Successfully!").waitFor();
    await sup.page.getByRole("list", { name: "Sent notices" }).getByText(NOTICE_TITLE).waitFor();
    await expectInert(sup.page, "sent notices");

    await stu.page.goto("/student/notices");
    await stu.page.getByRole("button", { name: `Unread notice: ${NOTICE_TITLE}` }).click();
    const opened = stu.page.getByRole("dialog", { name: NOTICE_TITLE });
    await opened.getByText(NOTICE_TEXT).waitFor();
    await expectInert(stu.page, "notice");
    await settle(stu.page);
    await screenshot(stu.page, "hostile-notice");
    await stu.page.keyboard.press("Escape");

    // The group chat, both ways.
    await stu.page.goto("/student/chat");
    await stu.page.getByLabel("Message", { exact: true }).fill(CHAT);
    await stu.page.getByRole("button", { name: "Send" }).click();
    const log = stu.page.getByRole("log", { name: "Messages" });
    await log.getByText(CHAT).waitFor();
    await sup.page.goto("/supervisor/chat");
    await sup.page.getByText(TITLE).first().click();
    await sup.page.getByRole("log", { name: "Messages" }).getByText(CHAT).waitFor();
    await expectInert(stu.page, "chat (student)");
    await expectInert(sup.page, "chat (supervisor)");
    await screenshot(sup.page, "hostile-chat");

    await Promise.all([stu.context.close(), sup.context.close()]);
    expect(dialogs).toEqual([]);
  });
});
