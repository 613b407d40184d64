/**
 * Hostile uploads (DESIGN.md §21): ten students each upload a hostile PDF at once (object streams
 * that inflate to 400 MiB, one of them broken at the end, and PDFs of 200,000 pages), while
 * GET /api/health is asked one request after another. The figure is the health check's p99 while
 * the uploads are in flight (target under 100 ms); each upload's answer and time, and the server's
 * memory, are reported beside it. Then the same with ten valid PDFs of 20 MB, which are kept: what
 * the main thread still does with an upload (reading it, handing it to the database) shows there.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { manyPagesPdf, objectStreamBomb } from "../../server/src/test/hostile-pdf";
import { makeLargePdf, multipartFile } from "../../server/src/test/pdf";
import { send, unlimitedAgent } from "./http";
import { round2, type Spread, spread, tally } from "./stats";

export interface UploadsOptions {
  base: URL;
  client: pg.Client;
  serverPid: number;
  mint: (userIds: string[]) => Promise<string[]>;
}

export interface Round {
  files: { kind: string; bytes: number }[];
  uploadStatus: Record<string, number>;
  upload: Spread;
  health: Spread;
  healthStatus: Record<string, number>;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  seconds: number;
}

export interface UploadsFigures extends Round {
  /** Health answers before the uploads started (the same loop, 2 s), for comparison. */
  idleHealth: Spread;
  /** The same with ten valid PDFs of 20 MB. */
  valid?: Round;
}

export const HEALTH_TARGET_MS = 100;

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};

/** GET /api/health one request after another until `until` settles; each answer's time and status. */
async function pollHealth(base: URL, until: Promise<unknown>) {
  const agent = unlimitedAgent(true);
  const times: number[] = [];
  const statuses: string[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const a = await send(agent, base, "GET", "/api/health", "", undefined, 60_000);
    times.push(a.ms);
    statuses.push(String(a.status));
  }
  agent.destroy();
  return { times, statuses };
}

/** Ten uploads at once, one per student, while the health check is asked; the figures. */
async function round(o: UploadsOptions, cookies: string[], files: { kind: string; bytes: Buffer }[]) {
  const rssBeforeMiB = rssMiB(o.serverPid);
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, rssMiB(o.serverPid));
  }, 50);
  const started = performance.now();
  const uploads = Promise.all(
    files.map(async (f, i) => {
      const part = multipartFile(f.bytes, `upload-${i}.pdf`);
      const t = performance.now();
      try {
        const res = await fetch(new URL("/api/files", o.base), {
          method: "POST",
          headers: { ...part.headers, cookie: cookies[i], origin: o.base.origin },
          body: part.payload,
          signal: AbortSignal.timeout(180_000),
        });
        await res.arrayBuffer();
        return { status: String(res.status), ms: performance.now() - t };
      } catch (err) {
        return { status: `error: ${(err as Error).name}`, ms: performance.now() - t };
      }
    }),
  );
  const health = await pollHealth(o.base, uploads);
  const answers = await uploads;
  const seconds = round2((performance.now() - started) / 1000);
  clearInterval(sampler);
  return {
    files: files.map((f) => ({ kind: f.kind, bytes: f.bytes.length })),
    uploadStatus: tally(answers.map((a) => a.status)),
    upload: spread(answers.map((a) => a.ms)),
    health: spread(health.times),
    healthStatus: tally(health.statuses),
    rssBeforeMiB: Math.round(rssBeforeMiB),
    rssPeakMiB: Math.round(rssPeakMiB),
    seconds,
  };
}

