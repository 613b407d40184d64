import type { z } from "zod";
import type { SessionUser } from "../plugins/auth";
import type { RequestContext } from "./request-context";
import type { Access, ErrorStatus } from "./route";
import { type App, type Method, type ModuleRoute, serviceRoutes } from "./service-route";

/** The record a module's routes answer: `{ [key]: … }` in `response`, found by `params`' id. */
export interface RecordOf<K extends string, R extends z.ZodObject<Record<K, z.ZodType>>> {
  key: K;
  response: R;
  params: z.ZodType<{ id: string }>;
}

/** One route of a record: who may call it, its OpenAPI summary and body, and what it does. */
export interface RecordRouteDoc<B extends z.ZodType | undefined, T> {
  access: Exclude<Access, "anyone">;
  summary: string;
  body?: B;
  /** 201 for a route that adds something to the record (a draft); else 200. */
  status?: 200 | 201;
  /** Error statuses this route answers besides the module's. */
  errors?: readonly ErrorStatus[];
  run: (
    ctx: RequestContext<SessionUser>,
    id: string,
    body: B extends z.ZodType ? z.infer<B> : undefined,
  ) => Promise<T>;
}

/**
 * The routes `METHOD /<records>/:id/…` of a module that each read or change one record by its id
 * and answer it as the caller now sees it (`{ thesis }`, `{ proposal }`): a `serviceRoutes` route
 * whose params, answer and id are written here once; each route names its method, path, access,
 * summary, body and the service that makes it (`run`).
 */
export const recordRoutes = <K extends string, R extends z.ZodObject<Record<K, z.ZodType>>>(
  app: App,
  route: ModuleRoute,
  { key, response, params }: RecordOf<K, R>,
) => {
  const declare = serviceRoutes(app, route);
  return <B extends z.ZodType | undefined = undefined>(
    method: Method,
    url: string,
    { run, ...doc }: RecordRouteDoc<B, z.infer<R["shape"][K]>>,
  ) =>
    declare(method, url, {
      ...doc,
      params,
      response,
      run: async (c, input: { params: { id: string }; body: unknown }) =>
        ({ [key]: await run(c, input.params.id, input.body as Parameters<typeof run>[2]) }) as z.infer<R>,
    });
};
