/**
 * Where to go after signing in (`?next=` of /login, the `next` of single sign-on): a path of this
 * site, never another one (issue 30: no open redirect). Accepted: a path starting with one "/",
 * without a backslash or a control character (browsers drop tabs and newlines from addresses, so
 * "/\t/evil.example" would become "//evil.example"), that still belongs to this site once
 * resolved. Answers the path as resolved, or null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (!next?.startsWith("/") || next.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(next)) return null;
  const base = "http://in-app.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}
