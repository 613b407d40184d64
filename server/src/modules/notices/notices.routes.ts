import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const noticeRoutes: FastifyPluginAsyncZod = async () => {};
