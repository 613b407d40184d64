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
 * A supervisor's day: a student submits to them, the dashboard counts change, the supervisor
 * reviews the proposal with feedback and sends the group a notice; the students see the status,
 * the feedback and the notice with its unread badge.
 *
 * Demo data (seed --demo): Prof. Ayesha Rahman supervises the cell "Machine Learning & Data
 * Science" and already has one Pending thesis (Tanvir Hasan and Mei Lin), two days old.
 */
const SUPERVISOR = {
  name: "Prof. Ayesha Rahman",
  email: "ayesha.rahman@demo.example.edu",
  password: "thesisdesk-demo",
};
const CELL = "Machine Learning & Data Science";
const DEMO_PENDING = "Detecting phishing websites with graph neural networks";
const TITLE = "Explainable models for crop disease detection";
const FEEDBACK = "Well scoped. Start with the public PlantVillage data set.";
const NOTICE = { title: "First meeting", description: "Let's meet on Monday at 14:00 in room 2.07." };

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// A stat card is a button named by its visible text: "Thesis Groups : 2 Click for details".
const stat = (page: Page, label: string) =>
  page.getByRole("button", { name: new RegExp(`^${label}\\s*:\\s*\\d+`) });
async function statValue(page: Page, label: string) {
  return Number(await stat(page, label).getByTestId(`stat-${label}`).textContent());
}

