import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { selectRows } from "../../db/query";
import { activity, proposalMembers, proposals, users } from "../../db/schema";

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Holds the rows of these proposals until the transaction ends, always in id order, so that two
 * transactions locking overlapping sets wait for each other instead of deadlocking.
 */
export async function lockProposals(db: Db, ids: string[]) {
  const sorted = [...new Set(ids)].sort();
  if (!sorted.length) return;
  await db.execute(sql`select 1 from ${proposals} where id in (${uuids(sorted)}) order by id for update`);
}

/** The proposals of the term, other than `except`, to which these students have an open invitation. */
export async function openInvitationsOf(db: Db, userIds: string[], termId: string, except: string | null) {
  if (!userIds.length) return [];
  return selectRows<{ proposal_id: string; user_id: string; name: string }>(
    db,
    sql`select m.proposal_id, m.user_id, u.name from ${proposalMembers} m join ${users} u on u.id = m.user_id
         where m.user_id in (${uuids(userIds)}) and m.term_id = ${termId} and m.state = 'invited'
           ${except ? sql`and m.proposal_id <> ${except}` : sql``}
         order by m.proposal_id`,
  );
}

/** Sets one invitation's answer, if it is still open; true when it was. */
export async function answerInvitationRow(
  db: Db,
  proposalId: string,
  userId: string,
  state: "accepted" | "declined",
) {
  const rows = await selectRows<{ ok: 1 }>(
    db,
    sql`update ${proposalMembers} set state = ${state}, active = ${state === "accepted"}
         where proposal_id = ${proposalId} and user_id = ${userId} and state = 'invited' returning 1 as ok`,
  );
  return rows.length > 0;
}

/** Every invitation of the proposal still open is declined (submissions closed); who they were. */
export function declineOpenInvitations(db: Db, proposalId: string) {
  return selectRows<{ user_id: string; name: string }>(
    db,
    sql`update ${proposalMembers} m set state = 'declined' from ${users} u
         where m.proposal_id = ${proposalId} and m.state = 'invited' and u.id = m.user_id
        returning m.user_id, u.name`,
  );
}

/**
 * The times of the invitations the sender sent since `since`, oldest first, with the sender's row
 * locked first (FOR NO KEY UPDATE, which foreign-key checks do not wait for), so one student's
 * simultaneous submissions count one after the other, each seeing those committed before it.
 */
export async function invitationsSentSince(db: Db, senderId: string, since: Date) {
  await db.execute(sql`select 1 from ${users} where id = ${senderId} for no key update`);
  return selectRows<{ at: string }>(
    db,
    sql`select a.at from ${activity} a
         where a.actor_id = ${senderId} and a.kind = 'invitation' and a.action = 'invite'
           and a.at > ${since.toISOString()}::timestamptz
         order by a.at`,
  );
}
