import { MSG } from "@shared/messages";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, registerStudentApi, signInApi } from "./support/api";
import { A11yReport } from "./support/axe";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
} from "./support/harness";

/**
 * An allocation term in the browser (issue 21, DESIGN.md §11): the committee makes an allocation
 * term current; two supervisors publish topics on their Topics screens; three groups rank them
 * (one group of two formed by invitation and consent, its list ordered by dragging on Submit
 * Proposal); the supervisors rank their applicants (once by keyboard drag and drop); the committee
 * runs the allocation, moves one group by hand, and publishes; each group then sees its
 * supervisor on its proposal's page.
 *
 * Demo department (scripts/lib/seed-demo.ts): Dr. Kenji Watanabe and Dr. Samuel Osei supervise in
 * one cell each and have no groups.
 */
const KENJI = { name: "Dr. Kenji Watanabe", email: "kenji.watanabe@demo.example.edu" };
const SAMUEL = { name: "Dr. Samuel Osei", email: "samuel.osei@demo.example.edu" };
const COMMITTEE = "committee@demo.example.edu";
const TERM = "Autumn 2027 allocation";
const K1 = "Path planning for warehouse robots";
const K2 = "Simulating drone swarms";
const S1 = "Forecasting a solar microgrid's load";

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

const notification = (page: Page, text: string) =>
  page.locator(".mantine-Notification-root").filter({ hasText: text }).first();

async function signIn(page: Page, email: string, password: string, dashboard: string) {
  await page.goto("/login");
  await login(page, email, password);
  await page.waitForURL(`**${dashboard}`);
}

