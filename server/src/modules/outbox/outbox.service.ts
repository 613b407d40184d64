import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox, users } from "../../db/schema";

export interface Email {
  subject: string;
  /** Plain text; a link to the page is appended by the caller's template. */
  body: string;
  kind: string;
}

/**
 * Writes emails to the outbox inside the caller's transaction, so an email exists exactly
 * when the change it tells of was committed. Users who turned email notifications off are
 * skipped here, at the source.
 */
export async function enqueueEmails(
  db: Db,
  userIds: Iterable<string>,
  make: (user: { name: string }) => Email,
) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return 0;
  const recipients = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.emailNotifications, true)));
  if (!recipients.length) return 0;
  await db.insert(outbox).values(
    recipients.map((u) => {
      const email = make(u);
      return { userId: u.id, toEmail: u.email, subject: email.subject, body: email.body, kind: email.kind };
    }),
  );
  return recipients.length;
}
