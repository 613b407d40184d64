import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export const alias = {
  "@shared": fileURLToPath(new URL("./shared/src", import.meta.url)),
  "@client": fileURLToPath(new URL("./client/src", import.meta.url)),
};

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: "client",
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    reportCompressedSize: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
  },
});
