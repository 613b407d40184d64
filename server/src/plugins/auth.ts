import type { Role } from "@shared/enums";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import { hashPassword, verifyPassword } from "../lib/password";

export const SESSION_COOKIE_PREFIX = "thesisdesk";
/** Header through which the glue hands better-auth the client IP that Fastify worked out. */
const CLIENT_IP_HEADER = "x-thesisdesk-client-ip";

export function createAuth(db: Db, options: { secret: string; publicUrl: string; trustedOrigins: string[] }) {
  return betterAuth({
    appName: "ThesisDesk",
    secret: options.secret,
    baseURL: options.publicUrl,
    basePath: "/api/auth",
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, required: true },
        studentId: { type: "string", input: false, required: false },
        pictureId: { type: "string", input: false, required: false },
        emailNotifications: { type: "boolean", input: false, required: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Failed logins are limited by our own counters in PostgreSQL (per IP and per account).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: "error" },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.publicUrl.startsWith("https://"),
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Our security plugin refuses cross-site state changes for every route, auth included.
      disableCSRFCheck: true,
      disableOriginCheck: true,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  studentId: string | null;
  pictureId: string | null;
  emailNotifications: boolean;
  createdAt: Date;
}

/** Only what better-auth needs from the request, so client-sent forwarding headers never reach it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
  const ua = request.headers["user-agent"];
  if (ua) headers.set("user-agent", ua);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
