import { MSG } from "@shared/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError, ValidationError } from "../lib/errors";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets style attributes at run time; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request made by a browser on another site is refused. Browsers send
 * Sec-Fetch-Site and/or Origin; clients that send neither (curl, scripts) are not browsers
 * and cannot ride a victim's cookie, so they pass.
 */
export function isCrossSite(request: FastifyRequest, trustedOrigins: Set<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") {
    const origin = request.headers.origin;
    return !(typeof origin === "string" && trustedOrigins.has(origin));
  }
  const origin = request.headers.origin;
  if (typeof origin !== "string" || origin === "") return false;
  if (trustedOrigins.has(origin)) return false;
  // Same origin as the address the request was sent to (for example http://127.0.0.1:3000).
  const host = request.headers.host;
  return !(host && (origin === `http://${host}` || origin === `https://${host}`));
}

/**
 * Text the database could not keep as sent is refused up front, naming the field: PostgreSQL
 * cannot store U+0000, and a lone UTF-16 surrogate would be stored as U+FFFD, so what was
 * acknowledged would differ from what was kept.
 */
export const TEXT_MSG = {
  nul: "Text may not contain the NUL character (U+0000).",
  surrogate: "Text contains an invalid character (a lone UTF-16 surrogate).",
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textProblem = (s: string) =>
  s.includes("\u0000") ? TEXT_MSG.nul : LONE_SURROGATE.test(s) ? TEXT_MSG.surrogate : undefined;

/** The first place (dotted path) in parsed input where a string or key cannot be stored as is. */
export function findBadText(input: unknown): { field: string; message: string } | undefined {
  // Iterative: a JSON body may be nested thousands of levels deep.
  const stack: [unknown, string][] = [[input, ""]];
  while (stack.length) {
    const [value, where] = stack.pop()!;
    if (typeof value === "string") {
      const message = textProblem(value);
      if (message) return { field: where || "body", message };
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const path = where ? `${where}.${key}` : key;
        const message = textProblem(key);
        if (message) return { field: path, message };
        stack.push([child, path]);
      }
    }
  }
  return undefined;
}

export function registerSecurity(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (isCrossSite(request, trusted)) throw new AppError(403, "FORBIDDEN", MSG.crossSite);
  });

  // The API speaks JSON (and multipart where a route says so). A text/plain body, which any
  // page can send without asking, is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser("text/plain");
  app.addHook("preValidation", async (request) => {
    if (request.isMultipart?.() && !request.routeOptions.schema?.consumes?.includes("multipart/form-data"))
      throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", MSG.unsupportedMediaType);
    for (const input of [request.params, request.query, request.body]) {
      const bad = findBadText(input);
      if (bad) throw new ValidationError(bad.message, { [bad.field]: bad.message });
    }
  });
}
