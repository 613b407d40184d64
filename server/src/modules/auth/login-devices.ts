import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { cookieValues, setCookie } from "../../lib/cookies";
import { SESSION_COOKIE_PREFIX } from "../../plugins/auth";

/**
 * Devices an account has signed in on (decision 0040, after OWASP's "device cookies"): a right
 * password sets a signed, HttpOnly cookie that names this browser as a device of that account,
 * so its later attempts are limited per device, not with the strangers guessing at the account.
 *
 * The cookie holds up to MAX_DEVICES tokens (one per account signed in on this browser, newest
 * first), each `nonce.issued.mac`: the MAC covers the account's email, which the cookie never
 * shows, so a token tells nothing about whose it is, cannot be made without SESSION_SECRET, and
 * is good for one account only. Its nonce is the device's name in the rate-limit counters.
 */

const DEVICE_DAYS = 180;
const MAX_DEVICES = 5;
const NAME = `${SESSION_COOKIE_PREFIX}.login_devices`;
const TOKEN = /^([A-Za-z0-9_-]{16})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/;

export interface LoginDevices {
  /** This browser's device id for the account (email as typed, lower-cased), or null if unknown. */
  known(request: FastifyRequest, email: string): string | null;
  /** The Set-Cookie that makes this browser a known device of the account, keeping its others. */
  remember(request: FastifyRequest, email: string): string;
}

export function loginDevices(options: { secret: string; secure: boolean }): LoginDevices {
  // Behind https the name carries __Secure-, as better-auth's session cookie does.
  const name = options.secure ? `__Secure-${NAME}` : NAME;
  const key = createHmac("sha256", options.secret).update("thesisdesk login devices").digest();
  const mac = (email: string, nonce: string, issued: string) =>
    createHmac("sha256", key)
      .update(`${email.toLowerCase()}\n${nonce}\n${issued}`)
      .digest()
      .subarray(0, 16)
      .toString("base64url");
  const fresh = (issued: string) => Date.now() / 1000 - Number.parseInt(issued, 36) < DEVICE_DAYS * 86_400;
  // Every value under the name counts: a cookie planted beside ours cannot hide it.
  const tokens = (request: FastifyRequest) =>
    cookieValues(request.headers.cookie, name)
      .flatMap((value) => value.split("~"))
      .map((token) => TOKEN.exec(token))
      .filter((m): m is RegExpExecArray => m !== null && fresh(m[2]));
  const isFor = (m: RegExpExecArray, email: string) =>
    timingSafeEqual(Buffer.from(m[3]), Buffer.from(mac(email, m[1], m[2])));

  return {
    known(request, email) {
      return tokens(request).find((m) => isFor(m, email))?.[1] ?? null;
    },
    remember(request, email) {
      const nonce = randomBytes(12).toString("base64url");
      const issued = Math.floor(Date.now() / 1000).toString(36);
      const others = tokens(request)
        .filter((m) => !isFor(m, email))
        .map((m) => m[0]);
      const value = [`${nonce}.${issued}.${mac(email, nonce, issued)}`, ...new Set(others)]
        .slice(0, MAX_DEVICES)
        .join("~");
      return setCookie(name, value, {
        path: "/api/auth",
        maxAgeSeconds: DEVICE_DAYS * 86_400,
        secure: options.secure,
      });
    },
  };
}
