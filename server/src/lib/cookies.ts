/**
 * Every value sent under a cookie's exact name, as sent (not URI-decoded), in the order sent. A
 * look-alike name never matches; the same name twice gives two values, for the caller to judge.
 */
export function cookieValues(cookieHeader: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const pair of cookieHeader?.split(";") ?? []) {
    const eq = pair.indexOf("=");
    if (eq >= 0 && pair.slice(0, eq).trim() === name) values.push(pair.slice(eq + 1).trim());
  }
  return values;
}

/** A Set-Cookie value for an HttpOnly, same-site cookie; `value` must be cookie-safe already. */
export function setCookie(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds: number; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(options.secure ? ["Secure"] : []),
  ].join("; ");
}
