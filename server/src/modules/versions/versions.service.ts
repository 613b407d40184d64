import type { Version, versionInputSchema } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { transactionWithEvents } from "../../lib/events";
import type { SessionUser } from "../../plugins/auth";
import { assertOwnDocument } from "../files/documents";
import { happening } from "../proposals/invitations";
import type { LifeContext } from "../proposals/life-context";
import { proposalById } from "../proposals/proposals.service";
import { tell } from "../proposals/tell";
import { applyTransition, factsFor, factsToRead } from "../proposals/transition";
import { insertVersion, selectVersions } from "./versions.repository";

const iso = (d: string) => new Date(d).toISOString();

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
export async function submitVersion(
  db: Db,
  ctx: LifeContext,
  user: SessionUser,
  proposalId: string,
  input: z.output<typeof versionInputSchema>,
): Promise<Proposal> {
  return transactionWithEvents(db, async (tx, emit) => {
    const { facts, parties } = await factsFor(tx, proposalId, user);
    if (input.documentId) await assertOwnDocument(tx, input.documentId, user.id);
    let number = 0;
    const result = await applyTransition(tx, facts, {
      action: "resubmit",
      actor: user,
      parties,
      now: ctx.now,
      text: input.note,
      set: () => ({ title: input.title, abstract: input.abstract }),
    });
    number = await insertVersion(tx, {
      proposalId,
      title: input.title,
      abstract: input.abstract,
      documentId: input.documentId ?? null,
      note: input.note || null,
      authorId: user.id,
      at: ctx.now,
    });
    await tell(
      tx,
      emit,
      happening({ ...ctx }, { ...facts, title: input.title }, result, {
        action: "resubmit",
        actor: user,
        text: input.note ? `Version ${number}: ${input.note}` : `Version ${number}`,
      }),
    );
    return proposalById(tx, proposalId);
  });
}
