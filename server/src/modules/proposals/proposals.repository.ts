import type { ProposalStatus, ProposalType, Role } from "@shared/enums";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { countUpTo, int, selectRow, selectRows } from "../../db/query";
import {
  proposalMembers,
  proposals,
  proposalVersions,
  researchCells,
  supervisorCells,
  users,
} from "../../db/schema";
import { matchesSearch } from "../../db/search";
import { inTerm } from "../terms/terms.repository";
import {
  hasStatus,
  isActive,
  PROPOSAL_JOINS,
  type ProposalRow,
  proposalColumns,
  SUPERVISOR_JOIN,
} from "./proposal-sql";
import { partyTo, type Viewer, visibleTo } from "./visibility";

// ── reads ───────────────────────────────────────────────────────────────────

/** One proposal, whole, if the viewer may see it (or with no viewer: no check, for callers that decided). */
export function selectProposal(db: Db, id: string, viewer?: Viewer): Promise<ProposalRow | undefined> {
  return selectRow<ProposalRow>(
    db,
    sql`select ${proposalColumns("whole")} from ${proposals} p ${PROPOSAL_JOINS}
         where p.id = ${id} and ${viewer ? visibleTo(viewer) : sql`true`}`,
  );
}

/** The proposals the viewer is a party to and may see today, whole, oldest first: "Download my data". */
export function selectOwnProposals(db: Db, viewer: Viewer): Promise<ProposalRow[]> {
  return selectRows<ProposalRow>(
    db,
    sql`select ${proposalColumns("whole")} from ${proposals} p ${PROPOSAL_JOINS}
         where ${visibleTo(viewer)} and ${partyTo(viewer)}
         order by p.created_at, p.id`,
  );
}

export interface ProposalListFilter {
  status?: ProposalStatus;
  type?: ProposalType;
  /** Words of the title (the start of each word), a cell, a supervisor: the committee's search. */
  q?: string;
  researchCellId?: string;
  supervisorId?: string;
  /** Only active proposals (isActive); with a status as well, both must hold. */
  active?: boolean;
  order: "newest" | "oldest";
  /** A term's id, "all", or none for the current term. */
  termId?: string;
  limit: number;
  offset: number;
  /** Count no further than this. */
  cap: number;
}

/** A list's filters, as what `p` must meet: one definition for the committee's list and its CSV export. */
export function proposalFilterWhere(
  f: Omit<ProposalListFilter, "order" | "limit" | "offset" | "cap">,
): SQL[] {
  return [
    inTerm(f.termId),
    ...(f.status ? [hasStatus(f.status)] : []),
    ...(f.type ? [sql`p.type = ${f.type}`] : []),
    ...(f.active ? [isActive()] : []),
    ...(f.q ? [matchesSearch("p", f.q, "any")] : []),
    ...(f.researchCellId ? [sql`p.research_cell_id = ${f.researchCellId}`] : []),
    ...(f.supervisorId ? [sql`p.supervisor_id = ${f.supervisorId}`] : []),
  ];
}

/**
 * One page of the proposals the viewer may see, newest (or oldest) first, with how many there
 * are up to `cap`: one statement. Each order is an index's (created_at, id) for the committee,
 * by status, and per supervisor; a student's proposals are few. The page's rows are found first
 * (an index's walk, OFFSET rows skipped there), and only they are read with their cell, people,
 * members and latest version: a later page costs what page 1 costs, not every row before it
 * read whole. The count is the one-row side of a left join, so a page past the end
 * still carries it.
 */
export async function selectProposalPage(
  db: Db,
  viewer: { id: string; role: Role },
  f: ProposalListFilter,
): Promise<{ total: number; rows: ProposalRow[] }> {
  const where = sql.join([visibleTo(viewer), ...proposalFilterWhere(f)], sql` and `);
  const dir = sql.raw(f.order === "oldest" ? "asc" : "desc");
  // A page past the end is one row of nulls beside the count.
  const rows = await selectRows<{ total: number } & (ProposalRow | { [K in keyof ProposalRow]: null })>(
    db,
    sql`
    select ${countUpTo(sql`from ${proposals} p where ${where}`, f.cap)} as total, page.*
      from (select 1) one
      left join lateral (
        select ${proposalColumns("excerpt")}
          from (select p.id from ${proposals} p where ${where}
                 order by p.created_at ${dir}, p.id ${dir} limit ${int(f.limit)} offset ${int(f.offset)}) k
          join ${proposals} p on p.id = k.id ${PROPOSAL_JOINS}
      ) page on true
     order by page.created_at ${dir}, page.id ${dir}`,
  );
  return { total: rows[0]?.total ?? 0, rows: rows.filter((r): r is typeof r & ProposalRow => r.id !== null) };
}

export interface SimilarRow {
  id: string;
  title: string;
  status: ProposalStatus;
  year: number;
  similarity: number;
}

/**
 * The proposals most like `title` that the viewer may see (DESIGN.md §19): pg_trgm's `%` (titles
 * at least pg_trgm.similarity_threshold alike, answered by proposals_title_trgm_idx) under the one
 * visibility rule, most similar first; `year` is the year it was submitted in `timeZone`.
 */
