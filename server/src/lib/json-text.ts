import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodType } from "zod";

/**
 * A response body the database already wrote as JSON (proposals.doc, migration 0007): `T` is
 * what it holds. It is sent as it is, without being parsed, validated and written again.
 */
export type JsonText<T> = string & { readonly __json: T };

export const jsonText = <T>(text: string) => text as JsonText<T>;

const sentAsText = new WeakSet<FastifyReply>();

/**
 * Sends JSON text as the body. Fastify sends a string with a JSON content type unchanged, so
 * the route's response schema does not serialise it; `checkJsonText` does its job outside
 * production.
 */
export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>) {
  sentAsText.add(reply);
  return reply.type("application/json; charset=utf-8").send(body);
}

/**
 * Outside production, every body sent by `sendJsonText` is checked against the route's
 * response schema for its status: parsing it must neither fail nor change it (zod drops
 * undeclared fields, so an extra field fails too). A body that breaks the contract is a 500,
 * so every test that reads such a route checks the SQL that wrote it.
 */
export function checkJsonText(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!sentAsText.has(reply) || typeof payload !== "string") return payload;
    const schemas = request.routeOptions.schema?.response as Record<string, ZodType> | undefined;
    const schema = schemas?.[String(reply.statusCode)];
    if (!schema) throw new Error(`No response schema for ${reply.statusCode} on ${request.routeOptions.url}`);
    const value: unknown = JSON.parse(payload);
    const parsed = schema.safeParse(value);
    if (!parsed.success || !isDeepStrictEqual(parsed.data, value)) {
      request.log.error(
        { issues: parsed.error?.issues, body: payload },
        "JSON text breaks the response schema",
      );
      throw new Error(`The response of ${request.routeOptions.url} does not match its schema`);
    }
    return payload;
  });
}
