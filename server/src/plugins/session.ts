import { createHmac, timingSafeEqual } from "node:crypto";
import { can, type Permission } from "@shared/permissions";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { compiled } from "../db/compiled";
import { ForbiddenError, UnauthenticatedError } from "../lib/errors";
import type { EventHub } from "../lib/events";
import { type Auth, authHeaders, SESSION_COOKIE_PREFIX, type SessionUser } from "./auth";
import { SessionCache } from "./session-cache";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request from the session cookie. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

const COOKIE_MARK = `${SESSION_COOKIE_PREFIX}.session_token=`;
const AUTHORITATIVE = ["/api/auth/", "/api/me/password"];

/**
 * The session cookie's signed value and its token (the part before the signature), found by its
 * exact name (better-auth's, with the __Secure- prefix behind https). Null when it is missing,
 * malformed or sent twice: a cookie planted by another site (a look-alike name, the unprefixed
 * name, a duplicate) must never decide whose cached session a request gets.
 */
function sessionCookie(cookieHeader: string, name: string): { signed: string; token: string } | null {
  let value: string | undefined;
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    if (value !== undefined) return null;
    value = pair.slice(eq + 1);
  }
  if (value === undefined) return null;
  let signed = value.trim();
  try {
    signed = decodeURIComponent(signed);
  } catch {
    return null;
  }
  const dot = signed.lastIndexOf(".");
  return dot > 0 ? { signed, token: signed.slice(0, dot) } : null;
}

/** A user as better-auth returns it (or the session query below): the fields a request needs. */
type UserFields = Omit<SessionUser, "studentId" | "pictureKey" | "emailNotifications" | "createdAt"> & {
  studentId?: string | null;
  pictureKey?: string | null;
  emailNotifications?: boolean;
  createdAt: Date | string;
};
const toSessionUser = (u: UserFields): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  studentId: u.studentId ?? null,
  pictureKey: u.pictureKey ?? null,
  emailNotifications: u.emailNotifications ?? true,
  createdAt: new Date(u.createdAt),
});

/** A signed-in request's session, as the cache keeps it. */
interface FoundSession {
  user: SessionUser;
  sessionId: string;
  expiresAt: number;
}

const sessionByToken = compiled<"token">(
  (p) => sql`
    select s.id as "sessionId", s.expires_at as "expiresAt", u.id, u.name, u.email, u.role,
           u.student_id as "studentId", u.picture_key as "pictureKey",
           u.email_notifications as "emailNotifications", u.created_at as "createdAt"
      from sessions s join users u on u.id = s.user_id
     where s.token = ${p("token")}`,
);

/**
 * The session of a signed cookie when better-auth would simply accept it: the signature is
 * better-auth's (HMAC-SHA256 of the token with the auth secret, compared in constant time), the
 * session exists, has not expired and is not yet due for its refresh (better-auth's own rule:
 * `expiresAt - expiresIn + updateAge <= now`). Null in every other case, which better-auth then
 * answers itself (it deletes expired sessions, refreshes due ones and sets or clears the cookie).
 */
async function findCurrentSession(
  db: Db,
  rules: { secret: string; expiresInMs: number; updateAgeMs: number },
  cookie: { signed: string; token: string },
): Promise<FoundSession | null> {
  const signature = cookie.signed.slice(cookie.token.length + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", rules.secret).update(cookie.token).digest();
  const given = Buffer.from(signature, "base64");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const { rows } = (await db.execute(sessionByToken({ token: cookie.token }))) as unknown as {
    rows: (UserFields & { sessionId: string; expiresAt: Date | string })[];
  };
  const row = rows[0];
  if (!row) return null;
  const expiresAt = new Date(row.expiresAt).getTime();
  const now = Date.now();
  if (!(expiresAt > now) || expiresAt - rules.expiresInMs + rules.updateAgeMs <= now) return null;
  return { sessionId: row.sessionId, expiresAt, user: toSessionUser(row) };
}

export function registerSession(app: FastifyInstance, auth: Auth, events: EventHub) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  const cache = new SessionCache();
  events.onAuthChange((change) => cache.invalidate(change));
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);
  const sessionRules = auth.$context.then((ctx) => ({
    secret: ctx.secret,
    expiresInMs: ctx.sessionConfig.expiresIn * 1000,
    updateAgeMs: ctx.sessionConfig.updateAge * 1000,
  }));

  // The database's notice of a change arrives a moment after the commit. A change made through
  // this instance (logout, password, profile) drops the user's entries before the answer leaves,
  // so the same browser never sees its old session afterwards.
  app.addHook("onSend", async (request) => {
    if (request.user && request.method !== "GET" && request.method !== "HEAD")
      cache.invalidate({ user: request.user.id });
  });

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/") || !request.headers.cookie?.includes(COOKIE_MARK)) return;
    const cookie = sessionCookie(request.headers.cookie, await cookieName);
    if (!cookie) return;
    // A hit is this exact signed value, checked by better-auth before and not changed since.
    // Signing out and changing the password always ask the database itself.
    const cacheable = events.listening && !AUTHORITATIVE.some((prefix) => request.url.startsWith(prefix));
    const accept = (found: FoundSession) => {
      request.user = found.user;
      request.sessionId = found.sessionId;
    };
    const hit = cacheable ? cache.get(cookie.token, cookie.signed) : undefined;
    if (hit) return accept(hit);
    const generation = cache.currentGeneration;
    // The common miss, a valid session not yet due for its daily refresh, costs one statement.
    const found = cacheable ? await findCurrentSession(app.db, await sessionRules, cookie) : null;
    if (found) {
      accept(found);
      cache.set(cookie.token, { signed: cookie.signed, ...found }, generation);
      return;
    }
    const result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
    // A refreshed session comes back with a new cookie expiry.
    const setCookie = result.headers?.getSetCookie();
    if (setCookie?.length) reply.header("set-cookie", setCookie);
    const data = result.response;
    if (!data) return;
    const session: FoundSession = {
      user: toSessionUser(data.user as unknown as UserFields),
      sessionId: data.session.id,
      expiresAt: new Date(data.session.expiresAt).getTime(),
    };
    accept(session);
    // Only the session better-auth actually found for this cookie is remembered under its token.
    if (events.listening && data.session.token === cookie.token)
      cache.set(cookie.token, { signed: cookie.signed, ...session }, generation);
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthenticatedError();
  return request.user;
}

/** Route hook: signed out → 401, signed in without the permission → 403. */
export function guard(permission: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = requireUser(request);
    if (!can(user.role, permission)) throw new ForbiddenError();
  };
}

/** Route hook for routes that any signed-in user may call. */
export async function signedIn(request: FastifyRequest) {
  requireUser(request);
}
