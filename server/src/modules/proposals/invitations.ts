import type { LiveEvent } from "@shared/schemas/events";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { proposalMembers, proposals, users } from "../../db/schema";
import type { LifeContext } from "./life-context";
import { type Happening, tell } from "./tell";
import { type Actor, applyTransition, partiesFromFacts } from "./transition";
import { selectLifeFacts } from "./transition.repository";

type Emit = (to: Iterable<string>, event: LiveEvent) => void;

/**
 * Holds the rows of these proposals until the transaction ends, always in id order, so that two
 * transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export async function lockProposals(db: Db, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  if (!sorted.length) return;
  await db.execute(
    sql`select 1 from ${proposals} where id in (${sql.join(
      sorted.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by id for update`,
  );
}

/** The proposals of the term, other than `except`, to which these students have an open invitation. */
export async function openInvitationsOf(db: Db, userIds: string[], termId: string, except: string | null) {
  if (!userIds.length) return [];
  return selectRows<{ proposal_id: string; user_id: string }>(
    db,
    sql`select m.proposal_id, m.user_id from ${proposalMembers} m
         where m.user_id in (${sql.join(
           userIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )}) and m.term_id = ${termId} and m.state = 'invited'
           ${except ? sql`and m.proposal_id <> ${except}` : sql``}
         order by m.proposal_id`,
  );
}

/** Sets one invitation's answer, if it is still open; true when it was. */
async function answer(db: Db, proposalId: string, userId: string, state: "accepted" | "declined") {
  const rows = await selectRows<{ ok: 1 }>(
    db,
    sql`update ${proposalMembers} set state = ${state}, active = ${state === "accepted"}
         where proposal_id = ${proposalId} and user_id = ${userId} and state = 'invited' returning 1 as ok`,
  );
  return rows.length > 0;
}

/**
 * One student's answer to one invitation, as a transition of the table (accept or decline, or
 * decline recorded as joinedElsewhere): the proposal's row must already be locked. When it leaves
 * nobody to answer, the group is complete and the proposal moves on (Pending, or Awaiting
 * allocation); the creator, and then the supervisor and the members, are told.
 */
export async function recordAnswer(
  tx: Db,
  emit: Emit,
  ctx: LifeContext,
  proposalId: string,
  student: NonNullable<Actor>,
  how: "accept" | "decline" | "joinedElsewhere",
) {
  const facts = (await selectLifeFacts(tx, proposalId, student.id))!;
  const parties = partiesFromFacts(student, facts);
  if (!(await answer(tx, proposalId, student.id, how === "accept" ? "accepted" : "declined"))) return null;
  const result = await applyTransition(tx, facts, {
    action: how === "accept" ? "accept" : "decline",
    record: how,
    actor: student,
    parties,
    now: ctx.now,
    kind: "invitation",
    subject: { id: student.id, name: student.name },
    lastAnswer: facts.open_invitations - 1 === 0,
  });
  await tell(tx, emit, happening(ctx, facts, result, { action: how, actor: student, subject: student }));
  return { facts, result };
}

export function happening(
  ctx: LifeContext,
  facts: Awaited<ReturnType<typeof selectLifeFacts>> & object,
  result: { from: Happening["from"]; to: Happening["to"] },
  h: Pick<Happening, "action" | "actor"> & Partial<Happening>,
): Happening {
  return {
    publicUrl: ctx.publicUrl,
    proposalId: facts.id,
    title: facts.title,
    termName: facts.term_name,
    creatorId: facts.created_by,
    supervisorName: facts.supervisor_name,
    from: result.from,
    to: result.to,
    ...h,
  };
}

/**
 * A student took their one place in the term (submitted, accepted, or was restored to a reopened
 * proposal): their other open invitations in the term are declined in the same transaction, and
 * each creator is told (DESIGN.md §9). The proposals are locked in id order first.
 */
export async function declineOtherInvitations(
  tx: Db,
  emit: Emit,
  ctx: LifeContext,
  studentIds: string[],
  termId: string,
  except: string | null,
) {
  const open = await openInvitationsOf(tx, studentIds, termId, except);
  if (!open.length) return;
  await lockProposals(
    tx,
    open.map((o) => o.proposal_id),
  );
  const names = await selectRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from ${users} where id in (${sql.join(
      [...new Set(open.map((o) => o.user_id))].map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  for (const o of open) {
    const name = names.find((n) => n.id === o.user_id)?.name ?? "";
    await recordAnswer(
      tx,
      emit,
      ctx,
      o.proposal_id,
      { id: o.user_id, name, role: "student" },
      "joinedElsewhere",
    );
  }
}
