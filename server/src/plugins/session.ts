import type { Role } from "@shared/enums";
import { can, type Permission } from "@shared/permissions";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ForbiddenError, UnauthenticatedError } from "../lib/errors";
import { type Auth, authHeaders, SESSION_COOKIE_PREFIX, type SessionUser } from "./auth";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, or null; resolved once per request from the session cookie. */
    user: SessionUser | null;
    sessionId: string | null;
  }
}

const COOKIE_MARK = `${SESSION_COOKIE_PREFIX}.session_token=`;

export function registerSession(app: FastifyInstance, auth: Auth) {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/") || !request.headers.cookie?.includes(COOKIE_MARK)) return;
    const result = await auth.api.getSession({ headers: authHeaders(request), returnHeaders: true });
    // A refreshed session comes back with a new cookie expiry.
    const setCookie = result.headers?.getSetCookie();
    if (setCookie?.length) reply.header("set-cookie", setCookie);
    const data = result.response;
    if (!data) return;
    const u = data.user as unknown as SessionUser;
    request.user = {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      studentId: u.studentId ?? null,
      pictureKey: u.pictureKey ?? null,
      emailNotifications: u.emailNotifications ?? true,
      createdAt: new Date(u.createdAt),
    };
    request.sessionId = data.session.id;
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

export function hasRole(request: FastifyRequest, ...roles: Role[]): boolean {
  return request.user != null && roles.includes(request.user.role);
}
