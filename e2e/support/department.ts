import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { type ApiPerson, getJson, postJson, signInApi } from "./api";
import { A11yReport, VIEWPORTS, writeReports } from "./axe";
import { launchBrowser, login, newPage, type RunningServer, screenshot, startServer } from "./harness";

/**
 * A new department for the committee's browser tests (issue 30, items 11–15): a fresh server whose
 * only account is the first committee member's, made with the CLI as a department does; the
 * member signed in once, in the API and in the browser, at a desktop or a phone size.
 */
export const COMMITTEE = {
  name: "Katherine Johnson",
  email: "katherine@uni.example",
  password: "committee-pass-1",
};
export type Viewport = (typeof VIEWPORTS)[number];
export const [DESKTOP, PHONE] = VIEWPORTS;

export interface Department {
  server: RunningServer;
  committee: ApiPerson;
  /** The committee member's browser, signed in, at `viewport`. */
  open: (viewport: Viewport) => Promise<{ context: BrowserContext; page: Page }>;
  /** A report of axe's findings for one test; kept in e2e/.artifacts/`file` at the end. */
  report: (title: string) => A11yReport;
  close: () => Promise<void>;
}

export async function startDepartment(reportFile: string): Promise<Department> {
  const server = await startServer();
  // PGlite allows one process per folder: the CLI runs while the server is stopped.
  await server.stopProcess();
  const made = server.cli(
    "create-user",
    "--role",
    "committee",
    "--name",
    COMMITTEE.name,
    "--email",
    COMMITTEE.email,
    "--password",
    COMMITTEE.password,
  );
  if (made.status !== 0) throw new Error(made.stderr);
  await server.startProcess();
  const browser: Browser = await launchBrowser();
  const committee = await signInApi(server.url, COMMITTEE.email, COMMITTEE.password);
  const first = await newPage(browser, server.url);
  await first.page.goto("/login");
  await login(first.page, COMMITTEE.email, COMMITTEE.password);
  await first.page.waitForURL("**/committee/dashboard");
  const storageState = await first.context.storageState();
  await first.context.close();
  const reports: A11yReport[] = [];
  return {
    server,
    committee,
    open: (viewport) => newPage(browser, server.url, { ...viewport.options, storageState }),
    report: (title) => {
      const r = new A11yReport(title);
      reports.push(r);
      return r;
    },
    close: async () => {
      writeReports(reports, reportFile);
      await browser.close();
      await server.stop();
    },
  };
}

export function expectNoSeriousViolations(r: A11yReport) {
  expect(r.failing().length, `${r.title}\n${r.format("failing")}`).toBe(0);
}

/** Scans the screen with axe and keeps a picture of it (e2e/.artifacts/setup-…-desktop|phone.png). */
export async function look(page: Page, r: A11yReport, name: string, v: Viewport) {
  await r.check(page, name, v.name);
  const tag = v === PHONE ? "phone" : "desktop";
  await screenshot(page, `setup-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${tag}`);
}

export const termsOf = async (p: ApiPerson) =>
  (await getJson<{ items: { id: string; name: string; current: boolean }[] }>(p, "/api/terms")).items;
export const cellsOf = async (p: ApiPerson) =>
  (await getJson<{ items: { id: string; title: string }[] }>(p, "/api/research-cells")).items;

/** A teacher added by the committee, at surname@uni.example; answers their id. */
export async function addTeacher(p: ApiPerson, name: string) {
  const { user } = await postJson<{ user: { id: string } }>(p, "/api/users", {
    role: "supervisor",
    name,
    email: `${name.split(" ").at(-1)!.toLowerCase()}@uni.example`,
    password: "teacher-pass-1",
  });
  return user.id;
}

/** Words split across two lines inside `selector` (a hyphen or a slash may end a line: not counted). */
export function brokenWords(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (const m of text.matchAll(/[^\s\-–—/]+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}
