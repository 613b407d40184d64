import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, type RunningServer, startServer } from "./support/harness";

const BUDGET_BYTES = 200 * 1024;

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

/** Every script a first visit downloads, with its gzipped size. */
async function scriptsFor(path: string) {
  const { context, page } = await newPage(browser, server.url);
  const scripts: { url: string; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      res.body().then((body) => {
        scripts.push({ url: new URL(res.url()).pathname, gzip: gzipSync(body).length });
      }),
    );
  });
  await page.goto(path, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await context.close();
  return scripts;
}

describe("page weight", () => {
  for (const path of ["/", "/login"]) {
    it(`the first load of ${path} stays under 200 kB of gzipped JavaScript, with no signed-in area in it`, async () => {
      const scripts = await scriptsFor(path);
      const total = scripts.reduce((n, s) => n + s.gzip, 0);
      console.log(`${path}: ${(total / 1024).toFixed(1)} kB gzipped JavaScript in ${scripts.length} files`);
      expect(scripts.length).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
      const names = scripts.map((s) => s.url).join(" ");
      expect(names).not.toMatch(/role-layout|all-teachers|proposal-status|requests|chat/);
    });
  }
});
