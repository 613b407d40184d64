import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { NotFoundError } from "../lib/errors";
import { toErrorResponse } from "./errors";

/** Serves the built client; any other GET outside /api gets index.html so the router can take over. */
export async function registerSpa(app: FastifyInstance, clientDir: string) {
  const hasClient = existsSync(path.join(clientDir, "index.html"));
  if (!hasClient)
    app.log.warn({ clientDir }, "client build not found: run `npm run build` (the API still works)");
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === "GET" || request.method === "HEAD") && !request.url.startsWith("/api/");
    if (hasClient && isPage) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return toErrorResponse(new NotFoundError(), request, reply);
  });
  if (!hasClient) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      // Hashed assets never change; index.html must always be fetched fresh.
      res.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? "public, max-age=31536000, immutable"
          : "no-cache",
      );
    },
  });
}
