import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { emailDomainAllowed } from "@shared/schemas/accounts";
import { studentIdSchema } from "@shared/schemas/auth";
import { shownTextFrom } from "@shared/schemas/common";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { OidcConfig } from "../config";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import { clientAddress } from "../lib/client-address";
import { hashPassword, verifyPassword } from "../lib/password";
import { deleteSessionsBeyond, isDeactivatedUser } from "../modules/accounts/accounts.repository";
import { storeIdentifier } from "../modules/accounts/reset-tokens.repository";
import { studentIdOwners } from "../modules/accounts/student-ids";

export const SESSION_COOKIE_PREFIX = "thesisdesk";
/** Header through which the glue hands better-auth the client IP that Fastify worked out. */
const CLIENT_IP_HEADER = "x-thesisdesk-client-ip";

/** The single sign-on provider's id: its callback is {PUBLIC_URL}/api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

export interface AuthOptions {
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  oidc?: OidcConfig | null;
  allowedEmailDomains?: string[];
  log?: FastifyBaseLogger;
  /** Writes the reset email for a token better-auth made (POST /api/auth/forgot-password). */
  sendResetPassword?: (user: { id: string }, token: string) => Promise<void>;
  /** Records a student who signed up through single sign-on (better-auth made the account). */
  onSignUp?: (user: { id: string; name: string }) => Promise<void>;
}

/**
 * A person holds at most this many sessions (DESIGN.md §21): a new one ends their oldest beyond it,
 * so 300 logins hold 10 sessions, not 300, and with them at most 10 × STREAMS_PER_SESSION streams.
 */
export const SESSIONS_PER_USER = 10;

/**
 * Deletes the person's sessions beyond their newest SESSIONS_PER_USER, after a new one is
 * committed. The trigger of migration 0001 announces each deleted session, so every
 * instance drops it from its cache (its next request answers 401) and ends its event streams.
 * Simultaneous logins need no lock: each runs this after its own session is committed, so the last
 * to start sees every new session and keeps exactly the newest; an earlier one sees fewer, and a
 * session among the newest overall is among the newest of any fewer, so nobody deletes it.
 */
const endSessionsBeyondBound = (db: Db, userId: string) =>
  deleteSessionsBeyond(db, userId, SESSIONS_PER_USER);

const deactivated = () =>
  new APIError("FORBIDDEN", { code: "account_deactivated", message: MSG.accountDeactivated });

/** A student ID from the provider's claim, when it is one we would accept at registration. */
function studentIdFromClaim(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const parsed = studentIdSchema.safeParse(String(value));
  return parsed.success ? parsed.data : undefined;
}

export function createAuth(db: Db, options: AuthOptions) {
  const domains = options.allowedEmailDomains ?? [];
  const oidc = options.oidc ?? null;
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
      // Forgot password (DESIGN.md §12): our routes call requestPasswordReset and resetPassword.
      resetPasswordTokenExpiresIn: LIMITS.resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A deactivated account is told nothing, as an unknown email is not.
        if ((user as { deactivatedAt?: Date | null }).deactivatedAt) return;
        await options.sendResetPassword?.(user, token);
      },
    },
    // Reset tokens stored hashed, in the one form our own links are written in too.
    verification: { storeIdentifier },
    user: {
      additionalFields: {
        // better-auth creates users only through single sign-on: they are students.
        role: { type: "string", input: false, required: true, defaultValue: "student" },
        // Settable only by the single sign-on profile mapping below: better-auth's own sign-up and
        // update routes are not served (our routes call auth.api.* for what they need).
        studentId: { type: "string", input: true, required: false },
        pictureId: { type: "string", input: false, required: false },
        emailNotifications: { type: "boolean", input: false, required: false },
        deactivatedAt: { type: "date", input: false, required: false },
      },
      /**
       * Single sign-on's gate (every OAuth sign-up, sign-in and link): a verified email, in an
       * allowed domain, and for a new student a student ID nobody else has.
       */
      validateUserInfo: async ({ user, source }) => {
        if (source.method !== "oauth") return;
        const email = String(user.email ?? "");
        if (!user.emailVerified) return { error: "email_not_verified" };
        if (!emailDomainAllowed(email, domains)) return { error: "domain_not_allowed" };
        const studentId = typeof user.studentId === "string" ? user.studentId : undefined;
        if (source.action === "create-user" && studentId) {
          if ((await studentIdOwners(db, [studentId])).length) return { error: "student_id_taken" };
        }
      },
    },
    account: {
      encryptOAuthTokens: true,
      // Our local emails are not verified by a link; the provider's verified email is what counts
      // (decision 0033 says what this means for an address registered by someone else).
      accountLinking: { enabled: true, requireLocalEmailVerified: false },
    },
    databaseHooks: {
      // Only single sign-on creates users through better-auth; passwords go through createAccount.
      user: {
        create: {
          after: async (user) => {
            await options.onSignUp?.({ id: String(user.id), name: String(user.name ?? "") });
          },
        },
      },
      session: {
        create: {
          // The clear refusal; the sessions_refuse_deactivated trigger (migration 0016) settles races.
          before: async (session) => {
            if (await isDeactivatedUser(db, String(session.userId))) throw deactivated();
          },
          // Every way a session is made (login, registration, a password set, single sign-on)
          // goes through here: better-auth runs it once the session is committed.
          after: async (session) => endSessionsBeyondBound(db, String(session.userId)),
        },
      },
    },
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                name: oidc.name,
                discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                scopes: oidc.scopes,
                pkce: true,
                // client_secret_basic: OpenID Connect's default, which every provider accepts.
                authentication: "basic",
                requireIdTokenVerification: true,
                disableSignUp: !oidc.createStudents,
                mapProfileToUser: (profile) => {
                  const claim = oidc.studentIdClaim;
                  return {
                    // A name others see (decision 0043): cleaned of direction controls, or the
                    // email's local part when the provider's has nothing visible.
                    name:
                      shownTextFrom(profile.name, LIMITS.nameMax) ??
                      String(profile.email ?? "").split("@")[0],
                    ...(claim ? { studentId: studentIdFromClaim(profile[claim]) } : {}),
                  };
                },
              },
            ],
          }),
        ]
      : [],
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Failed logins are limited by our own counters in PostgreSQL (per IP and per account).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Through our logger (JSON, with the level we run at; silent in tests), not the console.
    logger: {
      level: "warn",
      log: (level, message, ...args) => options.log?.[level]({ details: args }, `better-auth: ${message}`),
    },
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

/** The signed-in person a request carries: the columns of `users` a request needs. */
export type SessionUser = Pick<
  typeof users.$inferSelect,
  "id" | "name" | "email" | "role" | "studentId" | "pictureId" | "emailNotifications" | "createdAt"
>;

/** Only what better-auth needs from the request, so client-sent forwarding headers never reach it. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  if (request.headers.cookie) headers.set("cookie", request.headers.cookie);
  const ua = request.headers["user-agent"];
  if (ua) headers.set("user-agent", ua);
  headers.set(CLIENT_IP_HEADER, clientAddress(request));
  return headers;
}