/** Lets a modal finish its opening transition before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

/** Mantine's Select: open it, then click the option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page
    .getByRole("textbox", { name: label, exact: true })
    .or(page.getByRole("combobox", { name: label, exact: true }))
    .click();
  await page.getByRole("option", { name: option }).click();
}

describe("supervisor journey", () => {
  it("submit → counts change → review with feedback → notice → the students see it all", async () => {
    // A second student first, so that the group has two members.
    const second = await newPage(browser, server.url);
    const member = await registerStudent(second.page, "Lina Member");

    // The supervisor's dashboard before the submission.
    const sup = await newPage(browser, server.url);
    await sup.page.goto("/login");
    await login(sup.page, SUPERVISOR.email, SUPERVISOR.password);
    await sup.page.waitForURL("**/supervisor/dashboard");
    await stat(sup.page, "Thesis Groups").waitFor();
    const before = {
      thesis: await statValue(sup.page, "Thesis Groups"),
      project: await statValue(sup.page, "Project Groups"),
      total: await statValue(sup.page, "Total Groups"),
      cells: await statValue(sup.page, "Research Cells"),
    };
    expect(before).toEqual({ thesis: 1, project: 0, total: 1, cells: 1 });

    // The student submits a thesis to Prof. Rahman with Lina in the group.
    const stu = await newPage(browser, server.url);
    const student = await registerStudent(stu.page, "Kofi Annan Student");
    await stu.page.goto("/student/proposal");
    await stu.page.getByLabel("Title").fill(TITLE);
    await stu.page
      .getByLabel("Abstract")
      .fill("We train interpretable classifiers on leaf images and explain their decisions to farmers.");
    await choose(stu.page, "Type", "Thesis");
    await choose(stu.page, "Research Cell", CELL);
    await choose(stu.page, "Supervisor", SUPERVISOR.name);
    const picker = stu.page
      .getByRole("textbox", { name: "Group members" })
      .or(stu.page.getByRole("combobox", { name: "Group members" }));
    await picker.click();
    await picker.fill("Lina");
    await stu.page.getByRole("option", { name: /Lina Member/ }).click();
    await stu.page.keyboard.press("Escape"); // the multi-select keeps its list open
    await stu.page.getByRole("button", { name: "Submit Proposal" }).click();
    await stu.page.getByText("Proposal submitted.").first().waitFor();

    // Lina was invited: until she accepts, the proposal has not reached the supervisor (DESIGN.md §9).
    const mine = await (await stu.page.request.get("/api/proposals")).json();
    const proposalId = mine.items.find((p: { title: string }) => p.title === TITLE).id;
    await sup.page.reload();
    await stat(sup.page, "Thesis Groups").waitFor();
    expect(await statValue(sup.page, "Thesis Groups")).toBe(before.thesis);
    expect((await sup.page.request.get(`/api/proposals/${proposalId}`)).status()).toBe(404);
    await second.page.goto(`/student/proposals/${proposalId}`);
    await second.page.getByRole("button", { name: "Accept invitation" }).click();
    await second.page.getByRole("dialog").getByRole("button", { name: "Accept invitation" }).click();
    await second.page.getByText(`You joined "${TITLE}".`).first().waitFor();

    // The counts follow.
    await sup.page.reload();
    await stat(sup.page, "Thesis Groups").waitFor();
    expect(await statValue(sup.page, "Thesis Groups")).toBe(before.thesis + 1);
    expect(await statValue(sup.page, "Total Groups")).toBe(before.total + 1);
    expect(await statValue(sup.page, "Project Groups")).toBe(before.project);
    await sup.page.getByText("2 proposals are waiting for your review.").waitFor();
    await stat(sup.page, "Thesis Groups").click();
    const groups = sup.page.getByRole("dialog", { name: "Thesis Groups" });
    await groups.getByText(TITLE).waitFor();
    await groups.getByText("Kofi Annan Student, Lina Member").waitFor();
    await settle(sup.page);
    await screenshot(sup.page, "supervisor-dashboard-groups");
    await sup.page.keyboard.press("Escape");
    await groups.waitFor({ state: "hidden" });
    await stat(sup.page, "Research Cells").click();
    await sup.page.getByRole("dialog", { name: "Research Cells" }).getByText(CELL).waitFor();
    await sup.page.keyboard.press("Escape");
    await screenshot(sup.page, "supervisor-dashboard");

    // Requests: oldest first; the review modal; Deny needs feedback; Approve with feedback.
    await sup.page.getByRole("navigation").getByRole("link", { name: "Request" }).click();
    await sup.page.waitForURL("**/supervisor/requests");
    const rows = sup.page.getByRole("table", { name: "Pending proposals" }).getByRole("row");
    await rows.nth(2).waitFor();
    await expect(rows.nth(1).textContent()).resolves.toContain(DEMO_PENDING);
    await expect(rows.nth(2).textContent()).resolves.toContain(TITLE);
    await screenshot(sup.page, "supervisor-requests");
    await sup.page.getByRole("button", { name: `Review ${TITLE}` }).click();
    const modal = sup.page.getByRole("dialog", { name: "Review proposal" });
    await modal.getByText("We train interpretable classifiers").waitFor();
    await modal.getByText(CELL).waitFor();
    await modal.getByText("Kofi Annan Student, Lina Member").waitFor();
    await modal.getByRole("button", { name: "Deny" }).click();
    await modal.getByText("Feedback is required when denying a proposal.").waitFor();
    await settle(sup.page);
    await screenshot(sup.page, "supervisor-review-modal");
    await modal.getByLabel("Feedback").fill(FEEDBACK);
    await modal.getByRole("button", { name: "Approve" }).click();
    // A confirmation step says what will happen; Back returns to the choice.
    await modal.getByText("Approve this proposal? It becomes Approved and the group is told.").waitFor();
    await settle(sup.page);
    await screenshot(sup.page, "supervisor-review-confirm");
    await modal.getByRole("button", { name: "Back" }).click();
    await modal.getByRole("button", { name: "Approve" }).click();
    await modal.getByRole("button", { name: "Confirm" }).click();
    await sup.page.getByText("Proposal Approved successfully!").waitFor();
    await modal.waitFor({ state: "hidden" });
    await sup.page.getByRole("button", { name: `Review ${TITLE}` }).waitFor({ state: "detached" });
    await sup.page.getByRole("button", { name: `Review ${DEMO_PENDING}` }).waitFor();

    // The same screen at the specification's address, Pending Proposals (the menu has one item, Requests).
    await sup.page.goto("/supervisor/pending-proposals");
    await sup.page.getByRole("heading", { name: "Pending Proposals" }).waitFor();
    await sup.page.getByRole("button", { name: `Review ${DEMO_PENDING}` }).waitFor();

    // Review history: the approved proposal with the feedback given.
    await sup.page.getByRole("navigation").getByRole("link", { name: "Review History" }).click();
    await sup.page.waitForURL("**/supervisor/history");
    const approved = sup.page.getByRole("table", { name: "Approved proposals" });
    await approved.getByText(TITLE).waitFor();
    await approved.getByText(FEEDBACK).waitFor();
    await screenshot(sup.page, "supervisor-history");

    // Notice: empty fields are refused on the spot; then it is sent to the group.
    await sup.page.getByRole("navigation").getByRole("link", { name: "Notice" }).click();
    await sup.page.waitForURL("**/supervisor/notice");
    await sup.page.getByRole("button", { name: "Send Notice" }).click();
    await sup.page.getByRole("alert").filter({ hasText: "Please fill all fields." }).first().waitFor();
    await choose(sup.page, "Group", new RegExp(TITLE));
    await sup.page.getByLabel("Title").fill(NOTICE.title);
    await sup.page.getByLabel("Description").fill(NOTICE.description);
    await sup.page.getByRole("button", { name: "Send Notice" }).click();
    await sup.page.getByText("Notice Sent Successfully!").waitFor();
    const sent = sup.page.getByRole("list", { name: "Sent notices" });
    await sent.getByText(NOTICE.title).waitFor();
    await sent.getByText("Recipients: Kofi Annan Student, Lina Member").waitFor();
    await sent.getByText("Read by 0/2").waitFor();
    await screenshot(sup.page, "supervisor-notice");

    // The student: the latest notice and the unread badge on the dashboard.
    await stu.page.goto("/student/dashboard");
    const card = stu.page.getByRole("region", { name: "Latest notice" });
    await card.getByText(NOTICE.title).waitFor();
    await card.getByText("1 unread").waitFor();
    const nav = stu.page.getByRole("navigation");
    await nav.getByLabel("1 unread").waitFor();
    await screenshot(stu.page, "supervisor-student-dashboard-notice");

    // The status and the feedback.
    await nav.getByRole("link", { name: /Proposal Status/ }).click();
    await stu.page.waitForURL("**/student/proposal-status");
    const proposal = stu.page.getByRole("article", { name: TITLE });
    await proposal.getByText("Approved").first().waitFor();
    await proposal.getByText(FEEDBACK).waitFor();

    // The notice: unread until opened; opening it clears the badge.
    await nav.getByRole("link", { name: /Notices/ }).click();
    await stu.page.waitForURL("**/student/notices");
    await stu.page.getByText("1 unread notice").waitFor();
    await screenshot(stu.page, "supervisor-student-notices");
    await stu.page.getByRole("button", { name: `Unread notice: ${NOTICE.title}` }).click();
    const opened = stu.page.getByRole("dialog", { name: NOTICE.title });
    await opened.getByText(NOTICE.description).waitFor();
    await opened.getByText(`From ${SUPERVISOR.name}`).waitFor();
    await settle(stu.page);
    await screenshot(stu.page, "supervisor-student-notice-open");
    await stu.page.keyboard.press("Escape");
    await stu.page.getByText("All caught up: no unread notices.").waitFor();
    await nav.getByLabel("1 unread").waitFor({ state: "detached" });
    await stu.page.getByRole("button", { name: `Notice: ${NOTICE.title}` }).waitFor();

    // The other member received it too; the supervisor sees who read it.
    await second.page.goto("/student/notices");
    await second.page.getByRole("button", { name: `Unread notice: ${NOTICE.title}` }).waitFor();
    await sup.page.reload();
    await sup.page.getByRole("list", { name: "Sent notices" }).getByText("Read by 1/2").waitFor();
    expect(student.email).not.toBe(member.email);

    await Promise.all([sup.context.close(), stu.context.close(), second.context.close()]);
  });
});
