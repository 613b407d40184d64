import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { alias } from "./vite.config.ts";

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on a machine of two cores is one file at a time (the cores less one): two
    // keep both busy, as the browser tests do (e2e/vitest.config.ts). Each server file has its own
    // database copy and its own app, so files share nothing but the processor.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts", "scripts/**/*.test.ts"],
          // Migrates once per run; each file copies that database (server/src/test/global-setup.ts).
          globalSetup: ["server/src/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["client/**/*.test.tsx", "client/**/*.test.ts"],
          setupFiles: ["client/src/test/setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
