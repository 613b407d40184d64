import type { IncomingHttpHeaders } from "node:http";

/**
 * A client's own x-request-id is taken only as a short token of safe characters: the id goes
 * into every log line of the request and back in the answer, so it must not carry markup,
 * control characters or a payload of its own (issue 28, item 10d).
 */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the client's x-request-id when it is such a token, else a new UUID. */
export function requestId(request: { headers: IncomingHttpHeaders }): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && CLIENT_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
