import { MSG } from "@shared/messages";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/errors";

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

export function registerSecurity(app: FastifyInstance, trustedOrigins: string[]) {
  const trusted = new Set(trustedOrigins);
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === "https")
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    if (isCrossSite(request, trusted)) throw new AppError(403, "FORBIDDEN", MSG.crossSite);
  });
}
