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
          // Each file makes its own database copy and its own app, and the server keeps no state in
          // its modules: the files of a worker share the loaded modules instead of importing the
          // server again for each (about 1.3 s a file; the project's run went from 382 s to 237 s).
          isolate: false,
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
          // The files of a worker share one jsdom and the loaded modules rather than building both
          // again for each file (375 s to about 60 s). setup.ts gives each file an empty page; a
          // file that changes a global (a stub, a spy, a prototype's method) puts it back after.
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
