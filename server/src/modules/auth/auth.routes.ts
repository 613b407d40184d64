import { MSG } from "@shared/messages";
import { loginSchema, meResponse, registerSchema, sessionResponse } from "@shared/schemas/auth";
import { errorResponseSchema, okResponse } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { signedIn } from "../../plugins/session";
import { findUserById } from "../accounts/accounts.repository";
import { toUserDto } from "../accounts/user-dto";
import { login, logout, register } from "./auth.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // The app asks this on every page, public ones included: a signed-out visitor is an answer,
  // not an error (GET /api/me answers them 401, which browsers log as a failed request).
  app.get(
    "/auth/session",
    {
      schema: {
        tags: ["auth"],
        summary: "Who is signed in (the user), or null; 200 either way",
        response: { 200: sessionResponse },
      },
    },
    async (request) => ({ user: request.user ? toUserDto(request.user) : null }),
  );

  app.post(
    "/auth/register",
    {
      schema: {
        tags: ["auth"],
        summary: "Register a student account and sign in",
        body: registerSchema,
        response: { 201: meResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, setCookie } = await register(app.db, app.auth, request, request.body);
      const user = await findUserById(app.db, userId);
      reply.header("set-cookie", setCookie);
      return reply.status(201).send({ user: toUserDto(user) });
    },
  );

  app.post(
    "/auth/login",
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password",
        body: loginSchema,
        response: { 200: meResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, setCookie } = await login(app.db, app.auth, request, request.body);
      const user = await findUserById(app.db, userId);
      reply.header("set-cookie", setCookie);
      return { user: toUserDto(user) };
    },
  );

  app.post(
    "/auth/logout",
    {
      onRequest: signedIn,
      schema: {
        tags: ["auth"],
        summary: "End the current session",
        response: { 200: okResponse, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("set-cookie", await logout(app.auth, request));
      request.log.info({ userId: request.user?.id }, MSG.loggedOut);
      return { ok: true as const };
    },
  );
};
