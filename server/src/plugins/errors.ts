import { MSG } from "@shared/messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError, type ErrorCode, isDatabaseUnavailable } from "../lib/errors";

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

  if (isDatabaseUnavailable(err)) {
    request.log.error({ err }, "database unavailable");
    return send(
      reply,
      503,
      { error: { code: "SERVICE_UNAVAILABLE", message: MSG.databaseDown } },
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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(toErrorResponse);
}
