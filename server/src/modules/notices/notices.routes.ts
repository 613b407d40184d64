import { idParams } from "@shared/schemas/common";
import {
  noticeListQuery,
  noticeListResponse,
  noticeResponse,
  sendNoticeSchema,
  unreadCountResponse,
} from "@shared/schemas/notices";
import { moduleRoutes } from "../../lib/module-routes";
import { routesOf } from "../../lib/route";
import { getNotice, listNotices, readNotice, sendNotice, unreadNotices } from "./notices.service";

const route = routesOf("notices", [400, 401, 403, 404]);

export const noticeRoutes = moduleRoutes(route, ({ api }) => {
  api("POST", "/notices", {
    access: "notices:send",
    summary: "Send a notice to one of your groups; its members at this moment receive it",
    body: sendNoticeSchema,
    response: noticeResponse,
    status: 201,
    run: async (c, { body }) => ({ notice: await sendNotice(c.db, c.publicUrl, c.by, body) }),
  });

  api("GET", "/notices", {
    access: "notices:read",
    summary:
      "Students: the notices received (with the unread count); supervisors: the notices sent. Newest first",
    querystring: noticeListQuery,
    response: noticeListResponse,
    run: (c, { query }) => listNotices(c.db, c.by, query.page, query.pageSize),
  });

  api("GET", "/notices/unread-count", {
    access: "notices:read",
    summary: "How many received notices the caller has not opened yet",
    response: unreadCountResponse,
    run: async (c) => ({ unread: await unreadNotices(c.db, c.by) }),
  });

  api("GET", "/notices/:id", {
    access: "notices:read",
    summary: "One notice, for its recipients and its sender",
    params: idParams,
    response: noticeResponse,
    run: async (c, { params }) => ({ notice: await getNotice(c.db, c.by, params.id) }),
  });

  api("POST", "/notices/:id/read", {
    access: "notices:read",
    summary: "Mark a notice you received as read (the first time is kept)",
    params: idParams,
    response: noticeResponse,
    run: async (c, { params }) => ({ notice: await readNotice(c.db, c.by, params.id) }),
  });
});
