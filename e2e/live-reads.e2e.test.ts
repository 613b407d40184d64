import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import { launchBrowser, newPage, type RunningServer, screenshot, startServer } from "./support/harness";
import { call, REVIEWER, signedIn } from "./support/life";

/**
 * Issue 30, item 4, on the demo department: Prof. Ayesha Rahman's group (Tanvir Hasan and Mei Lin,
 * "Detecting phishing websites with graph neural networks"). Her sent notice's "Read by 0/2" moves
 * while she looks at it; Chat shows unread messages like Notices, per group too, and clears when
 * read; on a phone the box to write in stays on screen. axe scans each screen; screenshots go to
 * e2e/.artifacts/.
 */
const GROUP = "Detecting phishing websites with graph neural networks";
const TANVIR = "tanvir.hasan@demo.example.edu";
const NOTICE = { title: "Draft due Friday", description: "Send me your draft by Friday noon." };

let server: RunningServer;
let browser: Browser;
const report = new A11yReport("Live reads and chat (issue 30)");

beforeAll(async () => {
  server = await startServer({}, { demo: true });
  browser = await launchBrowser();
}, 300_000);
afterAll(async () => {
  writeReports([report], "a11y-live-reads.txt");
  await browser?.close();
  await server?.stop();
});

const chatItem = (page: Page) =>
  page.getByRole("navigation", { name: /navigation$/ }).getByRole("link", { name: /^Chat/ });

describe("live reads", { timeout: 240_000 }, () => {
  it("a sent notice's Read by moves as its recipients open it, without a reload", async () => {
    const sup = await signedIn(browser, server.url, REVIEWER.email);
    await sup.page.getByRole("link", { name: "Notice" }).click();
    await sup.page
      .getByRole("textbox", { name: "Group" })
      .or(sup.page.getByRole("combobox", { name: "Group" }))
      .click();
    await sup.page.getByRole("option", { name: new RegExp(GROUP) }).click();
    await sup.page.getByLabel("Title").fill(NOTICE.title);
    await sup.page.getByLabel("Description").fill(NOTICE.description);
    await sup.page.getByRole("button", { name: "Send Notice" }).click();
    const sent = sup.page
      .getByRole("list", { name: "Sent notices" })
      .getByRole("listitem")
      .filter({ hasText: NOTICE.title });
    await sent.getByText("Read by 0/2").waitFor();

    const tanvir = await signedIn(browser, server.url, TANVIR);
    await tanvir.page.getByRole("link", { name: /^Notices/ }).click();
    // The notice's own button on the Notices page: the dashboard's "Latest notice" card shows the
    // same title as text while the page's code loads, and a click there opens nothing.
    await tanvir.page.getByRole("button", { name: `Unread notice: ${NOTICE.title}` }).click();
    // She did not reload: the live event refetched her list.
    await sent.getByText("Read by 1/2").waitFor({ timeout: 15_000 });
    await report.check(sup.page, "Notice (sent notices, live)", "desktop 1280×800");
    await screenshot(sup.page, "issue30-read-by-live");
    await tanvir.context.close();
    await sup.context.close();
  });

  it("Chat has an unread badge like Notices, per group too, cleared by reading; live for a new message", async () => {
    const sup = await signedIn(browser, server.url, REVIEWER.email);
    const tanvir = await signedIn(browser, server.url, TANVIR);
    const groups = await call<{ items: { id: string; title: string }[] }>(
      tanvir.api,
      "GET",
      "/proposals?termId=all",
    );
    const group = groups.items.find((p) => p.title === GROUP)!;
    await call(tanvir.api, "POST", `/proposals/${group.id}/messages`, { body: "Could we meet on Thursday?" });
    // The supervisor, on her dashboard, sees the badge appear without a reload.
    await chatItem(sup.page).getByLabel("1 unread message").waitFor({ timeout: 15_000 });
    await report.check(sup.page, "Dashboard with the Chat badge", "desktop 1280×800");
    await screenshot(sup.page, "issue30-chat-badge");
    await call(tanvir.api, "POST", `/proposals/${group.id}/messages`, { body: "Or Friday morning." });
    await chatItem(sup.page).getByLabel("2 unread messages").waitFor({ timeout: 15_000 });
    await chatItem(sup.page).click();
    // Reading the open group's thread clears it.
    await sup.page.getByText("Or Friday morning.").waitFor();
    await sup.page.waitForFunction(
      () =>
        !document.querySelector('nav [aria-label$="unread messages"], nav [aria-label$="unread message"]'),
    );
    expect(
      await chatItem(sup.page)
        .getByLabel(/unread/)
        .count(),
    ).toBe(0);
    // Tanvir sees her answer as unread until he opens the chat.
    await sup.page.getByLabel("Message", { exact: true }).fill("Thursday at 10, room 2.07.");
    await sup.page.getByRole("button", { name: "Send" }).click();
    await chatItem(tanvir.page).getByLabel("1 unread message").waitFor({ timeout: 15_000 });
    await report.check(sup.page, "Chat (supervisor)", "desktop 1280×800");
    await sup.page.screenshot({ path: "e2e/.artifacts/issue30-chat-supervisor-desktop.png" });
    await chatItem(tanvir.page).click();
    await tanvir.page.getByText("Thursday at 10, room 2.07.").waitFor();
    await tanvir.page.waitForFunction(() => !document.querySelector('nav [aria-label$="unread message"]'));
    await tanvir.context.close();
    await sup.context.close();
  });

  it("on a phone the chat box stays on screen, for the student and for the supervisor", async () => {
    const phone = VIEWPORTS.find((v) => v.name.startsWith("phone"))!;
    for (const who of [TANVIR, REVIEWER.email]) {
      const s = await signedIn(browser, server.url, who);
      const state = await s.context.storageState();
      await s.context.close();
      const { context, page } = await newPage(browser, server.url, { ...phone.options, storageState: state });
      // A long thread: far more than a phone's screen holds.
      const api = context.request;
      const groups = await call<{ items: { id: string; title: string }[] }>(
        api,
        "GET",
        "/proposals?termId=all",
      );
      const group = groups.items.find((p) => p.title === GROUP)!;
      for (let i = 1; i <= 12; i++)
        await call(api, "POST", `/proposals/${group.id}/messages`, {
          body: `Note ${i} from ${who.split("@")[0]}`,
        });
      const area = who === TANVIR ? "student" : "supervisor";
      await page.goto(`/${area}/chat?group=${group.id}`);
      await page.getByText(`Note 12 from ${who.split("@")[0]}`).waitFor();
      const box = page.getByLabel("Message", { exact: true });
      const send = page.getByRole("button", { name: "Send" });
      for (const el of [box, send]) {
        const r = (await el.boundingBox())!;
        expect(r.y).toBeGreaterThanOrEqual(0);
        expect(r.y + r.height).toBeLessThanOrEqual(844);
      }
      // The page itself does not scroll: the thread scrolls inside it.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(844 + 1);
      await report.check(page, `Chat (${area})`, phone.name);
      await page.screenshot({ path: `e2e/.artifacts/issue30-chat-${area}-phone.png` });
      await context.close();
    }
    expect(report.failing(), report.format("failing")).toEqual([]);
  });
});
