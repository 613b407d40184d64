import { meResponse } from "@shared/schemas/auth";
import { errorResponseSchema, okResponse } from "@shared/schemas/common";
import {
  changePasswordSchema,
  notificationSettingsSchema,
  updateProfileSchema,
} from "@shared/schemas/profile";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { guard, requireUser, signedIn } from "../../plugins/session";
import { takeUpload } from "../files/upload-limit";
import {
  changePassword,
  readPicture,
  readPictureUpload,
  setEmailNotifications,
  setPicture,
  updateName,
} from "./profile.service";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    "/me",
    {
      onRequest: guard("profile:manage"),
      schema: {
        tags: ["profile"],
        summary: "Change the signed-in user's name",
        body: updateProfileSchema,
        response: { 200: meResponse, ...errors },
      },
    },
    async (request) => ({ user: await updateName(app.db, requireUser(request), request.body.name) }),
  );

  app.patch(
    "/me/notifications",
    {
      onRequest: guard("profile:manage"),
      schema: {
        tags: ["profile"],
        summary: "Turn email notifications on or off",
        body: notificationSettingsSchema,
        response: { 200: meResponse, ...errors },
      },
    },
    async (request) => ({
      user: await setEmailNotifications(app.db, requireUser(request), request.body.emailNotifications),
    }),
  );

  app.post(
    "/me/password",
    {
      onRequest: guard("profile:manage"),
      schema: {
        tags: ["profile"],
        summary: "Change the password (needs the current one); ends the user's other sessions",
        body: changePasswordSchema,
        response: { 200: okResponse, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const setCookie = await changePassword(app.db, app.auth, request, requireUser(request), request.body);
      reply.header("set-cookie", setCookie);
      return { ok: true as const };
    },
  );

  app.put(
    "/me/picture",
    {
      onRequest: guard("profile:manage"),
      schema: {
        tags: ["profile"],
        summary:
          "Upload a profile picture (multipart field `file`: JPEG, PNG or WebP, at most 5 MB); uploads are limited per user (429)",
        consumes: ["multipart/form-data"],
        response: {
          200: meResponse,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Pictures share the per-user upload limit with documents (DESIGN.md §21).
      await takeUpload(app.db, user.id);
      const upload = await readPictureUpload(request);
      return { user: await setPicture(app.db, user, upload) };
    },
  );

  app.get(
    "/pictures/:file",
    {
      onRequest: signedIn,
      // The app marks every /api response no-store; a stored picture never changes, so it may be kept.
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200) reply.header("cache-control", "private, max-age=31536000, immutable");
      },
      schema: {
        tags: ["profile"],
        summary: "A stored profile picture (WebP)",
        params: z.object({ file: z.string().max(100) }),
        response: {
          200: z.any().describe("The picture, image/webp"),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const picture = await readPicture(app.db, request.params.file);
      return reply.type("image/webp").send(picture);
    },
  );
};
