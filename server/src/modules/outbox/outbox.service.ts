import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import type { EmailAttachment } from "../../db/schema";
import { insertEmails, insertEmailTo } from "./outbox.repository";

export interface Email {
  subject: string;
  /** Plain text; a link to the page is appended by the caller's template. */
  body: string;
  kind: string;
  /** A file sent with it (a defense's .ics invitation), the same for every recipient. */
  attachment?: EmailAttachment;
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
  return insertEmails(db, ids, emailTemplate(make), !!options.always);
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
  await insertEmailTo(db, to, make({ name: to.name }));
}
