import { partiesOf } from "@shared/proposal-life";
import type { MyData } from "@shared/schemas/accounts";
import type { Db } from "../../db/client";
import type { SessionUser } from "../../plugins/auth";
import { pictureUrl } from "../accounts/user-dto";
import { ownProposals } from "../proposals/proposals.service";
import {
  selectAccount,
  selectMessages,
  selectNoticesReceived,
  selectNoticesSent,
  selectTimeline,
  selectVersions,
} from "./my-data.repository";

/**
 * "Download my data" (DESIGN.md §12): everything ThesisDesk holds about the caller, one section a
 * statement. Secrets stay out (password hashes, session and OAuth tokens). It holds only what the
 * caller may see today (§21), by the screens' own rule (proposals/visibility.ts), and of what they
 * no longer see only their own past (decision 0039). A new kind of record is one more entry in
 * SECTIONS and in the answer's schema.
 */

type Row = Record<string, unknown>;
type Section = (db: Db, user: SessionUser) => Promise<Row[]>;

const iso = (v: unknown) => (v == null ? null : new Date(String(v)).toISOString());

/** The rows with these fields (times as the database keeps them) as ISO 8601 instants. */
const instants =
  (...fields: string[]) =>
  (rows: Row[]) =>
    rows.map((r) => ({ ...r, ...Object.fromEntries(fields.map((f) => [f, iso(r[f])])) }));

/** The account, with how it signs in and where it is signed in (no secrets). */
async function account(db: Db, user: SessionUser): Promise<Row> {
  const { pictureId, ...row } = await selectAccount(db, user.id);
  const [dated] = instants("createdAt", "updatedAt")([row]);
  return { ...dated, pictureUrl: pictureUrl(pictureId as string | null) };
}

/**
 * The proposals the caller is in, is invited to, or supervises, that they may see today: each as
 * GET /api/proposals/:id answers it (the same projection and rule), with how they relate to it.
 */
const proposalsSection: Section = async (db, user) =>
  (await ownProposals(db, user)).map((p) => ({ ...p, yourRole: partiesOf(user, p)[0] ?? null }));

/** The sections beside the account, in the order the file shows them. */
const SECTIONS = {
  proposals: proposalsSection,
  versions: async (db, user) => instants("createdAt")(await selectVersions(db, user)),
  timeline: async (db, user) => instants("at")(await selectTimeline(db, user)),
  noticesReceived: async (db, user) => instants("sentAt", "readAt")(await selectNoticesReceived(db, user.id)),
  noticesSent: async (db, user) => instants("sentAt")(await selectNoticesSent(db, user.id)),
  messages: async (db, user) => instants("sentAt")(await selectMessages(db, user.id)),
} satisfies Record<string, Section>;

export async function exportMyData(db: Db, user: SessionUser, now: Date): Promise<MyData> {
  const entries = await Promise.all(
    Object.entries(SECTIONS).map(async ([name, read]) => [name, await read(db, user)] as const),
  );
  return {
    exportedAt: now.toISOString(),
    account: await account(db, user),
    ...(Object.fromEntries(entries) as Record<keyof typeof SECTIONS, Row[]>),
  };
}
