import { myDataResponse } from "@shared/schemas/accounts";
import { meResponse } from "@shared/schemas/auth";
import { errorResponseSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedIn } from "../../plugins/session";
import { toUserDto } from "../accounts/user-dto";
import { exportMyData } from "./my-data.service";

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/me",
    {
      onRequest: signedIn,
      schema: {
        tags: ["profile"],
        summary: "The signed-in user",
        response: { 200: meResponse, 401: errorResponseSchema },
      },
    },
    async (request) => ({ user: toUserDto(requireUser(request)) }),
  );

  app.get(
    "/me/export",
    {
      onRequest: signedIn,
      schema: {
        tags: ["profile"],
        summary:
          "Download my data: the account, proposals, notices and messages ThesisDesk holds about the caller, as a JSON file",
        response: { 200: myDataResponse, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const now = app.now();
      reply.header(
        "content-disposition",
        `attachment; filename="thesisdesk-my-data-${now.toISOString().slice(0, 10)}.json"`,
      );
      return exportMyData(app.db, requireUser(request), now);
    },
  );
};
