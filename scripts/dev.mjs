// Development: the API (restarting on change) on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from "node:child_process";

const children = [
  spawn("node_modules/.bin/tsx", ["watch", "--clear-screen=false", "server/src/server.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: process.env.PORT ?? "3000",
      PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173",
    },
  }),
  spawn("node_modules/.bin/vite", [], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: process.env.PORT ?? "3000" },
  }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
