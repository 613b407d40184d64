import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { BrowserContextOptions, Page } from "playwright-core";
import { ARTIFACTS } from "./harness";

/** WCAG 2.0, 2.1 and 2.2, levels A and AA, as axe-core tags them (2.2 adds AA rules only). */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core ships these WCAG A/AA rules switched off as "experimental". label-content-name-mismatch
 * is WCAG 2.5.3 (Label in Name, level A): a control whose accessible name does not contain its
 * visible label, as the issue reports for the supervisor's stat cards. Nothing else catches it.
 */
const EXPERIMENTAL_WCAG_RULES = ["label-content-name-mismatch"];

/** What fails the test: a WCAG A/AA rule broken with one of these impacts. */
const FAILING_IMPACTS = new Set(["serious", "critical"]);

export const VIEWPORTS: { name: string; options: BrowserContextOptions }[] = [
  { name: "desktop 1280×800", options: { viewport: { width: 1280, height: 800 } } },
  {
    name: "phone 390×844",
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;
type AxeViolation = AxeResults["violations"][number];

export interface Finding {
  screen: string;
  viewport: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** Breaks WCAG A/AA with impact serious or critical: fails the test. */
  failing: boolean;
  /** How many elements break the rule on this screen. */
  count: number;
  /** Each element: its selector and why it fails (for contrast: the colours and the ratio). */
  targets: { selector: string; html: string; why: string }[];
}

const TARGETS_SHOWN = 4;

/**
 * Waits until the screen has settled: no loader or skeleton left, fonts loaded, and no transition
 * (a modal or a toast still fading in) running, so colours are measured as a person sees them.
 * Endless animations (a spinner in a loading button) are not waited for.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector(".mantine-Loader-root, .mantine-Skeleton-root[data-visible]"),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** How many scans a screen gets to be still for one whole scan; the last one counts either way. */
const STILL_SCANS = 4;

/**
 * From now on the page notes any transition or animation that starts (the listeners are added
 * once per document); true when nothing finite is running at this moment (settle() can return
 * just before a toast starts to fade in).
 */
function stillFromNow(page: Page) {
  return page.evaluate(() => {
    const w = window as { __axeMoved?: boolean; __axeWatching?: boolean };
    if (!w.__axeWatching) {
      for (const type of ["transitionstart", "animationstart"])
        document.addEventListener(type, () => {
          w.__axeMoved = true;
        });
      w.__axeWatching = true;
    }
    w.__axeMoved = false;
    return document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity);
  });
}

/** Whether a transition or an animation started since stillFromNow(). */
const movedSince = (page: Page) =>
  page.evaluate(() => (window as { __axeMoved?: boolean }).__axeMoved === true);

/**
 * Collects axe-core findings screen by screen. WCAG A/AA rules decide the outcome; best-practice
 * rules run too and are reported (the second banner landmark and empty table header are
 * best-practice rules) without failing the test.
 */
export class A11yReport {
  readonly findings: Finding[] = [];
  readonly screens: string[] = [];

  constructor(readonly title: string) {}

  /**
   * Scans the page as it is now and records what axe finds under `screen` at `viewport`. A scan
   * during which something began to move (a toast of a live event, from another person's action,
   * fading in or out) measured colours half way: the page settles and is scanned again.
   */
  async check(page: Page, screen: string, viewport: string) {
    let results: AxeResults;
    for (let scan = 1; ; scan++) {
      await settle(page);
      if (!(await stillFromNow(page))) continue;
      results = await new AxeBuilder({ page })
        .options({
          rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
          // Every node of a violation, one node of the other kinds (passes, incomplete), which the
          // report does not read: axe's documented way to spend less on selectors and on sending
          // the results back (the a11y file's axe time 196 s -> 150 s over its 194 scans).
          resultTypes: ["violations"],
        })
        .withTags([...WCAG_TAGS, "best-practice"])
        .analyze();
      if (!(await movedSince(page)) || scan === STILL_SCANS) break;
    }
    this.screens.push(`${screen} @ ${viewport}`);
    for (const v of results.violations) this.findings.push(toFinding(v, screen, viewport));
  }

  failing() {
    return this.findings.filter((f) => f.failing);
  }

  /** The readable report: per screen and viewport, each rule with its impact, help and first targets. */
  format(which: "failing" | "other" | "all" = "all") {
    const chosen = this.findings.filter((f) =>
      which === "all" ? true : which === "failing" ? f.failing : !f.failing,
    );
    const lines: string[] = [];
    const byScreen = new Map<string, Finding[]>();
    for (const f of chosen) {
      const key = `${f.screen} @ ${f.viewport}`;
      byScreen.set(key, [...(byScreen.get(key) ?? []), f]);
    }
    for (const [key, list] of byScreen) {
      lines.push(`■ ${key}`);
      for (const f of list) {
        const flag = f.failing ? "FAIL" : "note";
        lines.push(`  [${flag}] ${f.rule} (${f.impact}) ×${f.count}: ${f.help}`);
        for (const t of f.targets.slice(0, TARGETS_SHOWN)) {
          lines.push(`      ${t.selector}   ${t.html}`);
          if (t.why) lines.push(`        ↳ ${t.why}`);
        }
        if (f.targets.length > TARGETS_SHOWN)
          lines.push(`      … and ${f.targets.length - TARGETS_SHOWN} more`);
      }
    }
    return lines.join("\n");
  }

  /** One line a rule: how many screens and elements, failing rules first. */
  summary() {
    const rules = new Map<string, { f: Finding; screens: Set<string>; elements: number }>();
    for (const f of this.findings) {
      const r = rules.get(f.rule) ?? { f, screens: new Set<string>(), elements: 0 };
      r.screens.add(`${f.screen} @ ${f.viewport}`);
      r.elements += f.count;
      rules.set(f.rule, r);
    }
    return [...rules.values()]
      .sort((a, b) => Number(b.f.failing) - Number(a.f.failing) || b.elements - a.elements)
      .map(
        (r) =>
          `${r.f.failing ? "FAIL" : "note"} ${r.f.rule} (${r.f.impact}): ${r.elements} elements on ${r.screens.size} of ${this.screens.length} screens; ${r.f.help} (${r.f.helpUrl})`,
      )
      .join("\n");
  }

  /** The whole report: the summary by rule, then every finding by screen. */
  text() {
    return [
      `## ${this.title}: ${this.screens.length} screens`,
      "By rule:",
      this.summary() || "(nothing found)",
      "",
      "By screen:",
      this.format("all") || "(nothing found)",
    ].join("\n");
  }
}

/** Keeps the reports in e2e/.artifacts/ for reading after the run. */
export function writeReports(reports: A11yReport[], file: string) {
  const head = [
    `axe-core ${WCAG_TAGS.join(", ")} and best-practice rules, plus ${EXPERIMENTAL_WCAG_RULES.join(", ")}.`,
    "FAIL = a WCAG A/AA rule broken with impact serious or critical (fails the test); note = reported only.",
  ];
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, file), `${[...head, ...reports.map((r) => r.text())].join("\n\n")}\n`);
}

function toFinding(v: AxeViolation, screen: string, viewport: string): Finding {
  const wcag = v.tags.some((t) => WCAG_TAGS.includes(t));
  const impact = v.impact ?? "unknown";
  return {
    screen,
    viewport,
    rule: v.id,
    impact,
    help: v.help,
    helpUrl: v.helpUrl,
    failing: wcag && FAILING_IMPACTS.has(impact),
    count: v.nodes.length,
    targets: v.nodes.map((n) => ({
      selector: n.target.map(String).join(" → "),
      html: n.html.replace(/\s+/g, " ").slice(0, 110),
      why: why(n.failureSummary),
    })),
  };
}

/** The first reason of axe's failure summary, on one line, without its "Fix any of the following:". */
function why(summary = "") {
  const first = summary
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^Fix (any|all) of/.test(l))[0];
  return (first ?? "").slice(0, 220);
}
