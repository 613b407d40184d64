/** Processor time of processes on this machine, from /proc (Linux): the app server's, the database's. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type pg from "pg";

const TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** User and system time of these processes so far, in seconds (a process gone by now counts 0). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command's name (which may hold spaces) in parentheses; utime, stime are 14, 15.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* ended */
    }
  }
  return ticks / TICKS;
}

/** The processes of the database's client connections, other than this client's own. */
export async function databasePids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}
