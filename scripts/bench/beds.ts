/** Beds: one seeded database of one size, with the processes that serve it. */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { args, PG_SERVER, SECRET } from "./config";
import type { Fixture } from "./fixture";
import { type Proc, startProcess, stopProcess } from "./processes";

export interface Bed {
  size: number;
  name: string;
  url: string;
  dataDir: string;
  fx?: Fixture;
  basePort: number;
  appUrl: string;
  baseline?: Proc;
  server?: Proc;
}

export async function createBed(size: number, basePort: number): Promise<Bed> {
  const name = `thesisdesk_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    size,
    name,
    url: url.toString(),
    dataDir: mkdtempSync(path.join(os.tmpdir(), "td-bench-")),
    basePort,
    appUrl: `http://127.0.0.1:${basePort + 100}`,
  };
}

export async function dropBed(bed: Bed) {
  await stopProcess(bed.server);
  await stopProcess(bed.baseline);
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${bed.name} with (force)`);
  await admin.end();
  rmSync(bed.dataDir, { recursive: true, force: true });
}

export const startBaseline = (bed: Bed) =>
  startProcess(
    "scripts/bench/baseline.ts",
    { DATABASE_URL: bed.url, PORT: String(bed.basePort) },
    `http://127.0.0.1:${bed.basePort}/const`,
  );

export const startApp = (bed: Bed) =>
  startProcess(
    "server/src/server.ts",
    {
      DATABASE_URL: bed.url,
      DATA_DIR: bed.dataDir,
      NODE_ENV: "production",
      PORT: String(bed.basePort + 100),
      HOST: "127.0.0.1",
      PUBLIC_URL: bed.appUrl,
      LOG_LEVEL: "warn",
      SESSION_SECRET: SECRET,
    },
    `${bed.appUrl}/api/health`,
    args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
  );

/** The PostgreSQL server's version, for the report. */
export async function serverVersion(): Promise<string> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    return (await admin.query<{ server_version: string }>("show server_version")).rows[0].server_version;
  } finally {
    await admin.end();
  }
}