async function publishTopic(page: Page, title: string, capacity = 1) {
  await page.getByRole("button", { name: "New topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New topic" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog
    .getByRole("textbox", { name: "Description" })
    .fill(`${title}: what the group builds and measures.`);
  await dialog.getByRole("textbox", { name: "Capacity (groups)" }).fill(String(capacity));
  await dialog.getByRole("button", { name: "Publish topic" }).click();
  await notification(page, MSG.topicPublished(title)).waitFor();
  await page.getByRole("article", { name: title }).waitFor();
}

/** Adds a topic to a TopicRanker by searching its title and choosing it. */
async function addTopic(page: Page, title: string) {
  const add = page.getByRole("combobox", { name: "Add a topic" });
  await add.fill(title.split(" ")[0]);
  await page.getByRole("option", { name: new RegExp(`^${title}`) }).click();
}

/** The titles of a RankedList's rows, in order (each row's first paragraph). */
const ranked = (list: Locator) =>
  list.locator(":scope > li").evaluateAll((els) => els.map((e) => e.querySelector("p")?.textContent));

/** Drags a row of a RankedList by its handle with the mouse, onto another row's place. */
async function dragByMouse(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(
      from.x + from.width / 2,
      from.y + ((to.y + 6 - from.y) * i) / steps + from.height / 2,
    );
  await page.mouse.up();
}

/**
 * Drags a row of a RankedList by its handle with a finger: real touch events (Chrome DevTools
 * Protocol), held past the touch sensor's delay before moving, as a person on a phone does.
 */
async function dragByTouch(page: Page, handle: Locator, target: Locator) {
  // Touch points are in the viewport: both rows in view first.
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const x = from.x + from.width / 2;
  const y0 = from.y + from.height / 2;
  const y1 = to.y + to.height / 2 + (to.y > from.y ? 6 : -6);
  const touch = (type: string, y?: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type: type as "touchStart" | "touchMove" | "touchEnd",
      touchPoints: y === undefined ? [] : [{ x, y }],
    });
  await touch("touchStart", y0);
  await page.waitForTimeout(250);
  const steps = 12;
  for (let i = 1; i <= steps; i++) await touch("touchMove", y0 + ((y1 - y0) * i) / steps);
  await touch("touchEnd");
  await cdp.detach();
}

async function proposalIdOf(page: Page) {
  const res = await page.request.get("/api/proposals?pageSize=5");
  return ((await res.json()) as { items: { id: string }[] }).items[0].id;
}

describe("allocation of topics", () => {
  it("topics, ranked preferences, supervisors' rankings, a run, a move by hand and the publication", {
    timeout: 240_000,
  }, async () => {
    // The committee makes an allocation term current (through the API: the Terms screen has its own test).
    const committee = await signInApi(server.url, COMMITTEE);
    const { term } = await postJson<{ term: { id: string } }>(committee, "/api/terms", {
      name: TERM,
      mode: "allocation",
      maxPreferences: 2,
    });
    await postJson(committee, `/api/terms/${term.id}/current`);

    // Two supervisors publish topics on their Topics screen.
    const kenji = await newPage(browser, server.url);
    await signIn(kenji.page, KENJI.email, DEMO_PASSWORD, "/supervisor/dashboard");
    await kenji.page.getByRole("navigation").getByRole("link", { name: "Topics" }).click();
    await kenji.page.getByRole("heading", { level: 1, name: "Topics" }).waitFor();
    await kenji.page.getByText(`You have no topics in ${TERM}.`).waitFor();
    await publishTopic(kenji.page, K1);
    await publishTopic(kenji.page, K2);
    await screenshot(kenji.page, "alloc-supervisor-topics");
    const samuel = await newPage(browser, server.url);
    await signIn(samuel.page, SAMUEL.email, DEMO_PASSWORD, "/supervisor/dashboard");
    await samuel.page.goto("/supervisor/topics");
    await publishTopic(samuel.page, S1);

    // Group 1: Ada invites Ben, who accepts; Ada ranks S1 then K1 and drags K1 to the top.
    const ben = await registerStudentApi(server.url, "Ben Invited");
    const ada = await newPage(browser, server.url);
    const adaAccount = await registerStudentApi(server.url, "Ada Creator");
    await signIn(ada.page, adaAccount.email, adaAccount.password, "/student/dashboard");
    let page = ada.page;
    await page.getByRole("navigation").getByRole("link", { name: "Topics" }).click();
    await page.getByRole("article", { name: K1 }).waitFor();
    await page.getByRole("textbox", { name: "Search" }).fill("solar");
    await expect.poll(() => page.getByRole("article").count()).toBe(1);
    await screenshot(page, "alloc-student-topics");
    await page.goto("/student/proposal");
    const members = page.getByRole("combobox", { name: "Group members" });
    await members.fill(ben.name);
    await page.getByRole("option", { name: `${ben.name} (${ben.studentId})` }).click();
    await page.keyboard.press("Escape");
    await addTopic(page, S1);
    await addTopic(page, K1);
    const list = page.getByRole("list", { name: "Ranked topics" });
    await expect.poll(() => ranked(list)).toEqual([S1, K1]);
    await dragByMouse(
      page,
      page.getByRole("button", { name: `Drag ${K1}, rank 2 of 2` }),
      list.getByRole("listitem").first(),
    );
    await expect.poll(() => ranked(list)).toEqual([K1, S1]);
    await screenshot(page, "alloc-submit-ranked");
    await page.getByRole("button", { name: "Submit Proposal" }).click();
    await notification(page, MSG.proposalSubmitted).waitFor();
    const g1 = await proposalIdOf(page);

    // Ben uses a phone.
    const benPage = await newPage(browser, server.url, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(benPage.page, ben.email, ben.password, "/student/dashboard");
    await benPage.page.goto(`/student/proposals/${g1}`);
    await benPage.page.getByRole("button", { name: "Accept invitation" }).click();
    await benPage.page.getByRole("dialog").getByRole("button", { name: "Accept invitation" }).click();
    await benPage.page.locator("main [data-status='Awaiting allocation']").first().waitFor();
    // The group's list on its page: Ben sees it, and may change it until publication.
    await benPage.page.getByRole("list", { name: "Your group's ranked topics" }).waitFor();
    await expect
      .poll(() => ranked(benPage.page.getByRole("list", { name: "Your group's ranked topics" })))
      .toEqual([K1, S1]);
    await screenshot(benPage.page, "alloc-proposal-preferences");
    // By finger: K1 dragged below S1 and saved, then back on top by the Move up button, saved.
    const benList = benPage.page.getByRole("list", { name: "Your group's ranked topics" });
    await dragByTouch(
      benPage.page,
      benPage.page.getByRole("button", { name: `Drag ${K1}, rank 1 of 2` }),
      benList.getByRole("listitem").nth(1),
    );
    await expect.poll(() => ranked(benList)).toEqual([S1, K1]);
    await benPage.page.getByRole("button", { name: "Save preferences" }).click();
    await notification(benPage.page, MSG.preferencesSaved).waitFor();
    const savedTitles = async () =>
      (
        (await (await benPage.page.request.get(`/api/proposals/${g1}/preferences`)).json()) as {
          items: { title: string }[];
        }
      ).items.map((t) => t.title);
    expect(await savedTitles()).toEqual([S1, K1]);
    await benPage.page.getByRole("button", { name: `Move ${K1} up` }).tap();
    await expect.poll(() => ranked(benList)).toEqual([K1, S1]);
    await benPage.page.getByRole("button", { name: "Save preferences" }).tap();
    await expect.poll(savedTitles).toEqual([K1, S1]);

    // Groups 2 and 3 rank through the API.
    const topics = await (await ada.page.request.get("/api/topics")).json();
    const id = (title: string) => topics.items.find((t: { title: string }) => t.title === title).id;
    const cara = await registerStudentApi(server.url, "Cara Second");
    const g2 = (
      await postJson<{ proposal: { id: string } }>(cara, "/api/proposals", {
        type: "Project",
        preferences: [id(K1), id(K2)],
      })
    ).proposal.id;
    const dev = await registerStudentApi(server.url, "Dev Third");
    const g3 = (
      await postJson<{ proposal: { id: string } }>(dev, "/api/proposals", {
        type: "Thesis",
        preferences: [id(K1)],
      })
    ).proposal.id;

    // Kenji ranks his applicants: all three in the order given, then Ada's group one down by keyboard.
    page = kenji.page;
    await page.getByRole("navigation").getByRole("link", { name: "Applicants" }).click();
    await page.getByRole("heading", { level: 1, name: "Applicants" }).waitFor();
    await page
      .getByRole("region", { name: /^Drawn by lot/ })
      .getByText("Untitled group (of Ada Creator)")
      .waitFor();
    await page.getByRole("button", { name: "Rank all in this order" }).click();
    const ranking = page.getByRole("list", { name: "Your ranking" });
    const untitled = (name: string) => MSG.untitledGroup(name);
    const order = () => ranked(ranking);
    await expect
      .poll(order)
      .toEqual([untitled("Ada Creator"), untitled("Cara Second"), untitled("Dev Third")]);
    const handle = page.getByRole("button", { name: /^Drag Untitled group \(of Ada Creator\), rank 1 of 3/ });
    await handle.focus();
    await page.keyboard.press("Space");
    await page
      .getByText(MSG.dragPickedUp("Untitled group (of Ada Creator)", 1, 3))
      .waitFor({ state: "attached" });
    await page.keyboard.press("ArrowDown");
    await page
      .getByText(MSG.dragOver("Untitled group (of Ada Creator)", 2, 3))
      .waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    await expect
      .poll(order)
      .toEqual([untitled("Cara Second"), untitled("Ada Creator"), untitled("Dev Third")]);
    await screenshot(page, "alloc-applicants");
    await page.getByRole("button", { name: "Save ranking" }).click();
    await notification(page, MSG.rankingSaved).waitFor();

    // Samuel ranks his one applicant.
    await samuel.page.goto("/supervisor/applicants");
    await samuel.page.getByRole("button", { name: "Rank Untitled group (of Ada Creator)" }).click();
    await samuel.page.getByRole("button", { name: "Save ranking" }).click();
    await notification(samuel.page, MSG.rankingSaved).waitFor();

    // The committee runs: Cara gets K1 (Kenji put her first), Ada her 2nd choice S1, Dev nothing.
    const com = await newPage(browser, server.url);
    page = com.page;
    await signIn(page, COMMITTEE, DEMO_PASSWORD, "/committee/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Allocation" }).click();
    await page.getByRole("heading", { level: 1, name: "Allocation" }).waitFor();
    await page.getByText("No draft yet").waitFor();
    await page.getByRole("button", { name: "Run allocation" }).click();
    await notification(page, MSG.allocationRan(2, 3)).waitFor();
    await page.getByRole("group", { name: "Matched: 2" }).waitFor();
    await page.getByRole("group", { name: "Unmatched: 1" }).waitFor();
    const groups = page.getByRole("region", { name: "Groups" });
    const row = (name: string) => groups.getByRole("row").filter({ hasText: name });
    await row("Untitled group (of Cara Second)").getByText("1st choice").waitFor();
    await row("Untitled group (of Ada Creator)").getByText("2nd choice").waitFor();
    await row("Untitled group (of Dev Third)").getByText("Unmatched").waitFor();
    await page.getByText("1st choice: 1").waitFor();
    await screenshot(page, "alloc-committee-draft");

    // Dev's group is moved by hand to K2, off its list: no blocking pair.
    await row("Untitled group (of Dev Third)").getByRole("button", { name: /^Move/ }).click();
    const move = page.getByRole("dialog", { name: "Move this group in the draft?" });
    await move.getByRole("combobox", { name: "Topic" }).click();
    await page.getByRole("option", { name: new RegExp(`^${K2}`) }).click();
    await move.getByRole("button", { name: "Move group" }).click();
    await notification(page, MSG.groupMoved("Untitled group (of Dev Third)", K2)).waitFor();
    await page.getByText("The move creates no blocking pair").waitFor();
    await row("Untitled group (of Dev Third)").getByText("Off their list").waitFor();

    // Publish, after its confirmation.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Publish the allocation?" })
      .getByRole("button", { name: "Publish allocation" })
      .click();
    await notification(page, MSG.allocationPublishedDone(3, 0)).waitFor();
    await page.getByText(/^The allocation of .* was published/).waitFor();
    await screenshot(page, "alloc-committee-published");

    // Each group sees its supervisor on its proposal's page.
    const sees = async (p: Page, proposal: string, supervisor: string) => {
      await p.goto(`/student/proposals/${proposal}`);
      await p.locator("main [data-status='Pending']").first().waitFor();
      await p.getByRole("main").getByText(supervisor, { exact: true }).first().waitFor();
    };
    await sees(ada.page, g1, SAMUEL.name);
    await sees(benPage.page, g1, SAMUEL.name);
    await screenshot(ada.page, "alloc-group-placed");

    // Ada's group reads its receipt (issue 33 item 1): its 1st choice K1's one place went to Cara's
    // group, ranked above it by Kenji; and the certificate. On a desktop and on Ben's phone, with axe.
    const a11y = new A11yReport("Allocation receipt");
    for (const [p, viewport] of [
      [ada.page, "1280x800"],
      [benPage.page, "390x844"],
    ] as const) {
      const result = p.getByRole("region", { name: "Your allocation" });
      await result.getByText(`Your group got “${S1}”, its 2nd choice.`).waitFor();
      await result
        .getByRole("listitem")
        .filter({ hasText: MSG.receiptTopicFull(K1, 1) })
        .waitFor();
      await result.getByText(MSG.receiptNoBlocking).waitFor();
      await result
        .getByRole("region", { name: "The allocation's certificate" })
        .getByText(/3 groups over/)
        .waitFor();
      await result.scrollIntoViewIfNeeded();
      await screenshot(p, `alloc-receipt-${viewport}`);
      await a11y.check(p, "student proposal page with receipt", viewport);
    }
    // The dashboard's card says the same (issue 33 item 4): the topic and the rank it had on the list.
    await ada.page.goto("/student/dashboard");
    await ada.page
      .getByRole("article", { name: S1 })
      .getByText(`Your group got “${S1}”, its 2nd choice.`)
      .waitFor();
    await a11y.check(ada.page, "student dashboard after the allocation", "1280x800");
    expect(a11y.failing(), a11y.format("failing")).toEqual([]);
    const caraPage = await newPage(browser, server.url);
    await signIn(caraPage.page, cara.email, cara.password, "/student/dashboard");
    await sees(caraPage.page, g2, KENJI.name);
    const devPage = await newPage(browser, server.url);
    await signIn(devPage.page, dev.email, dev.password, "/student/dashboard");
    await sees(devPage.page, g3, KENJI.name);
  });
});
