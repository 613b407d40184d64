import type { Server } from "node:http";
import Provider from "oidc-provider";
import { freePort } from "./smtp";

/** A person at the university's identity provider: the claims it hands out about them. */
export interface IdpPerson {
  email: string;
  email_verified: boolean;
  name: string;
  student_number?: string;
}

export const OIDC_CLIENT = { id: "thesisdesk", secret: "thesisdesk-test-secret-0123456789" };
/** The claim that carries the student ID in these tests (OIDC_STUDENT_ID_CLAIM). */
export const STUDENT_ID_CLAIM = "student_number";

/**
 * A real OpenID provider (oidc-provider, certified) on a local port, with its development sign-in
 * pages: any login and password are accepted, and the login names the person in `people`.
 */
export async function startOidcProvider(redirectUris: string[]) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const people = new Map<string, IdpPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", STUDENT_ID_CLAIM],
    },
    findAccount: async (_ctx: unknown, sub: string) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...person }) };
    },
    cookies: { keys: ["oidc-test-cookie-key"] },
    features: { devInteractions: { enabled: true } },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, "127.0.0.1", () => resolve(s));
  });
  return {
    issuer,
    people,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
