/**
 * Plain node:http for the scenarios autocannon cannot make: open-loop submissions (each sent at
 * its time whether or not earlier ones answered) and long-lived server-sent event streams.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

/** An agent without a socket limit: nothing the benchmark sends waits for a free connection. */
export const unlimitedAgent = (keepAlive: boolean) =>
  new http.Agent({ keepAlive, maxSockets: Number.POSITIVE_INFINITY });

export interface Answer {
  /** 0 when no HTTP answer came (see `error`). */
  status: number;
  body: string;
  /** performance.now() just before the request was handed to the socket. */
  sentAt: number;
  /** From sentAt until the whole answer had arrived, in ms. */
  ms: number;
  error?: string;
}

export function send(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  cookie: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Answer> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    let sentAt = 0;
    let settled = false;
    const done = (a: Omit<Answer, "sentAt" | "ms">) => {
      if (settled) return;
      settled = true;
      resolve({ ...a, sentAt, ms: performance.now() - sentAt });
    };
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: {
          cookie,
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", (err) => done({ status: 0, body: "", error: err.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error("timeout")));
    req.on("error", (err: NodeJS.ErrnoException) =>
      done({ status: 0, body: "", error: err.code ?? err.message }),
    );
    sentAt = performance.now();
    req.end(payload);
  });
}

export interface EventStream {
  status: number;
  error?: string;
  close(): void;
}

/**
 * Opens GET /api/events and calls `onEvent` for every event with the time its chunk arrived.
 * Resolves once the answer's headers are in (the server subscribes the stream before it sends
 * them), or with status 0 on a network error.
 */
export function openEventStream(
  agent: http.Agent,
  base: URL,
  cookie: string,
  onEvent: (type: string, data: string, at: number) => void,
  onEnd: () => void,
): Promise<EventStream> {
  return new Promise((resolve) => {
    const req = http.request({
      host: base.hostname,
      port: base.port,
      method: "GET",
      path: "/api/events",
      agent,
      headers: { cookie, accept: "text/event-stream" },
    });
    const close = () => req.destroy();
    req.on("error", (err: NodeJS.ErrnoException) => {
      resolve({ status: 0, error: err.code ?? err.message, close });
      onEnd();
    });
    req.on("response", (res) => {
      resolve({ status: res.statusCode ?? 0, close });
      res.setEncoding("utf8");
      let buffer = "";
      res.on("data", (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) type = line.slice(6).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
          }
          if (data.length) onEvent(type, data.join("\n"), at);
        }
      });
      res.on("close", onEnd);
      res.on("error", () => {});
    });
    req.end();
  });
}

/** Runs `fn` over `items` with at most `limit` at a time; results in the items' order. */
export async function pooled<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i], i);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
