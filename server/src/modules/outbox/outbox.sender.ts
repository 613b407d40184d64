import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import type { EmailAttachment } from "../../db/schema";
import type { RepeatingWork } from "../../lib/scheduler";
import { claimDueEmails, markEmailFailed, markEmailsSent } from "./outbox.repository";

export interface SenderOptions {
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** First retry delay; doubles per attempt up to an hour. */
  backoffBaseMs?: number;
  batch?: number;
}

const LEASE_SECONDS = 120;

/**
 * What nodemailer sends of an email's file: an iCalendar invitation as its text/calendar part with
 * its METHOD (so mail programs offer to add, update or remove the event), anything else attached.
 */
const mailAttachment = (a: EmailAttachment | null) =>
  !a
    ? {}
    : a.method
      ? { icalEvent: { method: a.method, filename: a.filename, content: a.content } }
      : { attachments: [{ filename: a.filename, contentType: a.contentType, content: a.content }] };
const MAX_BACKOFF_MS = 3_600_000;

/**
 * Delivers the outbox. Each instance runs one, through its scheduler; rows are claimed with a short lease
 * (FOR UPDATE SKIP LOCKED) so two instances never send the same email, and a crash mid-send
 * only delays it until the lease runs out. Failures are retried with backoff, never dropped.
 */
export class OutboxSender {
  private running: Promise<number> | null = null;
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    private readonly options: SenderOptions,
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl, {
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as object)
      : null;
  }

  /**
   * The sender as the scheduler runs it on every instance (server/src/lib/scheduler.ts): a pass
   * each poll interval, and at once again after a full batch, since more may be waiting (a burst
   * of submissions).
   */
  work(): RepeatingWork {
    return {
      name: "outbox",
      everyMs: this.options.pollMs ?? 1000,
      run: async () => (await this.tick()) >= (this.options.batch ?? 20),
    };
  }

  /** After the scheduler has stopped: waits for a pass under way and closes the SMTP connection. */
  async close() {
    await this.running?.catch(() => {});
    this.transport?.close();
  }

  /** One pass: claims due rows and tries each once. Returns how many were sent. */
  tick(): Promise<number> {
    if (!this.running) {
      this.running = this.pass().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /** Sends until nothing is due (tests and shutdown). */
  async drain(maxPasses = 20): Promise<void> {
    for (let i = 0; i < maxPasses; i++) if ((await this.tick()) === 0) return;
  }

  private async pass(): Promise<number> {
    const rows = await claimDueEmails(this.db, this.options.batch ?? 20, LEASE_SECONDS);
    // Delivered ones are marked together after the batch (one statement, not one per email):
    // a crash in between re-sends at most that batch once its lease runs out (at least once).
    const delivered: number[] = [];
    try {
      for (const row of rows) {
        try {
          if (this.transport) {
            await this.transport.sendMail({
              from: this.options.from,
              to: row.toEmail,
              subject: row.subject,
              text: row.body,
              ...mailAttachment(row.attachment),
            });
          } else {
            this.options.log.info(
              { to: row.toEmail, subject: row.subject, body: row.body, attachment: row.attachment?.filename },
              "email (SMTP_URL unset: logged, not sent)",
            );
          }
          delivered.push(row.id);
        } catch (err) {
          const attempts = row.attempts + 1;
          const delay = Math.min(MAX_BACKOFF_MS, (this.options.backoffBaseMs ?? 5_000) * 2 ** (attempts - 1));
          this.options.log.warn(
            { err, outboxId: row.id, attempts, retryInMs: delay },
            "outbox: delivery failed; will retry",
          );
          await markEmailFailed(
            this.db,
            row.id,
            attempts,
            String((err as Error).message ?? err).slice(0, 500),
            new Date(Date.now() + delay),
          );
        }
      }
    } finally {
      if (delivered.length) await markEmailsSent(this.db, delivered);
    }
    return delivered.length;
  }
}
