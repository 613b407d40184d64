import type { FastifyBaseLogger } from "fastify";

/**
 * Work that a request starts and does not wait for, such as the email of a forgot-password
 * request: its answer then takes the same time whether or not the work found anything to do.
 * A failure is logged; closing the app waits for what is still running, and tests wait with
 * `settled()`.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task = (async () => {
      try {
        await work();
      } catch (err) {
        this.log.error({ err, task: name }, "background task failed");
      }
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Resolves once every task started so far has finished. */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
