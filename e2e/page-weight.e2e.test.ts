import { gzipSync } from "node:zlib";
import type { Browser, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, type RunningServer, startServer } from "./support/harness";

/**
 * What a first visit downloads (DESIGN.md §22, decisions 0061, 0064 and 0074): at most 120 kB of
 * JavaScript and 25 kB of CSS, gzipped, with neither a signed-in area nor TanStack Query in it.
 * `npm run bench:page-weight` builds the client and prints these figures.
 */
const JS_BUDGET_KB = 120;
const CSS_BUDGET_KB = 25;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Asset {
  url: string;
  gzip: number;
  /** As the server sent it (brotli when the browser accepts it), headers excluded. */
  sent: number;
}

/** Every script and style sheet a first visit downloads, gzipped and as sent. */
async function firstLoad(path: string) {
  const { context, page } = await newPage(browser, server.url, { viewport: { width: 390, height: 844 } });
  const assets: Record<"script" | "stylesheet", Asset[]> = { script: [], stylesheet: [] };
  const pending: Promise<void>[] = [];
  const onResponse = (res: Response) => {
    const type = res.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      Promise.all([res.body(), res.request().sizes()]).then(([body, sizes]) => {
        assets[type].push({
          url: new URL(res.url()).pathname,
          gzip: gzipSync(body).length,
          sent: sizes.responseBodySize,
        });
      }),
    );
  };
  page.on("response", onResponse);
  await page.goto(path);
  // The page itself drawn (its code loads after the entry's), then nothing more on its way.
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  await Promise.all(pending);
  await context.close();
  const kb = (list: Asset[], key: "gzip" | "sent") => list.reduce((n, a) => n + a[key], 0) / 1024;
  return {
    scripts: assets.script,
    js: { gzip: kb(assets.script, "gzip"), sent: kb(assets.script, "sent") },
    css: { gzip: kb(assets.stylesheet, "gzip"), sent: kb(assets.stylesheet, "sent") },
  };
}

describe("page weight", () => {
  for (const path of ["/", "/login"]) {
    it(`the first load of ${path}: JavaScript and CSS within budget, with no signed-in area in it`, async () => {
      const load = await firstLoad(path);
      console.log(
        `${path}: JavaScript ${load.js.gzip.toFixed(1)} kB gzipped (${load.js.sent.toFixed(1)} kB as sent) in ${load.scripts.length} files; CSS ${load.css.gzip.toFixed(1)} kB gzipped (${load.css.sent.toFixed(1)} kB as sent)`,
      );
      expect(load.scripts.length).toBeGreaterThan(0);
      expect(load.js.gzip).toBeLessThanOrEqual(JS_BUDGET_KB);
      expect(load.css.gzip).toBeGreaterThan(1);
      expect(load.css.gzip).toBeLessThanOrEqual(CSS_BUDGET_KB);
      const names = load.scripts.map((s) => s.url).join(" ");
      expect(names).not.toMatch(
        /role-layout|role-routes|all-teachers|proposal-status|requests|chat|toasts|modals|query-area|query-client|QueryClientProvider|useQuery/,
      );
    });
  }
});
