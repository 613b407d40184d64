import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { firstVisitChunks } from "./scripts/first-visit-chunks.ts";

/** Writes .gz and .br next to each text asset; the server sends them as they are (no run-time compression). */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "thesisdesk-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data));
      }
    },
  };
}

export const alias = {
  "@shared": fileURLToPath(new URL("./shared/src", import.meta.url)),
  "@client": fileURLToPath(new URL("./client/src", import.meta.url)),
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: "client",
  plugins: [react(), precompress()],
  resolve: { alias },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    reportCompressedSize: true,
    // Every browser the app supports preloads modules itself: no polyfill in the first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: firstVisitChunks(fileURLToPath(new URL(".", import.meta.url))),
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
