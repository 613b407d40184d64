import { type ResourceLimits, type Transferable, Worker } from "node:worker_threads";

/** Every worker is busy and the queue is full: the caller should answer 503 and come back. */
export class PoolBusyError extends Error {
  constructor() {
    super("every worker is busy and the queue is full");
  }
}

/** The job passed a limit and its worker was terminated: "time" (its time limit), "memory" (the heap limit) or "crash". */
export class WorkerLimitError extends Error {
  constructor(readonly reason: "time" | "memory" | "crash") {
    super(`the worker stopped: ${reason}`);
  }
}

export interface WorkerPoolOptions {
  /** The worker's entry (JavaScript: Node starts it without the parent's loader). */
  file: URL;
  /** Workers at most, each running one job at a time; started when first needed. */
  threads: number;
  /** Jobs that wait for a worker at most; past it `run` refuses at once with PoolBusyError. */
  queueMax: number;
  /** Each worker's heap limits (a worker that passes them is terminated). */
  resourceLimits: ResourceLimits;
}

interface Job {
  message: unknown;
  transfer: Transferable[];
  timeLimitMs: number;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/**
 * A bounded pool of worker threads for work that must never hold the main thread (decision
 * 0037). Unlike the pool libraries, whose cancellation also runs while a job waits in the queue,
 * a job's time limit starts when a worker takes it; a worker that passes a limit is terminated
 * and replaced, and its job is refused with WorkerLimitError.
 */
export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Jobs running or waiting now. */
  get pending(): number {
    return this.queue.length + [...this.slots].filter((s) => s.job).length;
  }

  run(message: In, options: { timeLimitMs: number; transfer?: Transferable[] }): Promise<Out> {
    if (this.closed) return Promise.reject(new Error("the worker pool is closed"));
    return new Promise<Out>((resolve, reject) => {
      const job: Job = {
        message,
        transfer: options.transfer ?? [],
        timeLimitMs: options.timeLimitMs,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      const idle = [...this.slots].find((s) => s.ready && !s.job);
      if (idle) return this.start(idle, job);
      const starting = [...this.slots].filter((s) => !s.ready).length;
      if (this.slots.size < this.options.threads) this.spawn();
      else if (this.queue.length >= this.options.queueMax + starting) return reject(new PoolBusyError());
      this.queue.push(job);
    });
  }

  /** Terminates every worker; jobs still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error("the worker pool is closed"));
    await Promise.all([...this.slots].map((s) => this.discard(s, "crash")));
  }

  private spawn() {
    const worker = new Worker(this.options.file, {
      resourceLimits: this.options.resourceLimits,
      // Not the parent's flags (tsx, profiling): the entry is plain JavaScript.
      execArgv: [],
    });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on("message", (message: unknown) => {
      // A late answer from a worker already discarded (past its time limit) counts for nothing.
      if (!this.slots.has(slot)) return;
      if (!slot.ready) {
        slot.ready = true;
        return this.next(slot);
      }
      const job = slot.job;
      clearTimeout(slot.timer);
      slot.job = undefined;
      job?.resolve(message);
      this.next(slot);
    });
    worker.on("error", (err: Error & { code?: string }) =>
      this.discard(slot, err.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "crash"),
    );
    worker.on("exit", () => this.discard(slot, "crash"));
  }

  private start(slot: Slot, job: Job) {
    // A worker with a job keeps the process alive (a script awaiting a check); an idle one does not.
    slot.worker.ref();
    slot.job = job;
    slot.timer = setTimeout(() => this.discard(slot, "time"), job.timeLimitMs);
    slot.worker.postMessage(job.message, job.transfer);
  }

  private next(slot: Slot) {
    const job = this.queue.shift();
    if (job) this.start(slot, job);
    else slot.worker.unref();
  }

  private async discard(slot: Slot, reason: WorkerLimitError["reason"]) {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    slot.job?.reject(new WorkerLimitError(reason));
    const failedToStart = !slot.ready;
    await slot.worker.terminate();
    if (this.closed) return;
    // A worker that cannot even start would fail again: refuse what waits instead of looping.
    if (failedToStart) for (const job of this.queue.splice(0)) job.reject(new WorkerLimitError(reason));
    else if (this.queue.length) this.spawn();
  }
}
