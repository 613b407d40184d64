import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { type EmailAttachment, outbox, users } from "../../db/schema";

/** An email as the outbox stores it (the service's Email). */
interface Email {
  subject: string;
  body: string;
  kind: string;
  attachment?: EmailAttachment;
}

const attachmentJson = (email: Email) => (email.attachment ? JSON.stringify(email.attachment) : null);

/**
 * Writes one email a recipient from a template, in one statement: the database fills each one's
 * name in for the marker. Deactivated accounts get nothing, and those who turned notifications
 * off get nothing unless `always`. Answers how many rows were written.
 */
export async function insertEmails(
  db: Db,
  ids: string[],
  email: Email & { marker: string },
  always: boolean,
) {
  const { marker } = email;
  const rows = await selectRows<{ sent: 1 }>(
    db,
    sql`
    insert into ${outbox} (user_id, to_email, subject, body, kind, attachment)
    select u.id, u.email, replace(${email.subject}, ${marker}, u.name), replace(${email.body}, ${marker}, u.name), ${email.kind},
           ${attachmentJson(email)}::jsonb
    from ${users} u
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and u.deactivated_at is null${always ? sql`` : sql` and u.email_notifications`}
    returning 1 as sent`,
  );
  return rows.length;
}

/** Writes one email to this address for the person. */
export async function insertEmailTo(db: Db, to: { userId: string; email: string }, email: Email) {
  await db.insert(outbox).values({
    userId: to.userId,
    toEmail: to.email,
    subject: email.subject,
    body: email.body,
    kind: email.kind,
    attachment: email.attachment ?? null,
  });
}

export type OutboxRow = Pick<
  typeof outbox.$inferSelect,
  "id" | "toEmail" | "subject" | "body" | "kind" | "attempts" | "attachment"
>;

/**
 * Claims up to `batch` due emails, oldest due first, under a lease of `leaseSeconds`: rows another
 * instance holds are skipped (FOR UPDATE SKIP LOCKED), and a claim lost in a crash is due again
 * once its lease runs out.
 */
export const claimDueEmails = (db: Db, batch: number, leaseSeconds: number) =>
  selectRows<OutboxRow>(
    db,
    sql`
      update ${outbox} set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      where id in (
        select id from ${outbox}
        where sent_at is null and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${batch}
        for update skip locked
      )
      returning id, to_email as "toEmail", subject, body, kind, attempts, attachment`,
  );

/** A failed attempt: counted, its error kept, tried again at `nextAttemptAt`. */
export async function markEmailFailed(
  db: Db,
  id: number,
  attempts: number,
  error: string,
  nextAttemptAt: Date,
) {
  await db.update(outbox).set({ attempts, lastError: error, nextAttemptAt }).where(eq(outbox.id, id));
}

/** These emails were delivered. */
export async function markEmailsSent(db: Db, ids: number[]) {
  await db
    .update(outbox)
    .set({ sentAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(inArray(outbox.id, ids));
}
