import { and, desc, eq } from "drizzle-orm";
import { outbox } from "../db/schema";
import type { TestContext } from "./app";
import type { Received } from "./smtp";

/** The text of a received email: quoted-printable soft breaks and escapes undone. */
export function mailText(mail: Received): string {
  return mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The password link's token in an email body (…/reset-password?token=…). */
export function linkToken(text: string): string {
  const token = text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/)?.[1];
  if (!token) throw new Error(`no password link in: ${text.slice(0, 500)}`);
  return decodeURIComponent(token);
}

/** The emails of a kind written to the outbox for an address, newest first. */
export async function outboxFor(t: TestContext, email: string, kind?: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(kind ? and(eq(outbox.toEmail, email), eq(outbox.kind, kind)) : eq(outbox.toEmail, email))
    .orderBy(desc(outbox.id));
}
