import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const directoryRoutes: FastifyPluginAsyncZod = async () => {};
