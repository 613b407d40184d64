/**
 * What a browser does during single sign-on, with fetch: keeps each host's cookies, follows
 * redirects across ThesisDesk and the provider, and fills in the provider's development sign-in
 * and consent forms. Ends at ThesisDesk's /login (signed in, or `?error=…`).
 */
class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  header(url: string): string {
    const jar = this.byHost.get(new URL(url).host);
    return jar ? [...jar].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }

  store(url: string, res: Response) {
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    this.byHost.set(host, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === "") jar.delete(name);
      else jar.set(name, value);
    }
  }
}

export interface SsoResult {
  /** Where the browser ended: ThesisDesk's /login, maybe with ?error=… or ?next=…. */
  url: URL;
  /** ThesisDesk's cookies, as a Cookie header. */
  cookie: string;
}

export async function ssoSignIn(baseUrl: string, login: string, next?: string): Promise<SsoResult> {
  const jar = new CookieJar();
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header(url) },
    });
    jar.store(url, res);
    return res;
  };
  const start = await call(`${baseUrl}/api/auth/sso`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(next ? { next } : {}),
  });
  if (start.status !== 200) throw new Error(`sso start: ${start.status} ${await start.text()}`);
  let url: string = (await start.json()).url;
  let res = await call(url);
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(`${baseUrl}/login`)) return { url: new URL(url), cookie: jar.header(baseUrl) };
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url).toString();
      res = await call(url);
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`sso: unexpected page ${res.status} at ${url}: ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="([^"]+)"/)?.[1] ?? "login";
    const form = new URLSearchParams(prompt === "login" ? { prompt, login, password: "any" } : { prompt });
    url = new URL(action.replace(/&amp;/g, "&"), url).toString();
    res = await call(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    });
  }
  throw new Error("sso: too many steps");
}
