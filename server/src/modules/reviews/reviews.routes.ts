import { errorResponseSchema, idParams } from "@shared/schemas/common";
import { proposalResponse, reviewSchema } from "@shared/schemas/proposals";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { guard, requireUser } from "../../plugins/session";
import { reviewProposal } from "./reviews.service";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/proposals/:id/review",
    {
      onRequest: guard("proposals:review"),
      schema: {
        tags: ["proposals"],
        summary: "Approve or deny a Pending proposal addressed to you (feedback required when denying)",
        params: idParams,
        body: reviewSchema,
        response: { 200: proposalResponse, ...errors },
      },
    },
    async (request) => ({
      proposal: await reviewProposal(
        app.db,
        app.config.publicUrl,
        requireUser(request),
        request.params.id,
        request.body,
      ),
    }),
  );
};
