import type { IncomingMessage, ServerResponse } from "node:http";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProviderDefault,
  RawServerDefault,
  RouteOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { SessionUser } from "../plugins/auth";
import { contextOf, type RequestContext } from "./request-context";
import type { Access, ErrorStatus, routesOf } from "./route";

type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The record a module's routes answer: `{ [key]: … }` in `response`, found by `params`' id. */
export interface RecordOf<K extends string, R extends z.ZodObject<Record<K, z.ZodType>>> {
  key: K;
  response: R;
  params: z.ZodType<{ id: string }>;
}

/** One route of a record: who may call it, its OpenAPI summary and body, and what it does. */
export interface RecordRouteDoc<B extends z.ZodType | undefined, T> {
  access: Access;
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
 * and answer it as the caller now sees it (`{ thesis }`, `{ proposal }`): the params, the answer,
 * the request context and the id are written here once; each route names its method, path, access,
 * summary, body and the service that makes it (`run`).
 */
export const recordRoutes =
  <K extends string, R extends z.ZodObject<Record<K, z.ZodType>>>(
    app: App,
    route: ReturnType<typeof routesOf>,
    { key, response, params }: RecordOf<K, R>,
  ) =>
  <B extends z.ZodType | undefined = undefined>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    { access, summary, body, status = 200, errors, run }: RecordRouteDoc<B, z.infer<R["shape"][K]>>,
  ) => {
    // The answer is the record's type by `run`'s signature; no schema types the handler.
    const options: Pick<RouteOptions, "onRequest" | "schema"> = route(access, {
      summary,
      params,
      ...(body ? { body } : {}),
      response: { [status]: response },
      errors,
    });
    return app.withTypeProvider<FastifyTypeProviderDefault>().route({
      method,
      url,
      ...options,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const input = request.body as B extends z.ZodType ? z.infer<B> : undefined;
        return reply.status(status).send({ [key]: await run(contextOf(request), id, input) });
      },
    });
  };
