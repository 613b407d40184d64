import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const researchCellRoutes: FastifyPluginAsyncZod = async () => {};
