/** What the server's own machinery keeps: the email outbox and the scheduler's jobs. */
import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

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
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    kind: text("kind").notNull(),
    /** One file sent with the email, e.g. a defense's invitation (.ics, with its iCalendar METHOD). */
    attachment: jsonb("attachment").$type<EmailAttachment>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
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
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
  lastError: text("last_error"),
});
