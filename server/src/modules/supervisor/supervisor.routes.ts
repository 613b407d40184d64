import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const supervisorRoutes: FastifyPluginAsyncZod = async () => {};
