import { MSG } from "@shared/messages";
import { safeNextPath } from "@shared/next-path";
import { isAPIError } from "better-auth/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { clientAddress } from "../../lib/client-address";
import { AppError, NotFoundError, RateLimitError } from "../../lib/errors";
import { take } from "../../lib/rate-limit";
import { type Auth, authHeaders, OIDC_PROVIDER_ID } from "../../plugins/auth";

/** Starts of single sign-on per address: each stores a state row until it is used or expires. */
export const SSO_START_LIMIT = { max: 60, windowSeconds: 60 };

const SSO_MSG = {
  notConfigured: "Single sign-on is not set up on this server.",
  unavailable:
    "Single sign-on is not available right now. Please try again later, or log in with your password.",
};

/**
 * POST /api/auth/sso: the provider's sign-in address (better-auth's signInSocial with the
 * generic OAuth provider), with its state cookie. The person comes back through
 * GET /api/auth/callback/oidc to /login, which sends them on (to `next` or their dashboard), or
 * to /login?error=<code> when the sign-in was refused.
 */
export async function startSso(
  deps: { db: Db; auth: Auth; publicUrl: string; enabled: boolean },
  request: FastifyRequest,
  next: string | undefined,
): Promise<{ url: string; setCookie: string[] }> {
  if (!deps.enabled) throw new NotFoundError(SSO_MSG.notConfigured);
  const attempt = await take(deps.db, { key: `sso:ip:${clientAddress(request)}`, ...SSO_START_LIMIT });
  if (!attempt.allowed) throw new RateLimitError(MSG.tooManyLogins, attempt.retryAfter);
  // The login page checks it again before it goes there.
  const path = safeNextPath(next);
  const login = `${deps.publicUrl}/login`;
  try {
    const result = await deps.auth.api.signInSocial({
      body: {
        provider: OIDC_PROVIDER_ID,
        callbackURL: path ? `${login}?next=${encodeURIComponent(path)}` : login,
        errorCallbackURL: login,
        disableRedirect: true,
      },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    const url = (result.response as { url?: string }).url;
    if (!url) throw new AppError(503, "SERVICE_UNAVAILABLE", SSO_MSG.unavailable);
    return { url, setCookie: result.headers.getSetCookie() };
  } catch (err) {
    // The provider was left out at start-up (its discovery document could not be read).
    if (isAPIError(err)) throw new AppError(503, "SERVICE_UNAVAILABLE", SSO_MSG.unavailable);
    throw err;
  }
}

/**
 * better-auth reads the provider's discovery document once, when it starts, and leaves the
 * provider out if it cannot: say so loudly, since the button would then fail.
 */
export async function checkSsoProvider(app: FastifyInstance) {
  const ctx = await app.auth.$context;
  const providers = await Promise.resolve(ctx.socialProviders);
  if (!providers.some((p) => p.id === OIDC_PROVIDER_ID))
    app.log.error(
      { issuer: app.config.oidc?.issuer },
      "single sign-on: the provider's discovery document could not be read at start-up; sign-in with it fails until a restart",
    );
}
