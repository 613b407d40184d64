import type { FastifyInstance } from "fastify";

/** What every change to a proposal needs from the app: the address for emails and the time now. */
export interface LifeContext {
  publicUrl: string;
  now: Date;
}

export const lifeContext = (app: FastifyInstance): LifeContext => ({
  publicUrl: app.config.publicUrl,
  now: app.now(),
});
