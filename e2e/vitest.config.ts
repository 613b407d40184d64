import { defineConfig } from "vitest/config";
import { alias } from "../vite.config.ts";

export default defineConfig({
  resolve: { alias },
  test: {
    name: "e2e",
    root: ".",
    include: ["e2e/**/*.e2e.test.ts"],
    environment: "node",
    // Fails any test during which a page had an uncaught error.
    setupFiles: ["e2e/support/page-errors.ts"],
    globalSetup: ["e2e/support/global-setup.ts"],
    // Each file starts its own server and browser; two cores run two files at a time at most.
    maxWorkers: 2,
    // A journey on a loaded two-core machine took up to twice its usual time (CI on 2026-11-28).
    testTimeout: 180_000,
    // A page's answer on a loaded two-core machine (CI runs two files at once) can take seconds:
    // expect.poll waits as long as Playwright's own waits do, not Vitest's default of one second.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
  },
});
