/** What the server's own machinery keeps: the email outbox and the scheduler's jobs. */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt, maybeRef, moment } from "./columns";

// ── email outbox ────────────────────────────────────────────────────────────

/** A file an email carries: text content; `method` marks an iCalendar invitation (text/calendar; method=…). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  method?: string;
}

export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: maybeRef("user_id", () => users.id, "set null"),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    /** One file sent with the email, e.g. a defense's invitation (.ics, with its iCalendar METHOD). */
    attachment: jsonb("attachment").$type<EmailAttachment>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: moment("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: moment("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

// ── scheduled work ──────────────────────────────────────────────────────────

/**
 * One row per job of the scheduler (server/src/lib/scheduler.ts): when it is next due. An
 * instance runs a due job while holding its row (FOR UPDATE SKIP LOCKED) and moves next_run_at
 * in the same transaction, so a run happens once across instances and a missed one runs late.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: moment("next_run_at").notNull(),
  lastRunAt: moment("last_run_at"),
  lastError: text("last_error"),
});
