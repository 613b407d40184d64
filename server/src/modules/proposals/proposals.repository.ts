import type { ProposalStatus, ProposalType, Role } from "@shared/enums";
import type { Proposal, ProposalList } from "@shared/schemas/proposals";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { compiled, compiledShapes } from "../../db/compiled";
import { outbox, proposalMembers, proposals, researchCells, supervisorCells, users } from "../../db/schema";
import { type JsonText, jsonText } from "../../lib/json-text";
import type { EmailTemplate } from "../outbox/outbox.service";

// ── the proposal as every role sees it ─────────────────────────────────────

/**
 * A proposal's JSON as the shared `proposalSchema` describes it, kept by the database in
 * proposals.doc (migration 0007: thesisdesk_proposal_doc builds it, triggers rebuild it when the
 * proposal, its members, their names or its cell's title change). The server sends it as it is
 * (see lib/json-text.ts); outside production every such response is checked against the schema.
 * The coalesce is a guard only: every write leaves doc built.
 */
const proposalDoc = (row: SQL | typeof proposals) =>
  sql`coalesce(${row}.doc, thesisdesk_proposal_doc(${row}))`;
const PROPOSAL_DOC = proposalDoc(sql.raw("p"));

/**
 * The version of a student's or a supervisor's proposal lists (migration 0009), as text; null when
 * they have none yet. A supervisor's includes how many Pending proposals are addressed to them,
 * which is what a submission changes (it does not bump their row). A statement that reads it
 * with a page reads both from one snapshot.
 */
function listVersion(role: "student" | "supervisor", viewer: unknown): SQL {
  const row = sql`select version::text from proposal_list_versions where user_id = ${viewer}::uuid`;
  if (role === "student") return sql`(${row})`;
  return sql`((${row}) || ':' || (select count(*) from ${proposals}
                                        where ${proposals.supervisorId} = ${viewer}::uuid and ${proposals.status} = 'Pending'))`;
}

const listVersionStatement = {
  student: compiled<"viewer">((p) => sql`select ${listVersion("student", p("viewer"))} as version`),
  supervisor: compiled<"viewer">((p) => sql`select ${listVersion("supervisor", p("viewer"))} as version`),
};

export async function selectListVersion(
  db: Db,
  viewer: { id: string; role: "student" | "supervisor" },
): Promise<string | null> {
  const statement = listVersionStatement[viewer.role]({ viewer: viewer.id });
  const { rows } = (await db.execute(statement)) as unknown as { rows: { version: string | null }[] };
  return rows[0].version;
}

/**
 * One page of proposals as a JSON array (text) and how many match in all — ONE statement (one
 * round trip): the page's ids come from an index scan, the total from a count over the same
 * condition, the JSON from each proposal's doc.
 */
function proposalPage(
  where: SQL,
  order: "newest" | "oldest",
  limit: unknown,
  offset: unknown,
  version: SQL = sql`null`,
): SQL {
  const dir = sql.raw(order === "oldest" ? "asc" : "desc");
  return sql`
    with page as (
      select ${proposals.id} as id, ${proposals.createdAt} as created_at
      from ${proposals} where ${where}
      order by ${proposals.createdAt} ${dir}, ${proposals.id} ${dir}
      limit ${limit} offset ${offset}
    )
    select coalesce((select '[' || string_agg(${PROPOSAL_DOC}, ',' order by pg.created_at ${dir}, pg.id ${dir}) || ']'
                       from page pg join proposals p on p.id = pg.id), '[]') as items,
           (select count(*)::int from ${proposals} where ${where}) as total,
           ${version} as version`;
}

/**
 * A student's page: the proposals they belong to are few (one active at most, the rest their
 * history), so one scan of their memberships numbers them all in the list's order, counts them
 * and joins the page's docs. Finding the page and counting it separately scanned the memberships
 * twice and read each proposal three times, twice PostgreSQL's time for this list.
 */
