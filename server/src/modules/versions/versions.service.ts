import type { Version, versionInputSchema } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { iso } from "../../db/query";
import type { RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { assertOwnDocument } from "../files/documents";
import { proposalCommand } from "../proposals/command";
import { factsToRead } from "../proposals/transition";
import { insertVersion, selectVersions } from "./versions.repository";

/** Every version of a proposal whose versions the caller may read (404 otherwise), newest first. */
export async function listVersions(db: Db, user: SessionUser, proposalId: string): Promise<Version[]> {
  await factsToRead(db, proposalId, user, "versions");
  return (await selectVersions(db, proposalId)).map((v) => ({
    id: v.id,
    number: v.number,
    title: v.title,
    abstract: v.abstract,
    note: v.note,
    author: v.author_id ? { id: v.author_id, name: v.author_name ?? "" } : null,
    createdAt: iso(v.created_at),
    document: v.document,
  }));
}

/**
 * A member answers "Changes requested" with a new version (title, abstract, optional PDF, note)
 * before the term's revisions close (DESIGN.md §9): the proposal is Pending again, its review due
 * counted from now, and its supervisor is told.
 */
export function submitVersion(
  ctx: RequestContext<SessionUser>,
  proposalId: string,
  input: z.output<typeof versionInputSchema>,
): Promise<Proposal> {
  return proposalCommand(ctx, proposalId, async (_found, c) => {
    if (input.documentId) await assertOwnDocument(c.db, input.documentId, ctx.by.id);
    return {
      action: "resubmit",
      text: input.note,
      set: () => ({ title: input.title, abstract: input.abstract }),
      after: async () => {
        const number = await insertVersion(c.db, {
          proposalId,
          title: input.title,
          abstract: input.abstract,
          documentId: input.documentId ?? null,
          note: input.note || null,
          authorId: ctx.by.id,
          at: c.now,
        });
        return {
          title: input.title,
          text: input.note ? `Version ${number}: ${input.note}` : `Version ${number}`,
        };
      },
    };
  });
}
