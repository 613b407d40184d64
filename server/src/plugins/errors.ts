import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { MSG } from "@shared/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError, type ErrorCode, isDatabaseUnavailable, PG, pgErrorCode } from "../lib/errors";
import { SECURITY_HEADERS } from "./security";

interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

function send(reply: FastifyReply, status: number, body: ErrorBody, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  // The error shape is fixed; never let a route's response schema reshape it.
  return reply.status(status).type("application/json; charset=utf-8").serializer(JSON.stringify).send(body);
}

/** Fastify's own client errors, by code, with words a person can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE", message: MSG.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE", message: MSG.bodyTooLarge },
  FST_FILES_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", message: MSG.bodyTooLarge },
  FST_PARTS_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", message: MSG.bodyTooLarge },
  FST_FIELDS_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", message: MSG.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: MSG.unsupportedMediaType,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "Send the file as multipart/form-data.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "VALIDATION", message: "Invalid Content-Length." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "VALIDATION", message: "The request body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: "VALIDATION",
    message: "The request body is not valid JSON.",
  },
  // The router's own refusals (answered through frameworkErrors below).
  FST_ERR_BAD_URL: { status: 400, code: "VALIDATION", message: "The address is not valid." },
  // No record has an id that long.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: "NOT_FOUND", message: MSG.notFound },
};

export function toErrorResponse(err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message } };
    if (err.fields) body.error.fields = err.fields;
    return send(reply, err.status, body, err.headers);
  }

  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const key = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
      fields[key] ??= issue.message ?? "Invalid value.";
    }
    const message = Object.values(fields)[0] ?? "Invalid request.";
    return send(reply, 400, { error: { code: "VALIDATION", message, fields } });
  }

  const code = (err as FastifyError).code;
  const known = code ? FASTIFY_CLIENT_ERRORS[code] : undefined;
  if (known) return send(reply, known.status, { error: { code: known.code, message: known.message } });
  if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
    return send(reply, 400, {
      error: { code: "VALIDATION", message: "The request body is not valid JSON." },
    });
  }

  // The database did not answer in time (statement_timeout) or at all: try again shortly.
  const unavailable =
    pgErrorCode(err) === PG.queryCanceled
      ? MSG.tooSlow
      : isDatabaseUnavailable(err)
        ? MSG.databaseDown
        : null;
  if (unavailable) {
    request.log.error({ err }, unavailable === MSG.tooSlow ? "statement timeout" : "database unavailable");
    return send(
      reply,
      503,
      { error: { code: "SERVICE_UNAVAILABLE", message: unavailable } },
      { "retry-after": "5" },
    );
  }

  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(err)) {
    const errorCode: ErrorCode =
      status === 401
        ? "UNAUTHENTICATED"
        : status === 403
          ? "FORBIDDEN"
          : status === 404
            ? "NOT_FOUND"
            : status === 413
              ? "PAYLOAD_TOO_LARGE"
              : status === 415
                ? "UNSUPPORTED_MEDIA_TYPE"
                : status === 429
                  ? "RATE_LIMITED"
                  : "VALIDATION";
    return send(reply, status, { error: { code: errorCode, message: err.message || "Invalid request." } });
  }

  request.log.error({ err }, "unhandled error");
  return send(reply, 500, { error: { code: "INTERNAL", message: MSG.serverError } });
}

/**
 * Fastify's `frameworkErrors` option: a malformed or overlong address is refused by the router
 * before any hook runs, so the headers every answer carries are set here.
 */
export function frameworkErrorResponse(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
  reply.header("x-request-id", request.id);
  reply.header("cache-control", "no-store");
  return toErrorResponse(err, request, reply);
}

const CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "PAYLOAD_TOO_LARGE",
    message: "The address or the request headers are too long.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: "VALIDATION",
    message: "The request took too long to arrive.",
  },
};

/**
 * Fastify's `clientErrorHandler` option: a request Node could not even parse (headers over the
 * size limit, broken HTTP) is answered on the socket, in the error shape and with the headers of
 * every other answer.
 */
export function clientErrorResponse(err: Error & { code?: string }, socket: Socket) {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const known = (err.code && CLIENT_ERRORS[err.code]) || {
    status: 400,
    code: "VALIDATION" as const,
    message: "The request could not be read.",
  };
  if (socket.writable) {
    const body = JSON.stringify({ error: { code: known.code, message: known.message } });
    const headers = {
      ...SECURITY_HEADERS,
      "cache-control": "no-store",
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      connection: "close",
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join("\r\n");
    socket.write(`HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n${head}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(toErrorResponse);
}