function memberPage(
  viewer: unknown,
  where: SQL | undefined,
  order: "newest" | "oldest",
  limit: unknown,
  offset: unknown,
): SQL {
  const dir = sql.raw(order === "oldest" ? "asc" : "desc");
  return sql`
    select coalesce('[' || string_agg(mine.doc, ',' order by mine.n)
                             filter (where mine.n > ${offset}::bigint and mine.n <= ${offset}::bigint + ${limit}::bigint)
                        || ']', '[]') as items,
           count(*)::int as total,
           ${listVersion("student", viewer)} as version
      from (select ${proposalDoc(proposals)} as doc,
                   row_number() over (order by ${proposals.createdAt} ${dir}, ${proposals.id} ${dir}) as n
              from ${proposalMembers} join ${proposals} on ${proposals.id} = ${proposalMembers.proposalId}
             where ${and(eq(proposalMembers.userId, viewer as string), where)}) mine`;
}

interface PageRow {
  items: string;
  total: number;
  version: string | null;
}

async function runProposalPage(db: Db, statement: SQL): Promise<PageRow> {
  const { rows } = (await db.execute(statement)) as unknown as { rows: PageRow[] };
  return { items: rows[0].items, total: Number(rows[0].total), version: rows[0].version };
}

/**
 * The proposals with these ids, in the order of `ids` (unknown ids are skipped).
 * No visibility check: callers decide what may be seen.
 */
export async function findProposalsByIds(db: Db, ids: readonly string[]): Promise<Proposal[]> {
  if (!ids.length) return [];
  const unique = [...new Set(ids)];
  const { items } = await runProposalPage(
    db,
    proposalPage(inArray(proposals.id, unique), "newest", unique.length, 0),
  );
  const byId = new Map((JSON.parse(items) as Proposal[]).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Proposal => p !== undefined);
}

export async function findProposalById(db: Db, id: string): Promise<Proposal | undefined> {
  const [p] = await findProposalsByIds(db, [id]);
  return p;
}

// ── visibility and lists ────────────────────────────────────────────────────

/**
 * What a user may see: students the proposals they belong to (the creator is always member 0,
 * so membership covers "created or belongs to"; served by proposal_members_user_idx),
 * supervisors those addressed to them, the committee all. `viewerId` is the viewer's id or
 * the placeholder it is bound to.
 */
export function visibleTo(db: Db, role: Role, viewerId: unknown): SQL | undefined {
  if (role === "student")
    return inArray(
      proposals.id,
      db
        .select({ id: proposalMembers.proposalId })
        .from(proposalMembers)
        .where(eq(proposalMembers.userId, viewerId as string)),
    );
  if (role === "supervisor") return eq(proposals.supervisorId, viewerId as string);
  return undefined;
}

export interface ProposalListFilter {
  status?: ProposalStatus;
  type?: ProposalType;
  order: "newest" | "oldest";
  limit: number;
  offset: number;
}

/** One compiled statement per shape of list: the viewer's role, which filters, which order. */
const listStatement = compiledShapes<"viewer" | "status" | "type" | "limit" | "offset">();

/**
 * One page of the proposals the viewer may see, with the total, as JSON text, and the version of
 * the viewer's lists it was read at (null for the committee, whose lists have none): one round trip.
 */
export async function listVisibleProposals(
  db: Db,
  viewer: { id: string; role: Role },
  f: ProposalListFilter,
): Promise<{ body: JsonText<ProposalList>; version: string | null }> {
  const shape = `${viewer.role}:${f.status ? "s" : ""}${f.type ? "t" : ""}:${f.order}`;
  const statement = listStatement(shape, (p) => {
    const filters = and(
      f.status ? eq(proposals.status, p("status") as unknown as ProposalStatus) : undefined,
      f.type ? eq(proposals.type, p("type") as unknown as ProposalType) : undefined,
    );
    if (viewer.role === "student") return memberPage(p("viewer"), filters, f.order, p("limit"), p("offset"));
    return proposalPage(
      and(visibleTo(db, viewer.role, p("viewer")), filters) ?? sql`true`,
      f.order,
      p("limit"),
      p("offset"),
      viewer.role === "supervisor" ? listVersion("supervisor", p("viewer")) : undefined,
    );
  });
  const { items, total, version } = await runProposalPage(
    db,
    statement({
      viewer: viewer.id,
      status: f.status ?? null,
      type: f.type ?? null,
      limit: f.limit,
      offset: f.offset,
    }),
  );
  return { body: jsonText(`{"items":${items},"total":${total}}`), version };
}

