import type { Role } from "@shared/enums";
import { inviteeReads, type ProposalPart } from "@shared/proposal-access";
import { type SQL, sql } from "drizzle-orm";
import { proposalMembers, proposalVersions } from "../../db/schema";

export type Viewer = { id: string; role: Role };

/**
 * Who may read a part of a proposal, over `proposals p` (DESIGN.md §4, §9, §21): students the
 * proposals they are accepted members of (the creator is always member 0), and, for the parts an
 * open invitation reads (shared/src/proposal-access.ts), those they are invited to
 * (proposal_members_user_idx); supervisors those addressed to them once they have reached them
 * (been Pending); the committee all. The same rule as `partiesOf` and `mayRead`, for lists,
 * documents and "Download my data".
 */
export function visibleTo(viewer: Viewer, part: ProposalPart = "proposal"): SQL {
  if (viewer.role === "student") {
    const states = inviteeReads(part) ? sql`('accepted', 'invited')` : sql`('accepted')`;
    return sql`p.id in (select m.proposal_id from ${proposalMembers} m
                         where m.user_id = ${viewer.id} and m.state in ${states})`;
  }
  if (viewer.role === "supervisor")
    return sql`(p.supervisor_id = ${viewer.id} and p.pending_since is not null)`;
  return sql`true`;
}

/**
 * Over `proposals p` and its version `v`: the viewer may read that version's document — every
 * version's where they read the versions, else the latest one's where they read the current document.
 */
export const documentVisibleTo = (viewer: Viewer): SQL =>
  sql`(${visibleTo(viewer, "versions")}
       or (${visibleTo(viewer, "currentDocument")}
           and v.number = (select max(l.number) from ${proposalVersions} l where l.proposal_id = p.id)))`;

/**
 * Over `proposals p`: the viewer is a party to it (a member or invitee in any state, or its
 * supervisor), whether or not they may still see it. With `visibleTo`, "their" proposals in
 * "Download my data": for the committee, who sees every proposal, none is theirs.
 */
export const partyTo = (viewer: Viewer): SQL =>
  sql`(p.supervisor_id = ${viewer.id}
       or exists (select 1 from ${proposalMembers} pm where pm.proposal_id = p.id and pm.user_id = ${viewer.id}))`;
