import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type RecordOf, recordRoutes } from "./record-route";
import { type App, type ModuleRoute, serviceRoutes } from "./service-route";

/** What a module declares its routes with. */
export interface ModuleParts {
  /** A route that runs one service for a signed-in caller (`serviceRoutes`). */
  api: ReturnType<typeof serviceRoutes>;
  /** The routes of one record, by its path's id (`recordRoutes`). */
  record: <K extends string, R extends z.ZodObject<Record<K, z.ZodType>>>(
    record: RecordOf<K, R>,
  ) => ReturnType<typeof recordRoutes<K, R>>;
  /** For the routes written with `routesOf` directly (anyone's, files, more than one status). */
  app: App;
}

/**
 * A module's routes, as the plugin the app registers (decision 0089): its `routesOf(tag, errors)`
 * is given once, and `declare` adds each route with `api`, `record(…)` or `app`.
 */
export const moduleRoutes =
  (route: ModuleRoute, declare: (parts: ModuleParts) => void | Promise<void>): FastifyPluginAsyncZod =>
  async (app) => {
    await declare({ api: serviceRoutes(app, route), record: (r) => recordRoutes(app, route, r), app });
  };