/** One compiled statement per viewer role. */
const oneStatement = compiledShapes<"viewer" | "id">();

/**
 * One proposal as `{"proposal": …}` JSON text if the viewer may see it: the visibility rule
 * and the read in one statement.
 */
export async function findVisibleProposal(
  db: Db,
  viewer: { id: string; role: Role },
  id: string,
): Promise<JsonText<{ proposal: Proposal }> | undefined> {
  const statement = oneStatement(
    viewer.role,
    (p) => sql`
      with one as (
        select ${proposals.id} as id from ${proposals}
        where ${and(eq(proposals.id, p("id") as unknown as string), visibleTo(db, viewer.role, p("viewer")))}
      )
      select ${PROPOSAL_DOC} as proposal from one join proposals p on p.id = one.id`,
  );
  const { rows } = (await db.execute(statement({ viewer: viewer.id, id }))) as unknown as {
    rows: { proposal: string }[];
  };
  return rows.length ? jsonText(`{"proposal":${rows[0].proposal}}`) : undefined;
}

export async function findIdByRequestId(db: Db, createdBy: string, requestId: string) {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.createdBy, createdBy), eq(proposals.requestId, requestId)))
    .limit(1);
  return row?.id;
}

export interface SubmissionFacts {
  cellTitle: string | null;
  /** The supervisor, when assigned to the cell (the link row is share-locked until commit). */
  supervisor: { id: string; name: string; email: string } | null;
  /** The group (creator and members) as found, with whether each already holds an active proposal. */
  people: { id: string; name: string; role: Role; studentId: string | null; active: boolean }[];
}

/** The CTEs both submission statements share: the supervisor's link to the cell and the group. */
function submissionCtes(cellId: string, supervisorId: string, groupIds: string[]): SQL {
  return sql`
    link as (
      select sc.supervisor_id from ${supervisorCells} sc
      join ${users} u on u.id = sc.supervisor_id and u.role = 'supervisor'
      where sc.supervisor_id = ${supervisorId} and sc.research_cell_id = ${cellId}
      for share of sc
    ), people as (
      select u.id, u.name, u.role, u.student_id,
             exists(select 1 from ${proposalMembers} m where m.user_id = u.id and m.active) as active
        from ${users} u
       where u.id in (${sql.join(
         groupIds.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
    )`;
}

/** The facts' columns of both submission statements' result row. */
const factColumns = (cellId: string) => sql`
  (select title from ${researchCells} where id = ${cellId}) as cell_title,
  (select json_build_object('id', u.id, 'name', u.name, 'email', u.email)
     from link join ${users} u on u.id = link.supervisor_id) as supervisor,
  (select coalesce(json_agg(json_build_object(
      'id', id, 'name', name, 'role', role, 'studentId', student_id, 'active', active)), '[]'::json)
     from people) as people`;

interface FactsRow {
  cell_title: string | null;
  supervisor: unknown;
  people: unknown;
}
function toFacts(row: FactsRow): SubmissionFacts {
  const parse = <T>(v: unknown): T => (typeof v === "string" ? JSON.parse(v) : v) as T;
  return {
    cellTitle: row.cell_title,
    supervisor: row.supervisor ? parse<SubmissionFacts["supervisor"]>(row.supervisor) : null,
    people: parse<SubmissionFacts["people"]>(row.people ?? []),
  };
}

/**
 * Everything a submission checks, in one round trip: the cell, the supervisor's link to it
 * (held with FOR SHARE so removing the supervisor from the cell waits for this transaction),
 * and the group's people with their active memberships (served by the partial unique index).
 */
