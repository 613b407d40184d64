import { MSG } from "@shared/messages";
import {
  authOptionsResponse,
  forgotPasswordResponse,
  forgotPasswordSchema,
  resetPasswordSchema,
  resetTokenQuery,
  resetTokenResponse,
  ssoCallbackParams,
  ssoCallbackQuery,
  ssoStartResponse,
  ssoStartSchema,
} from "@shared/schemas/accounts";
import { loginSchema, meResponse, registerSchema, sessionResponse } from "@shared/schemas/auth";
import { okResponse } from "@shared/schemas/common";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { authHeaders } from "../../plugins/auth";
import { findUserById } from "../accounts/accounts.repository";
import { toUserDto } from "../accounts/user-dto";
import { login, logout, register, type SignedIn } from "./auth.service";
import { loginDevices } from "./login-devices";
import { checkResetToken, forgotPassword, resetPassword } from "./password-reset.service";
import { startSso } from "./sso.service";

/**
 * Where the browser goes after the callback: better-auth's redirect when it is our login page
 * (with the sign-in done, or `?error=<code>`), else the login page with its error code (a missing
 * state sends better-auth to its own error page, which is not served).
 */
function callbackTarget(location: string | null, login: string): string {
  if (location === login || location?.startsWith(`${login}?`)) return location;
  let code = "sso_failed";
  try {
    code = new URL(location ?? "", login).searchParams.get("error")?.slice(0, 100) || code;
  } catch {
    /* no usable address: the generic failure */
  }
  return `${login}?error=${encodeURIComponent(code)}`;
}

const route = routesOf("auth", []);

/** The answer to a sign-in (registration, login, a new password, setup): its cookies, and the person. */
export async function signedInAnswer(db: Db, reply: FastifyReply, signedIn: SignedIn) {
  reply.header("set-cookie", signedIn.setCookie);
  return { user: toUserDto((await findUserById(db, signedIn.userId))!) };
}
/** What registering and signing in answer besides success. */
const SIGN_IN_ERRORS = [400, 401, 409, 429] as const;

export const authRoutes = moduleRoutes(route, ({ app }) => {
  const devices = loginDevices({
    secret: app.config.sessionSecret,
    secure: app.config.publicUrl.startsWith("https://"),
  });

  // The app asks this on every page, public ones included: a signed-out visitor is an answer,
  // not an error (GET /api/me answers them 401, which browsers log as a failed request).
  app.get(
    "/auth/session",
    route("anyone", {
      summary: "Who is signed in (the user), or null; 200 either way",
      response: { 200: sessionResponse },
    }),
    async (request) => ({
      user: request.user ? toUserDto(request.user) : null,
      sessionEnded: request.sessionEnded,
    }),
  );

  app.post(
    "/auth/register",
    route("anyone", {
      summary: "Register a student account and sign in",
      body: registerSchema,
      response: { 201: meResponse },
      errors: SIGN_IN_ERRORS,
    }),
    async (request, reply) => {
      const { userId, setCookie } = await register(
        app.db,
        app.auth,
        devices,
        request,
        request.body,
        app.config.allowedEmailDomains,
        app.now(),
      );
      return reply.status(201).send(await signedInAnswer(app.db, reply, { userId, setCookie }));
    },
  );

  app.post(
    "/auth/login",
    route("anyone", {
      summary: "Sign in with email and password",
      body: loginSchema,
      response: { 200: meResponse },
      errors: SIGN_IN_ERRORS,
    }),
    async (request, reply) =>
      signedInAnswer(app.db, reply, await login(app.db, app.auth, devices, request, request.body)),
  );

  app.post(
    "/auth/logout",
    route("signed-in", {
      summary: "End the current session",
      response: { 200: okResponse },
      errors: [401],
    }),
    async (request, reply) => {
      reply.header("set-cookie", await logout(app.auth, request));
      request.log.info({ userId: request.user?.id }, MSG.loggedOut);
      return { ok: true as const };
    },
  );

  app.get(
    "/auth/options",
    route("anyone", {
      summary: "What the login and register pages offer: single sign-on, and the email domains accepted",
      response: { 200: authOptionsResponse },
    }),
    async () => ({
      sso: app.config.oidc ? { name: app.config.oidc.name } : null,
      allowedEmailDomains: app.config.allowedEmailDomains,
    }),
  );

  app.post(
    "/auth/forgot-password",
    route("anyone", {
      summary:
        "Email a one-time link (valid one hour) to reset the password; the same answer whether or not the account exists",
      body: forgotPasswordSchema,
      response: { 200: forgotPasswordResponse },
      errors: [400, 429],
    }),
    async (request) =>
      forgotPassword({ db: app.db, auth: app.auth, background: app.background }, request, request.body),
  );

  app.get(
    "/auth/reset-password",
    route("anyone", {
      summary:
        "Whether a password link's token can still be used (not used, expired or revoked); consumes nothing",
      querystring: resetTokenQuery,
      response: { 200: resetTokenResponse },
      errors: [400, 429],
    }),
    async (request) => checkResetToken({ db: app.db, now: app.now }, request, request.query.token),
  );

  app.post(
    "/auth/reset-password",
    route("anyone", {
      summary:
        "Set a new password with a link's token: ends every session of the account and signs the person in",
      body: resetPasswordSchema,
      response: { 200: meResponse },
      errors: [400, 403],
    }),
    async (request, reply) =>
      signedInAnswer(
        app.db,
        reply,
        await resetPassword({ db: app.db, auth: app.auth, devices, now: app.now }, request, request.body),
      ),
  );

  app.post(
    "/auth/sso",
    route("anyone", {
      summary: "Start single sign-on: answers the provider's sign-in address to open",
      body: ssoStartSchema,
      response: { 200: ssoStartResponse },
      errors: [400, 404, 429, 503],
    }),
    async (request, reply) => {
      const { url, setCookie } = await startSso(
        { db: app.db, auth: app.auth, publicUrl: app.config.publicUrl, enabled: !!app.config.oidc },
        request,
        request.body.next,
      );
      if (setCookie.length) reply.header("set-cookie", setCookie);
      return { url };
    },
  );

  // The provider sends the browser back here. better-auth checks the state, exchanges the code,
  // verifies the ID token and the user info, then signs in (or makes the student) and redirects
  // to /login, or to /login?error=<code> when it refused.
  app.get(
    "/auth/callback/:id",
    route("anyone", {
      summary: "Single sign-on callback (redirect URI {PUBLIC_URL}/api/auth/callback/oidc)",
      params: ssoCallbackParams,
      querystring: ssoCallbackQuery,
      response: { 302: z.null().describe("A redirect to /login") },
      errors: [400],
    }),
    async (request, reply) => {
      const login = `${app.config.publicUrl}/login`;
      const query = new URLSearchParams(
        Object.entries(request.query).filter((e): e is [string, string] => e[1] !== undefined),
      );
      const url = `${app.config.publicUrl}/api/auth/callback/${encodeURIComponent(request.params.id)}?${query}`;
      const res = await app.auth.handler(new Request(url, { method: "GET", headers: authHeaders(request) }));
      const location = res.headers.get("location");
      const setCookie = res.headers.getSetCookie();
      if (setCookie.length) reply.header("set-cookie", setCookie);
      return reply.redirect(callbackTarget(location, login), 302);
    },
  );
});