export async function runUploadsBench(o: UploadsOptions): Promise<UploadsFigures> {
  const tag = randomBytes(3).toString("hex");
  const bomb = objectStreamBomb(400);
  const broken = objectStreamBomb(400, true);
  const pages = manyPagesPdf(200_000);
  const hostile = [
    ...Array.from({ length: 4 }, () => ({ kind: "object stream inflating to 400 MiB", bytes: bomb })),
    ...Array.from({ length: 3 }, () => ({ kind: "the same, broken at the end", bytes: broken })),
    ...Array.from({ length: 3 }, () => ({ kind: "200,000 pages", bytes: pages })),
  ];
  // One student each, so that no per-user limit is what refuses them.
  const { rows } = await o.client.query<{ id: string }>(
    `insert into users (name, email, role, student_id)
     select 'Uploader ' || i, 'uploader-' || $1 || '-' || i || '@example.edu', 'student', 'U' || $1 || i
       from generate_series(1, $2::int) as i
     returning id`,
    [tag, hostile.length],
  );
  const cookies = await o.mint(rows.map((r) => r.id));

  const idle = await pollHealth(o.base, new Promise((r) => setTimeout(r, 2000)));
  const figures: UploadsFigures = { ...(await round(o, cookies, hostile)), idleHealth: spread(idle.times) };
  const valid = makeLargePdf(20 * 1024 * 1024 - 4096);
  figures.valid = await round(
    o,
    cookies,
    hostile.map(() => ({ kind: "valid PDF of 20 MB", bytes: valid })),
  );
  return figures;
}

/** Answers by status, as the report writes them: "200: 9, 413: 1". */
const answers = (byStatus: Record<string, number>) =>
  Object.entries(byStatus)
    .map(([s, c]) => `${s}: ${c}`)
    .join(", ");

/** The rows a round's table ends with: its uploads' answers and times, the server's memory. */
const uploadRows = (r: Round) => [
  `| upload answers | ${answers(r.uploadStatus)} |`,
  `| upload time p50 / max | ${r.upload.p50} / ${r.upload.max} ms |`,
  `| all ten answered in | ${r.seconds} s |`,
  `| server RSS before / peak | ${r.rssBeforeMiB} / ${r.rssPeakMiB} MiB |`,
  "",
];

/** The section of docs/performance.md. */
export function uploadsReport(u: UploadsFigures | undefined): string[] {
  const L = ["## Hostile uploads", ""];
  if (!u) return [...L, "Not run (the run stopped before it).", ""];
  const kinds = tally(u.files.map((f) => `${f.kind} (${(f.bytes / 2 ** 20).toFixed(1)} MiB)`));
  const met = u.health.p99 < HEALTH_TARGET_MS && !Object.keys(u.healthStatus).some((s) => s !== "200");
  L.push(
    `Ten students at once each upload a hostile PDF (POST /api/files): ${Object.entries(kinds)
      .map(([k, c]) => `${c} × ${k}`)
      .join(
        ", ",
      )}. Meanwhile GET /api/health is asked one request after another until the last upload has its answer. ` +
      "Memory is the server process's VmRSS, sampled every 50 ms.",
    "",
    "| | |",
    "|---|---:|",
    `| **GET /api/health p99 while the uploads run (target under ${HEALTH_TARGET_MS} ms)** | **${u.health.p99} ms** (${met ? "met" : "missed"}) |`,
    `| GET /api/health p50 / max, answers | ${u.health.p50} / ${u.health.max} ms, ${u.health.n} (${answers(u.healthStatus)}) |`,
    `| GET /api/health p50 / p99 before the uploads | ${u.idleHealth.p50} / ${u.idleHealth.p99} ms |`,
    ...uploadRows(u),
  );
  const v = u.valid;
  if (v)
    L.push(
      "Then the same ten students at once each upload a valid PDF of 20 MB, which is kept (the main thread still reads each upload and hands it to the database):",
      "",
      "| | |",
      "|---|---:|",
      `| GET /api/health p50 / p99 / max, answers | ${v.health.p50} / ${v.health.p99} / ${v.health.max} ms, ${v.health.n} (${answers(v.healthStatus)}) |`,
      ...uploadRows(v),
    );
  return L;
}
