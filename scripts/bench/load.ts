/** Load by autocannon: the reads' figures and the ceilings'. */
import autocannon from "autocannon";
import { CONNECTIONS, DURATION_S, WARMUP_S } from "./config";
import { percentile } from "./stats";

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface LoadOptions {
  /** One cookie for every request, or several taken in turn (request k has cookie k mod their number). */
  cookie?: string | string[];
  connections?: number;
}

/**
 * GETs of `paths` for `seconds`; with several paths, each request takes the next one in order
 * (one rotation shared by all connections), and likewise with several cookies.
 */
export function load(base: string, paths: string[], seconds: number, o: LoadOptions = {}) {
  const cookies = o.cookie === undefined ? [] : [o.cookie].flat();
  return new Promise<Figures>((resolve, reject) => {
    const times: number[] = [];
    let k = 0;
    const run = autocannon(
      {
        url: base,
        connections: o.connections ?? CONNECTIONS,
        duration: seconds,
        headers: cookies.length === 1 ? { cookie: cookies[0] } : {},
        requests: [
          {
            method: "GET",
            path: paths[0],
            setupRequest: (req) => {
              const i = k++;
              const path = paths[i % paths.length];
              if (cookies.length < 2) return { ...req, path };
              return { ...req, path, headers: { ...req.headers, cookie: cookies[i % cookies.length] } };
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const sorted = Float64Array.from(times).sort();
        resolve({
          rps: r.requests.average,
          p50: percentile(sorted, 0.5),
          p99: percentile(sorted, 0.99),
          errors: r.errors + r.timeouts + r.non2xx,
          requests: r.requests.total,
        });
      },
    );
    // Every 2xx response's own time, to a hundredth of a ms (autocannon's percentiles are whole ms).
    run.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
}

export async function measure(base: string, paths: string[], cookie?: string | string[]): Promise<Figures> {
  await load(base, paths, WARMUP_S, { cookie });
  return load(base, paths, DURATION_S, { cookie });
}