export function selectSimilar(
  db: Db,
  viewer: Viewer,
  q: { title: string; exclude?: string; limit: number; timeZone: string },
): Promise<SimilarRow[]> {
  return selectRows<SimilarRow>(
    db,
    sql`select p.id, p.title, p.status,
               extract(year from p.created_at at time zone ${q.timeZone})::int as year,
               similarity(p.title, ${q.title})::float8 as similarity
          from ${proposals} p
         where p.title % ${q.title} and ${visibleTo(viewer)}
               ${q.exclude ? sql`and p.id <> ${q.exclude}` : sql``}
         order by similarity desc, p.created_at desc, p.id
         limit ${int(q.limit)}`,
  );
}

export interface GroupRow {
  id: string;
  title: string;
  status: ProposalStatus;
  supervisor_id: string | null;
  supervisor_name: string | null;
  /** [id, name] of each accepted member and open invitation, by position (as MEMBERS_COLUMN). */
  members: [string, string][] | null;
}

/**
 * The groups a viewer may write to or chat with (Chat, Notices): the proposals they may see, of
 * every term, newest first, with only what the pickers show (issue 30 item 17). The same
 * visibility rule and member order as the list; none of its joins.
 */
export function selectGroups(db: Db, viewer: Viewer, limit: number): Promise<GroupRow[]> {
  return selectRows<GroupRow>(
    db,
    sql`select p.id, p.title, p.status, s.id as supervisor_id, s.name as supervisor_name,
               (select json_agg(json_build_array(u.id, u.name) order by m.position)
                  from ${proposalMembers} m join ${users} u on u.id = m.user_id
                 where m.proposal_id = p.id and m.state in ('accepted', 'invited')) as members
          from ${proposals} p ${SUPERVISOR_JOIN}
         where ${visibleTo(viewer)}
         order by p.created_at desc, p.id desc
         limit ${int(limit)}`,
  );
}

export async function findIdByRequestId(db: Db, createdBy: string, requestId: string) {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.createdBy, createdBy), eq(proposals.requestId, requestId)))
    .limit(1);
  return row?.id;
}

// ── submission ──────────────────────────────────────────────────────────────

export interface SubmissionFacts {
  cellTitle: string | null;
  /**
   * The supervisor, when assigned to the cell (the link row is share-locked until commit), active
   * or not: whether they take proposals is decided, under its own lock, by assertTakesProposals.
   */
  supervisor: { id: string; name: string } | null;
  /** The group (creator and members) as found, with whether each already holds an active proposal. */
  people: { id: string; name: string; role: Role; active: boolean }[];
}

/**
 * Everything a submission checks, in one statement: the cell, the supervisor's link to it (held
 * with FOR SHARE, so removing the supervisor from the cell waits for this transaction), and the
 * group's people with their active memberships in the term (proposal_members_one_active_uq).
 */
export async function submissionFacts(
  db: Db,
  termId: string,
  cellId: string | null,
  supervisorId: string | null,
  groupIds: string[],
): Promise<SubmissionFacts> {
  const ids = sql.join(
    groupIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const row = await selectRow<{
    cell_title: string | null;
    supervisor: SubmissionFacts["supervisor"];
    people: SubmissionFacts["people"];
  }>(
    db,
    sql`
    with link as (
      select sc.supervisor_id from ${supervisorCells} sc
        join ${users} u on u.id = sc.supervisor_id and u.role = 'supervisor'
       where sc.supervisor_id = ${supervisorId} and sc.research_cell_id = ${cellId}
         for share of sc
    )
    select (select title from ${researchCells} where id = ${cellId}) as cell_title,
           (select json_build_object('id', u.id, 'name', u.name)
              from link join ${users} u on u.id = link.supervisor_id) as supervisor,
           (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'role', u.role,
                     'active', exists(select 1 from ${proposalMembers} m where m.user_id = u.id and m.term_id = ${termId} and m.active))), '[]')
              from ${users} u where u.id in (${ids}) and u.deactivated_at is null) as people`,
  );
  return {
    cellTitle: row?.cell_title ?? null,
    supervisor: row?.supervisor ?? null,
    people: row?.people ?? [],
  };
}

export interface NewProposal {
  title: string;
  abstract: string;
  type: ProposalType;
  researchCellId: string | null;
  supervisorId: string | null;
  createdBy: string;
  requestId: string | null;
  termId: string;
  status: ProposalStatus;
  /** Now when it is Pending at once; null while its invitations are open (DESIGN.md §9). */
  pendingSince: Date | null;
  /** Version 1's document (in `files`), if one was attached. */
  documentId: string | null;
}

/**
 * A new proposal, its version 1, the creator (accepted, holding their place) and the students
 * it invites (no place taken). The creator's row is the one that takes a place, so the partial
 * unique index on active memberships settles two simultaneous submissions by one student.
 */
export async function insertProposal(db: Db, input: NewProposal, inviteeIds: string[]): Promise<string> {
  const { documentId, ...proposal } = input;
  const [row] = await db.insert(proposals).values(proposal).returning({ id: proposals.id });
  await db.insert(proposalMembers).values([
    {
      proposalId: row.id,
      userId: input.createdBy,
      position: 0,
      state: "accepted",
      active: true,
      termId: input.termId,
    },
    ...inviteeIds.map((userId, i) => ({
      proposalId: row.id,
      userId,
      position: i + 1,
      state: "invited" as const,
      active: false,
      termId: input.termId,
    })),
  ]);
  // A group of an allocation term may leave its title to the topic it gets: its version 1 is made then.
  if (input.title)
    await db.insert(proposalVersions).values({
      proposalId: row.id,
      number: 1,
      title: input.title,
      abstract: input.abstract,
      documentId,
      authorId: input.createdBy,
    });
  return row.id;
}
