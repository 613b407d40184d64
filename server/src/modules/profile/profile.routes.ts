import { meResponse } from "@shared/schemas/auth";
import { okResponse } from "@shared/schemas/common";
import {
  changePasswordSchema,
  notificationSettingsSchema,
  updateProfileSchema,
} from "@shared/schemas/profile";
import { z } from "zod";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { takeUpload } from "../files/upload-limit";
import {
  changePassword,
  readPicture,
  readPictureUpload,
  setEmailNotifications,
  setPicture,
  updateName,
} from "./profile.service";

const route = routesOf("profile", [400, 401, 403]);
/** A stored picture: any signed-in person may fetch one by its name; 404 for an unknown one. */
const file = routesOf("profile", [401, 404]);

export const profileRoutes = moduleRoutes(route, ({ api, app }) => {
  api("PATCH", "/me", {
    access: "profile:manage",
    summary: "Change the signed-in user's name",
    body: updateProfileSchema,
    response: meResponse,
    run: async (c, { body }) => ({ user: await updateName(c.db, c.by, body.name) }),
  });

  api("PATCH", "/me/notifications", {
    access: "profile:manage",
    summary: "Turn email notifications on or off",
    body: notificationSettingsSchema,
    response: meResponse,
    run: async (c, { body }) => ({ user: await setEmailNotifications(c.db, c.by, body.emailNotifications) }),
  });

  app.post(
    "/me/password",
    route("profile:manage", {
      summary: "Change the password (needs the current one); ends the user's other sessions",
      body: changePasswordSchema,
      response: { 200: okResponse },
      errors: [429],
    }),
    async (request, reply) => {
      const setCookie = await changePassword(app.db, app.auth, request, requireUser(request), request.body);
      reply.header("set-cookie", setCookie);
      return { ok: true as const };
    },
  );

  app.put(
    "/me/picture",
    route("profile:manage", {
      summary:
        "Upload a profile picture (multipart field `file`: JPEG, PNG or WebP, at most 5 MB); uploads are limited per user (429)",
      consumes: ["multipart/form-data"],
      response: { 200: meResponse },
      errors: [413, 415, 429],
    }),
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
      ...file("signed-in", {
        summary: "A stored profile picture (WebP)",
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.any().describe("The picture, image/webp") },
      }),
      // The app marks every /api response no-store; a stored picture never changes, so it may be kept.
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200) reply.header("cache-control", "private, max-age=31536000, immutable");
      },
    },
    async (request, reply) => {
      const picture = await readPicture(app.db, request.params.file);
      return reply.type("image/webp").send(picture);
    },
  );
});
