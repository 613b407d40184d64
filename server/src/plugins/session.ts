import { can, type Permission } from "@shared/permissions";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { cookieValues } from "../lib/cookies";
import { ForbiddenError, SessionEndedError, UnauthenticatedError } from "../lib/errors";
import type { EventHub } from "../lib/events";
import { type Auth, authHeaders, type SessionUser } from "./auth";
import { SessionCache } from "./session-cache";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request from the session cookie. */
    user: SessionUser | null;
    sessionId: string | null;
    /** A session cookie came and was not (or no longer) valid: expired, revoked, or made up. */
    sessionEnded: boolean;
  }
}

const AUTHORITATIVE = ["/api/auth/", "/api/me/password"];

/** A user as better-auth returns it: the fields a request needs. */
type UserFields = Omit<SessionUser, "studentId" | "pictureId" | "emailNotifications" | "createdAt"> & {
  studentId?: string | null;
  pictureId?: string | null;
  emailNotifications?: boolean;
  createdAt: Date | string;
};
const toSessionUser = (u: UserFields): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  studentId: u.studentId ?? null,
  pictureId: u.pictureId ?? null,
  emailNotifications: u.emailNotifications ?? true,
  createdAt: new Date(u.createdAt),
});

export function registerSession(app: FastifyInstance, auth: Auth, events: EventHub) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("sessionEnded", false);
  const cache = new SessionCache();
  events.onAuthChange((change) => cache.invalidate(change));
  // better-auth's own name for its session cookie (with the __Secure- prefix behind https).
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);

  // The database's notice of a change arrives a moment after the commit. A change made through
  // this instance (logout, password, profile) drops the user's entries before the answer leaves,
  // so the same browser never sees its old session afterwards.
  app.addHook("onSend", async (request) => {
    if (request.user && request.method !== "GET" && request.method !== "HEAD")
      cache.invalidate({ user: request.user.id });
  });

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/") || !request.headers.cookie) return;
    const name = await cookieName;
    // Found by its exact name, and sent once: a cookie planted by another site (a look-alike
    // name, the name without __Secure-, a second one under the name) never decides whose
    // session a request gets, so a request with two is signed out.
    const values = cookieValues(request.headers.cookie, name);
    if (values.length !== 1) return;
    const [cookie] = values;
    // A hit is this exact value, which better-auth accepted before, with nothing announced about
    // its session or user since. Signing out and changing the password always ask it again.
    const cacheable = events.listening && !AUTHORITATIVE.some((prefix) => request.url.startsWith(prefix));
    const hit = cacheable ? cache.get(cookie) : undefined;
    if (hit) {
      request.user = hit.user;
      request.sessionId = hit.sessionId;
      return;
    }
    const generation = cache.currentGeneration;
    // better-auth is shown this cookie alone, so the session it finds is the one of this value.
    const headers = authHeaders(request);
    headers.set("cookie", `${name}=${cookie}`);
    const result = await auth.api.getSession({ headers, returnHeaders: true });
    // A refreshed session comes back with a new cookie expiry.
    const setCookie = result.headers?.getSetCookie();
    if (setCookie?.length) reply.header("set-cookie", setCookie);
    const data = result.response;
    if (!data) {
      request.sessionEnded = true;
      return;
    }
    request.user = toSessionUser(data.user as UserFields);
    request.sessionId = data.session.id;
    if (events.listening)
      cache.set(
        cookie,
        {
          token: data.session.token,
          user: request.user,
          sessionId: data.session.id,
          expiresAt: new Date(data.session.expiresAt).getTime(),
        },
        generation,
      );
  });
}

/** The signed-in user; 401 without one, saying so when the session this browser held has ended. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw request.sessionEnded ? new SessionEndedError() : new UnauthenticatedError();
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
