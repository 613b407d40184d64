import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const committeeRoutes: FastifyPluginAsyncZod = async () => {};
