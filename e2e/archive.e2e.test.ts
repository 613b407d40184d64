import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { A11yReport, VIEWPORTS, writeReports } from "./support/axe";
import {
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  type RunningServer,
  screenshot,
  startServer,
  uniqueTag,
} from "./support/harness";
import { releasedThesis, SUPERVISOR } from "./support/release";

/**
 * The thesis archive in the browser (issue 31 item 6, DESIGN.md §19): an anonymous visitor comes
 * from the landing page, finds a Public released thesis by a word of its abstract, opens it and
 * downloads its final PDF, and does not find an Internal one; a signed-in teacher finds the
 * Internal one from the sidebar's Archive. Desktop and phone, axe on each screen.
 */
let server: RunningServer;
let browser: Browser;
const reports: A11yReport[] = [];
const publicWord = uniqueTag("quasicrystal");
const internalWord = uniqueTag("ferroelectric");
const PUBLIC_TITLE = "Tiling the plane with aperiodic monotiles";
const INTERNAL_TITLE = "Thin-film memories for low-power sensors";

beforeAll(async () => {
  server = await startServer({ TIME_ZONE: "Europe/Berlin" }, { demo: true });
  browser = await launchBrowser();
  await releasedThesis(server.url, {
    title: PUBLIC_TITLE,
    abstract: `We study ${publicWord} tilings of the plane and their diffraction.`,
    visibility: "Public",
    student: "Archive Author Public",
  });
  await releasedThesis(server.url, {
    title: INTERNAL_TITLE,
    abstract: `A ${internalWord} memory cell for sensors that run on harvested energy.`,
    visibility: "Internal",
    student: "Archive Author Internal",
  });
}, 120_000);
afterAll(async () => {
  writeReports(reports, "a11y-archive.txt");
  await browser?.close();
  await server?.stop();
});

/** Types into the archive's search box and waits for the results to follow. */
async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Search titles and abstracts" }).fill(words);
  await page.waitForURL(`**q=${encodeURIComponent(words)}*`);
}

describe("the thesis archive", () => {
  for (const vp of VIEWPORTS) {
    const tag = vp.name.startsWith("phone") ? "phone" : "desktop";

    it(`an anonymous visitor finds a Public thesis by its abstract, opens it and gets its PDF (${vp.name})`, async () => {
      const report = new A11yReport(`archive, anonymous (${vp.name})`);
      reports.push(report);
      const { context, page } = await newPage(browser, server.url, vp.options);
      await page.goto("/");
      await page.getByRole("link", { name: "Browse the thesis archive" }).click();
      await page.waitForURL("**/archive");
      await page.getByRole("heading", { name: "Thesis archive", level: 1 }).waitFor();
      await page.getByRole("list", { name: "Archive entries" }).waitFor();
      await report.check(page, "archive (anonymous)", vp.name);

      await search(page, publicWord);
      const results = page.getByRole("list", { name: "Archive entries" });
      await results.getByRole("link", { name: PUBLIC_TITLE }).waitFor();
      await expect(results.getByRole("listitem").count()).resolves.toBe(1);
      await page.getByRole("status").getByText("1 thesis").waitFor();
      await screenshot(page, `archive-search-${tag}`);
      await report.check(page, "archive search result (anonymous)", vp.name);

      // The filters narrow it: the type Project has no such thesis.
      await page.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: "Project" }).click();
      await page.getByText("No thesis matches").waitFor();
      await screenshot(page, `archive-empty-${tag}`);
      await report.check(page, "archive, nothing matches (anonymous)", vp.name);
      await page.getByRole("button", { name: "Clear filters" }).click();
      await search(page, publicWord);

      await results.getByRole("link", { name: PUBLIC_TITLE }).click();
      await page.getByRole("heading", { name: PUBLIC_TITLE, level: 1 }).waitFor();
      await page.getByText("Archive Author Public").waitFor();
      await page.getByText(SUPERVISOR.name).first().waitFor();
      const pdf = page.getByRole("link", { name: "Download the final PDF" });
      const href = await pdf.getAttribute("href");
      expect(href).toMatch(/^\/api\/archive\/[0-9a-f-]+\/document$/);
      const res = await context.request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
      await screenshot(page, `archive-entry-${tag}`);
      await report.check(page, "archive entry (anonymous)", vp.name);

      // The Internal thesis is not there for someone not signed in.
      await page.goto("/archive");
      await search(page, internalWord);
      await page.getByText("No thesis matches").waitFor();

      await context.close();
      expect(report.failing(), report.format("failing")).toEqual([]);
    });

    it(`a signed-in teacher finds an Internal thesis from the sidebar's Archive (${vp.name})`, async () => {
      const report = new A11yReport(`archive, teacher (${vp.name})`);
      reports.push(report);
      const { context, page } = await newPage(browser, server.url, vp.options);
      await page.goto("/login");
      await login(page, "ingrid.larsen@demo.example.edu", DEMO_PASSWORD);
      await page.waitForURL("**/dashboard");
      // The sidebar's, not the public header's (still drawn while the signed-in shell loads).
      const link = page
        .getByRole("navigation", { name: "Supervisor navigation" })
        .getByRole("link", { name: "Archive", exact: true });
      await link.waitFor({ state: "attached" });
      const burger = page.getByRole("button", { name: "Toggle navigation" });
      if (await burger.isVisible()) await burger.click();
      await link.click();
      await page.waitForURL("**/supervisor/archive");
      await search(page, internalWord);
      const results = page.getByRole("list", { name: "Archive entries" });
      await results.getByRole("link", { name: INTERNAL_TITLE }).click();
      await page.waitForURL("**/supervisor/archive/*");
      await page.getByRole("heading", { name: INTERNAL_TITLE, level: 1 }).waitFor();
      await page.getByRole("link", { name: "Download the final PDF" }).waitFor();
      await screenshot(page, `archive-entry-teacher-${tag}`);
      await report.check(page, "archive entry (teacher)", vp.name);
      await context.close();
      expect(report.failing(), report.format("failing")).toEqual([]);
    });
  }
});
