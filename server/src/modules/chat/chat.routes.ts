import {
  chatMessageInput,
  chatMessageResponse,
  chatPageQuery,
  chatPageResponse,
  chatReadInput,
  chatUnreadResponse,
} from "@shared/schemas/chat";
import { idParams, okResponse } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { done, routesOf } from "../../lib/route";
import { requireUser } from "../../plugins/session";
import { listMessages, postMessage, readThread, unreadMessages } from "./chat.service";

const route = routesOf("chat", [400, 401, 403, 404]);

/** The group chat: one thread per proposal, for its members and its supervisor. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/proposals/:id/messages",
    route("chat:use", {
      summary: "A page of the group's messages, oldest first; ?before=<message id> pages back",
      params: idParams,
      querystring: chatPageQuery,
      response: { 200: chatPageResponse },
    }),
    async (request) =>
      listMessages(
        app.db,
        requireUser(request),
        request.params.id,
        request.query.before,
        request.query.limit,
      ),
  );

  app.post(
    "/proposals/:id/messages",
    route("chat:use", {
      summary: "Write to the group's chat",
      params: idParams,
      body: chatMessageInput,
      response: { 201: chatMessageResponse },
    }),
    async (request, reply) => {
      const message = await postMessage(app.db, requireUser(request), request.params.id, request.body.body);
      return reply.status(201).send({ message });
    },
  );

  app.post(
    "/proposals/:id/messages/read",
    route("chat:use", {
      summary: "You have read the group's chat up to this message (the Chat badge counts what is after it)",
      params: idParams,
      body: chatReadInput,
      response: { 200: okResponse },
    }),
    async (request) =>
      done(readThread(app.db, requireUser(request), request.params.id, request.body.lastMessageId)),
  );

  app.get(
    "/chat/unread",
    route("chat:use", {
      summary: "Your unread chat messages: per group with any, and in all",
      response: { 200: chatUnreadResponse },
    }),
    async (request) => unreadMessages(app.db, requireUser(request)),
  );
};
