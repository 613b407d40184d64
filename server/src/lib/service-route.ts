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

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module's `routesOf(tag, errors)`. */
export type ModuleRoute = ReturnType<typeof routesOf>;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Input<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** What a route's service is given besides the request context: its params, query and body, validated. */
export interface ServiceInput<P, Q, B> {
  params: Input<P>;
  query: Input<Q>;
  body: Input<B>;
}

type Schema = z.ZodType | undefined;

/** One route that runs a service for a signed-in caller: who, its OpenAPI document, and what it runs. */
export interface ServiceRouteDoc<P extends Schema, Q extends Schema, B extends Schema, R extends z.ZodType> {
  /** Any but "anyone": the service is given the signed-in caller's context. */
  access: Exclude<Access, "anyone">;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The answer's schema, under `status`. */
  response: R;
  /** 201 for a route that adds something; else 200. */
  status?: 200 | 201;
  /** Error statuses this route answers besides the module's. */
  errors?: readonly ErrorStatus[];
  run: (ctx: RequestContext<SessionUser>, input: ServiceInput<P, Q, B>) => Promise<NoInfer<z.infer<R>>>;
}

/**
 * The routes of a module that each answer what one service gives a signed-in caller (decision
 * 0084): the guard, the OpenAPI document, the request context and the validated input are written
 * here once; each route names its method, path, access, summary, schemas and the service (`run`).
 * Routes that answer anyone, stream a file or answer more than one status are written with
 * `routesOf` directly.
 */
export const serviceRoutes =
  (app: App, route: ModuleRoute) =>
  <
    R extends z.ZodType,
    P extends Schema = undefined,
    Q extends Schema = undefined,
    B extends Schema = undefined,
  >(
    method: Method,
    url: string,
    doc: ServiceRouteDoc<P, Q, B, R>,
  ) => {
    const { access, summary, params, querystring, body, response, status = 200, errors, run } = doc;
    // The answer is typed by `run`'s signature; no schema types the handler.
    const options: Pick<RouteOptions, "onRequest" | "schema"> = route(access, {
      summary,
      ...(params ? { params } : {}),
      ...(querystring ? { querystring } : {}),
      ...(body ? { body } : {}),
      response: { [status]: response },
      errors,
    });
    return app.withTypeProvider<FastifyTypeProviderDefault>().route({
      method,
      url,
      ...options,
      handler: async (request, reply) => {
        const input = { params: request.params, query: request.query, body: request.body };
        return reply.status(status).send(await run(contextOf(request), input as ServiceInput<P, Q, B>));
      },
    });
  };