export async function submissionFacts(
  db: Db,
  cellId: string,
  supervisorId: string,
  groupIds: string[],
): Promise<SubmissionFacts> {
  const result = (await db.execute(sql`
    with ${submissionCtes(cellId, supervisorId, groupIds)}
    select ${factColumns(cellId)}`)) as unknown as { rows: FactsRow[] };
  return toFacts(result.rows[0]);
}

export interface NewProposal {
  title: string;
  abstract: string;
  type: ProposalType;
  researchCellId: string;
  supervisorId: string;
  createdBy: string;
  requestId: string | null;
}

/**
 * A whole submission as ONE statement (one round trip, its own transaction): the checks of
 * `submissionFacts`, and only when they all pass (the cell exists, the supervisor is linked to
 * it, every one of the group is a student with no active proposal) the Pending proposal, its
 * members and the supervisor's email in the outbox. It answers the facts either way, so the
 * caller names what failed; `inserted` is null then and nothing was written. The partial
 * unique index on active memberships still settles races (a unique violation is raised).
 * Member rows go in user-id order so that two submissions sharing students wait on each other
 * in one order (no deadlock); `position` keeps the group's order. The proposal is inserted with
 * its doc (migration 0007) built from the members being inserted, so the members trigger finds
 * it current and does not write the row again. The email's subject and body carry
 * `email.marker` where the recipient's name goes (see enqueueEmails).
 */
export async function submitProposal(
  db: Db,
  input: NewProposal,
  groupIds: string[],
  email: EmailTemplate,
): Promise<SubmissionFacts & { inserted: { id: string; createdAt: string } | null }> {
  const members = groupIds
    .map((userId, position) => ({ userId, position }))
    .sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const result = (await db.execute(sql`
    with ${submissionCtes(input.researchCellId, input.supervisorId, groupIds)},
    v(user_id, position) as (values ${sql.join(
      members.map((m) => sql`(${m.userId}::uuid, ${m.position}::smallint)`),
      sql`, `,
    )}), n as (
      select r.*, thesisdesk_proposal_doc(r, (
               select json_agg(thesisdesk_member_json(u, v.position) order by v.position)
                 from v join ${users} u on u.id = v.user_id)) as built_doc
        from jsonb_populate_record(null::proposals, jsonb_build_object(
               'id', gen_random_uuid(), 'title', ${input.title}::text, 'abstract', ${input.abstract}::text,
               'type', ${input.type}::text, 'research_cell_id', ${input.researchCellId}::uuid,
               'supervisor_id', ${input.supervisorId}::uuid, 'status', 'Pending', 'created_by', ${input.createdBy}::uuid,
               'request_id', ${input.requestId}::uuid, 'created_at', now())) r
    ), p as (
      insert into ${proposals} (id, title, abstract, type, research_cell_id, supervisor_id, status, created_by,
                                request_id, created_at, doc)
      select id, title, abstract, type, research_cell_id, supervisor_id, status, created_by, request_id, created_at,
             built_doc
        from n
       where exists (select 1 from ${researchCells} where id = ${input.researchCellId})
         and exists (select 1 from link)
         and (select count(*) from people where role = 'student' and not active) = ${groupIds.length}
      returning id, created_at
    ), m as (
      insert into ${proposalMembers} (proposal_id, user_id, position, active)
      select p.id, v.user_id, v.position, true
      from p, v
      order by v.user_id
      returning 1
    ), e as (
      insert into ${outbox} (user_id, to_email, subject, body, kind)
      select u.id, u.email, replace(${email.subject}, ${email.marker}, u.name),
             replace(${email.body}, ${email.marker}, u.name), ${email.kind}
        from p, ${users} u
       where u.id = ${input.supervisorId} and u.email_notifications
      returning 1
    )
    select ${factColumns(input.researchCellId)},
      (select id from p) as id, (select created_at from p) as created_at,
      (select count(*) from m)::int as members, (select count(*) from e)::int as emails`)) as unknown as {
    rows: (FactsRow & { id: string | null; created_at: Date | string | null })[];
  };
  const row = result.rows[0];
  return {
    ...toFacts(row),
    inserted:
      row.id && row.created_at ? { id: row.id, createdAt: new Date(row.created_at).toISOString() } : null,
  };
}
