/** The processes the benchmark starts beside itself: the app servers and the ceilings' baseline. */
import { type ChildProcess, spawn } from "node:child_process";
import { root } from "./config";

export interface Proc {
  child: ChildProcess;
  /** The last of what it printed (for errors). */
  output(): string;
}

export async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeArgs: string[] = [],
): Promise<Proc> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const proc = { child, output: () => out };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    try {
      if ((await fetch(readyUrl)).ok) return proc;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${script} did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopProcess(proc: Proc | undefined) {
  if (!proc) return;
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const force = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await done;
  clearTimeout(force);
}

export function alive(proc: Proc | undefined, what: string) {
  if (proc && proc.child.exitCode !== null) throw new Error(`${what} exited:\n${proc.output()}`);
}
