import type { Permission } from "@shared/permissions";
import { errorResponseSchema } from "@shared/schemas/common";
import type { onRequestHookHandler } from "fastify";
import type { ZodType } from "zod";
import { guard, signedIn } from "../plugins/session";

/** The error statuses a route answers, each in the one error shape of DESIGN.md §5. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
type ErrorResponses<C extends ErrorStatus> = { [K in C]: typeof errorResponseSchema };

/** The OpenAPI response entries of these error statuses. */
export const errorResponses = <C extends ErrorStatus>(codes: readonly C[]) =>
  Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as ErrorResponses<C>;

/** Who may call a route: those with a permission of the table, any signed-in person, or anyone. */
export type Access = Permission | "signed-in" | "anyone";

/** What a route's OpenAPI document says beyond its module's tag and errors. */
export interface RouteDoc {
  summary: string;
  consumes?: string[];
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** Its answers other than the module's errors. */
  response?: Record<number, ZodType>;
  /** Error statuses this route answers besides the module's. */
  errors?: readonly ErrorStatus[];
}

type Schema<D extends RouteDoc, E extends ErrorStatus> = Omit<D, "errors" | "response"> & {
  tags: string[];
  response: (D["response"] extends Record<number, ZodType> ? D["response"] : unknown) &
    ErrorResponses<E | (D["errors"] extends readonly (infer X extends ErrorStatus)[] ? X : never)>;
};

/**
 * The one place a route's options are written (issue 29): its guard (401 signed out, 403 without
 * the permission) and its OpenAPI document, with the module's tag and the error statuses every
 * route of the module answers. A module says `const route = routesOf("terms", [400, 401, …])` once,
 * then each route `app.get(url, route("terms:read", { summary, response: { 200: … } }), handler)`.
 */
export function routesOf<E extends ErrorStatus>(tag: string, moduleErrors: readonly E[]) {
  return <const D extends RouteDoc>(access: Access, doc: D) => {
    const { summary, errors = [], response, ...inputs } = doc;
    const answers = { ...response, ...errorResponses([...moduleErrors, ...errors]) };
    // A route that declares no answer is documented with swagger's default one.
    const schema = {
      tags: [tag],
      summary,
      ...inputs,
      ...(Object.keys(answers).length ? { response: answers } : {}),
    } as unknown as Schema<D, E>;
    const onRequest: onRequestHookHandler | undefined =
      access === "anyone" ? undefined : access === "signed-in" ? signedIn : guard(access);
    return onRequest ? { onRequest, schema } : { schema };
  };
}

/** The answer `{ ok: true }` of a change that answers nothing else (or `{ ok: true, message }`), once `change` is done. */
export function done(change: Promise<unknown>): Promise<{ ok: true }>;
export function done(change: Promise<unknown>, message: string): Promise<{ ok: true; message: string }>;
export async function done(change: Promise<unknown>, message?: string) {
  await change;
  return message === undefined ? { ok: true as const } : { ok: true as const, message };
}
