import { idParams } from "@shared/schemas/common";
import {
  noticeListQuery,
  noticeListResponse,
  noticeResponse,
  sendNoticeSchema,
  unreadCountResponse,
} from "@shared/schemas/notices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { getNotice, listNotices, readNotice, sendNotice, unreadNotices } from "./notices.service";

const route = routesOf("notices", [400, 401, 403, 404]);

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/notices",
    route("notices:send", {
      summary: "Send a notice to one of your groups; its members at this moment receive it",
      body: sendNoticeSchema,
      response: { 201: noticeResponse },
    }),
    async (request, reply) => {
      const notice = await sendNotice(app.db, app.config.publicUrl, requireUser(request), request.body);
      return reply.status(201).send({ notice });
    },
  );

  app.get(
    "/notices",
    route("notices:read", {
      summary:
        "Students: the notices received (with the unread count); supervisors: the notices sent. Newest first",
      querystring: noticeListQuery,
      response: { 200: noticeListResponse },
    }),
    async (request) => listNotices(app.db, requireUser(request), request.query.page, request.query.pageSize),
  );

  app.get(
    "/notices/unread-count",
    route("notices:read", {
      summary: "How many received notices the caller has not opened yet",
      response: { 200: unreadCountResponse },
    }),
    async (request) => ({ unread: await unreadNotices(app.db, requireUser(request)) }),
  );

  app.get(
    "/notices/:id",
    route("notices:read", {
      summary: "One notice, for its recipients and its sender",
      params: idParams,
      response: { 200: noticeResponse },
    }),
    async (request) => ({ notice: await getNotice(app.db, requireUser(request), request.params.id) }),
  );

  app.post(
    "/notices/:id/read",
    route("notices:read", {
      summary: "Mark a notice you received as read (the first time is kept)",
      params: idParams,
      response: { 200: noticeResponse },
    }),
    async (request) => ({ notice: await readNotice(app.db, requireUser(request), request.params.id) }),
  );
};
