import {
  chatMessageInput,
  chatMessageResponse,
  chatPageQuery,
  chatPageResponse,
  chatReadInput,
  chatUnreadResponse,
} from "@shared/schemas/chat";
import { idParams, okResponse } from "@shared/schemas/common";
import { moduleRoutes } from "../../lib/module-routes";
import { done, routesOf } from "../../lib/route";
import { listMessages, postMessage, readThread, unreadMessages } from "./chat.service";

const route = routesOf("chat", [400, 401, 403, 404]);

/** The group chat: one thread per proposal, for its members and its supervisor. */
export const chatRoutes = moduleRoutes(route, ({ api }) => {
  api("GET", "/proposals/:id/messages", {
    access: "chat:use",
    summary: "A page of the group's messages, oldest first; ?before=<message id> pages back",
    params: idParams,
    querystring: chatPageQuery,
    response: chatPageResponse,
    run: (c, { params, query }) => listMessages(c.db, c.by, params.id, query.before, query.limit),
  });

  api("POST", "/proposals/:id/messages", {
    access: "chat:use",
    summary: "Write to the group's chat",
    params: idParams,
    body: chatMessageInput,
    response: chatMessageResponse,
    status: 201,
    run: async (c, { params, body }) => ({ message: await postMessage(c.db, c.by, params.id, body.body) }),
  });

  api("POST", "/proposals/:id/messages/read", {
    access: "chat:use",
    summary: "You have read the group's chat up to this message (the Chat badge counts what is after it)",
    params: idParams,
    body: chatReadInput,
    response: okResponse,
    run: (c, { params, body }) => done(readThread(c.db, c.by, params.id, body.lastMessageId)),
  });

  api("GET", "/chat/unread", {
    access: "chat:use",
    summary: "Your unread chat messages: per group with any, and in all",
    response: chatUnreadResponse,
    run: (c) => unreadMessages(c.db, c.by),
  });
});
