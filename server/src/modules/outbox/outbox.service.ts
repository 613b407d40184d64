import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { outbox, users } from "../../db/schema";

export interface Email {
  subject: string;
  /** Plain text; a link to the page is appended by the caller's template. */
  body: string;
  kind: string;
}

/** An email made once for many recipients: `marker` stands where each one's name goes. */
export interface EmailTemplate extends Email {
  marker: string;
}

/** Makes the email with a marker (unguessable, so no title can contain it) for the recipient's name. */
export function emailTemplate(make: (user: { name: string }) => Email): EmailTemplate {
  const marker = `{{name:${randomUUID()}}}`;
  return { ...make({ name: marker }), marker };
}

/**
 * Writes emails to the outbox inside the caller's transaction, so an email exists exactly
 * when the change it tells of was committed. Users who turned email notifications off are
 * skipped here, at the source, unless the email is `always` sent (a password link is not a
 * notification); deactivated accounts get nothing. One statement: the template is made once with
 * a marker for the recipient's name, which the database fills in per recipient.
 */
export async function enqueueEmails(
  db: Db,
  userIds: Iterable<string>,
  make: (user: { name: string }) => Email,
  options: { always?: boolean } = {},
) {
  const ids = [...new Set(userIds)];
  if (!ids.length) return 0;
  const email = emailTemplate(make);
  const { marker } = email;
  const rows = await selectRows<{ sent: 1 }>(
    db,
    sql`
    insert into ${outbox} (user_id, to_email, subject, body, kind)
    select u.id, u.email, replace(${email.subject}, ${marker}, u.name), replace(${email.body}, ${marker}, u.name), ${email.kind}
    from ${users} u
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and u.deactivated_at is null${options.always ? sql`` : sql` and u.email_notifications`}
    returning 1 as sent`,
  );
  return rows.length;
}

/**
 * One email to an address that is not the person's current one (the old address, told of a
 * change of email), written inside the caller's transaction like the rest.
 */
export async function enqueueEmailTo(
  db: Db,
  to: { userId: string; email: string; name: string },
  make: (user: { name: string }) => Email,
) {
  const email = make({ name: to.name });
  await db.insert(outbox).values({
    userId: to.userId,
    toEmail: to.email,
    subject: email.subject,
    body: email.body,
    kind: email.kind,
  });
}
