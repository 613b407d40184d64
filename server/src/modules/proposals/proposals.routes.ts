import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const proposalRoutes: FastifyPluginAsyncZod = async () => {};
