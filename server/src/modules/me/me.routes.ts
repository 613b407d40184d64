import { meResponse } from "@shared/schemas/auth";
import { errorResponseSchema } from "@shared/schemas/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser, signedIn } from "../../plugins/session";
import { toUserDto } from "../accounts/user-dto";

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
};
