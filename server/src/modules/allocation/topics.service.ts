import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import type {
  Topic,
  TopicList,
  topicInputSchema,
  topicListQuery,
  topicPatchSchema,
} from "@shared/schemas/allocation";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { counted, iso, pageWindow } from "../../db/query";
import { ConflictError, fieldError, NotFoundError } from "../../lib/errors";
import { inTransaction, type RequestContext } from "../../lib/request-context";
import type { SessionUser } from "../../plugins/auth";
import { recordIn } from "../activity/activity.repository";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import { concernedBy } from "../proposals/transition.repository";
import { selectCurrentTerm } from "../terms/terms.repository";
import {
  insertTopic,
  selectAllocationTerm,
  selectTopic,
  selectTopicPage,
  supervisesCell,
  type TopicRow,
  updateTopic,
  withdrawTopicRows,
} from "./topics.repository";

export function toTopic(r: TopicRow): Topic {
  return {
    id: r.id,
    termId: r.term_id,
    title: r.title,
    description: r.description,
    type: r.type,
    researchCell: { id: r.cell_id, title: r.cell_title },
    supervisor: { id: r.supervisor_id, name: r.supervisor_name },
    capacity: r.capacity,
    applicants: r.applicants,
    placed: r.placed,
    withdrawn: r.withdrawn_at !== null,
    createdAt: iso(r.created_at),
  };
}

/**
 * Opens the term for a change to what the allocation reads (DESIGN.md §11): it must allocate
 * topics and not be published yet. Its row is held FOR SHARE until the change commits, so a
 * publication (FOR UPDATE) waits for the change, or the change waits for it and is refused. Call it
 * before locking anything else: the publication locks the term first, then the term's groups.
 * Whether a draft is out of date is not recorded here but decided from the inputs themselves
 * (allocation/inputs.ts).
 */
export async function openForChange(tx: Db, termId: string) {
  const term = await selectAllocationTerm(tx, termId, "share");
  if (!term) throw new NotFoundError(MSG.termNotFound);
  if (term.mode !== "allocation") throw new ConflictError(MSG.notAllocationTerm(term.name));
  if (term.allocation_published_at) throw new ConflictError(MSG.allocationFrozen(term.name));
  return term;
}

/** A term's topics, by title: the current term unless one is named; a supervisor's own include withdrawn ones. */
export async function listTopics(
  db: Db,
  user: SessionUser,
  q: z.output<typeof topicListQuery>,
): Promise<TopicList> {
  const termId = q.termId ?? (await selectCurrentTerm(db))!.id;
  const { limit, offset, cap } = pageWindow(q, LIMITS.listCountMax);
  const mine = q.mine && user.role === "supervisor";
  const page = await selectTopicPage(db, {
    termId,
    q: q.q || undefined,
    researchCellId: q.researchCellId,
    supervisorId: mine ? user.id : q.supervisorId,
    withdrawn: mine,
    limit,
    offset,
    cap,
  });
  return { items: page.rows.map(toTopic), ...counted(page.total, cap) };
}

/** A supervisor publishes a topic in an allocation term, in one of their cells. */
export async function createTopic(
  ctx: RequestContext<SessionUser>,
  input: z.output<typeof topicInputSchema>,
): Promise<Topic> {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    await openForChange(tx, input.termId);
    if (!(await supervisesCell(tx, c.by.id, input.researchCellId)))
      throw fieldError("researchCellId", MSG.notYourCell);
    const id = await insertTopic(tx, { ...input, supervisorId: c.by.id, at: c.now });
    await recordIn(c, "allocation", "topicCreate", { subjectId: id, subjectName: input.title });
    return toTopic((await selectTopic(tx, id))!);
  });
}

/**
 * The supervisor's own topic (404 for anyone else's), its term opened for the change first and
 * then the topic held until the change commits.
 */
async function ownTopic(tx: Db, user: SessionUser, id: string) {
  const seen = await selectTopic(tx, id);
  if (!seen || seen.supervisor_id !== user.id) throw new NotFoundError(MSG.topicNotFound);
  await openForChange(tx, seen.term_id);
  return (await selectTopic(tx, id, true))!;
}

export async function editTopic(
  ctx: RequestContext<SessionUser>,
  id: string,
  patch: z.output<typeof topicPatchSchema>,
): Promise<Topic> {
  return inTransaction(ctx, async (c) => {
    const tx = c.db;
    const user = c.by;
    const topic = await ownTopic(tx, user, id);
    if (topic.withdrawn_at) throw new ConflictError(MSG.topicWithdrawn);
    const next = {
      title: patch.title ?? topic.title,
      description: patch.description ?? topic.description,
      type: patch.type ?? topic.type,
      researchCellId: patch.researchCellId ?? topic.cell_id,
      capacity: patch.capacity ?? topic.capacity,
    };
    if (patch.researchCellId && !(await supervisesCell(tx, user.id, patch.researchCellId)))
      throw fieldError("researchCellId", MSG.notYourCell);
    await updateTopic(tx, id, next);
    await recordIn(c, "allocation", "topicUpdate", { subjectId: id, subjectName: next.title });
    return toTopic((await selectTopic(tx, id))!);
  });
}

/**
 * The supervisor withdraws a topic until the allocation is published: it leaves every preference
 * list, and the groups whose lists it left are told.
 */
export async function withdrawTopic(ctx: RequestContext<SessionUser>, id: string): Promise<Topic> {
  return inTransaction(ctx, async (c) => {
    const { db: tx, by: user, emit } = c;
    const topic = await ownTopic(tx, user, id);
    if (topic.withdrawn_at) throw new ConflictError(MSG.topicWithdrawn);
    const groups = await withdrawTopicRows(tx, id, c.now);
    await recordIn(c, "allocation", "topicWithdraw", { subjectId: id, subjectName: topic.title });
    const subject = "A topic you ranked was withdrawn";
    const what = `${user.name} withdrew the topic "${topic.title}", so it has left your group's list of preferences. Check your list and rank another topic if you wish.`;
    for (const proposalId of groups) {
      const { members } = await concernedBy(tx, proposalId);
      await enqueueEmails(
        tx,
        members,
        emails.proposalChanged({
          title: topic.title,
          subject,
          what,
          link: `${c.publicUrl}/student/proposals/${proposalId}`,
        }),
      );
      // The live event in the email's words (issue 30): the toast says what happened.
      emit(members, {
        type: "proposal.changed",
        proposalId,
        title: topic.title,
        action: "topicWithdraw",
        status: "Awaiting allocation",
        by: user.name,
        headline: subject,
        message: what,
      });
    }
    return toTopic((await selectTopic(tx, id))!);
  });
}
