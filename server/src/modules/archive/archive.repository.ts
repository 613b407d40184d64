import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { int, selectRow, selectRows } from "../../db/query";
import { accounts, files, proposalMembers, proposals, researchCells, theses, users } from "../../db/schema";
import { wordsQuery } from "../../db/search";

/** Who reads the archive: nobody signed in (null), or a person by id and role. */
export type ArchiveReader = { id: string; role: string } | null;

/**
 * Whether the reader may read Internal entries (DESIGN.md §19, decision 0077): teachers and the
 * committee; a student whose account is not their own registration (imported, or made by single
 * sign-on), or is linked to single sign-on, or was verified (a link reached them) at an address in
 * ALLOWED_EMAIL_DOMAINS. Never nobody, never a deactivated account.
 */
export function internalReader(reader: ArchiveReader, domains: readonly string[]): SQL {
  if (!reader) return sql`false`;
  if (reader.role !== "student") return sql`true`;
  return sql`exists (select 1 from ${users} u
                      where u.id = ${reader.id} and u.deactivated_at is null
                        and (not u.self_registered
                             or exists (select 1 from ${accounts} a
                                         where a.user_id = u.id and a.provider_id <> 'credential')
                             or (u.email_verified
                                 and lower(split_part(u.email, '@', 2))
                                     in (select json_array_elements_text(${JSON.stringify(domains)}::json)))))`;
}

/**
 * The archive's one condition, over `theses th` (DESIGN.md §19): Released (never Annulled or any
 * other state), not under embargo at `now`, and Public, or Internal to an Internal reader.
 * Private is never an entry, for anyone (decision 0077).
 */
export const archiveVisible = (reader: ArchiveReader, domains: readonly string[], now: Date): SQL =>
  sql`(th.state = 'Released'
       and (th.embargo_until is null or th.embargo_until <= ${now.toISOString()}::timestamptz)
       and (th.visibility = 'Public' or (th.visibility = 'Internal' and ${internalReader(reader, domains)})))`;

export interface ArchiveFilter {
  q?: string;
  year?: number;
  cellId?: string;
  supervisorId?: string;
  type?: string;
}

/** The filters, over `theses th` and `proposals p`; a year is of release in the zone `tz`. */
function filtered(f: ArchiveFilter, tz: string): SQL {
  const parts: SQL[] = [];
  if (f.q !== undefined && f.q !== "") {
    const query = wordsQuery(f.q);
    parts.push(
      query === null ? sql`false` : sql`p.archive_words @@ to_tsquery('thesisdesk_search', ${query})`,
    );
  }
  if (f.year !== undefined)
    parts.push(sql`th.released_at >= make_timestamptz(${f.year}::int, 1, 1, 0, 0, 0, ${tz})
                   and th.released_at < make_timestamptz(${f.year + 1}::int, 1, 1, 0, 0, 0, ${tz})`);
  if (f.cellId) parts.push(sql`p.research_cell_id = ${f.cellId}`);
  if (f.supervisorId) parts.push(sql`p.supervisor_id = ${f.supervisorId}`);
  if (f.type) parts.push(sql`p.type = ${f.type}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

export interface ArchiveRow {
  id: string;
  title: string;
  abstract: string;
  type: "Thesis" | "Project";
  students: string[];
  supervisor_id: string | null;
  supervisor_name: string | null;
  cell_id: string | null;
  cell_title: string | null;
  year: number;
  released_at: string;
  visibility: "Public" | "Internal" | "Private";
  has_document: boolean;
  total?: number;
}

const ENTRY = (tz: string) => sql`
  select th.id, p.title, p.abstract, p.type,
         coalesce((select json_agg(u.name order by m.position)
                     from ${proposalMembers} m join ${users} u on u.id = m.user_id
                    where m.proposal_id = p.id and m.state = 'accepted'), '[]') as students,
         s.id as supervisor_id, s.name as supervisor_name, c.id as cell_id, c.title as cell_title,
         extract(year from th.released_at at time zone ${tz})::int as year,
         th.released_at, th.visibility, th.final_document_id is not null as has_document`;

const FROM = sql`
    from ${theses} th join ${proposals} p on p.id = th.proposal_id
    left join ${users} s on s.id = p.supervisor_id
    left join ${researchCells} c on c.id = p.research_cell_id`;

/** A page of the entries the reader may see, newest release first, with their count: one statement. */
export const selectArchivePage = (
  db: Db,
  visible: SQL,
  f: ArchiveFilter,
  tz: string,
  window: { offset: number; limit: number },
) =>
  selectRows<ArchiveRow>(
    db,
    sql`${ENTRY(tz)}, count(*) over ()::int as total ${FROM}
         where ${visible} and ${filtered(f, tz)}
         order by th.released_at desc, th.id desc
         limit ${int(window.limit)} offset ${int(window.offset)}`,
  );

/** One entry, if the reader may see it. */
export const selectArchiveEntry = (db: Db, visible: SQL, id: string, tz: string) =>
  selectRow<ArchiveRow>(db, sql`${ENTRY(tz)} ${FROM} where th.id = ${id} and ${visible}`);

/** The years, cells and supervisors of the entries the reader may see (for the filters): one statement. */
export const selectArchiveFilters = (db: Db, visible: SQL, tz: string) =>
  selectRow<{
    years: number[] | null;
    cells: { id: string; name: string }[] | null;
    supervisors: { id: string; name: string }[] | null;
  }>(
    db,
    sql`with e as (select extract(year from th.released_at at time zone ${tz})::int as year,
                          c.id as cell_id, c.title as cell_title, s.id as supervisor_id, s.name as supervisor_name
                     ${FROM} where ${visible})
        select (select json_agg(year order by year desc) from (select distinct year from e) y) as years,
               (select json_agg(json_build_object('id', cell_id, 'name', cell_title) order by cell_title)
                  from (select distinct cell_id, cell_title from e where cell_id is not null) x) as cells,
               (select json_agg(json_build_object('id', supervisor_id, 'name', supervisor_name) order by supervisor_name)
                  from (select distinct supervisor_id, supervisor_name from e where supervisor_id is not null) x) as supervisors`,
  );

/** The final PDF of an entry the reader may see (DESIGN.md §19): its file's id, name and size. */
export function selectArchiveDocument(db: Db, visible: SQL, id: string) {
  return selectRow<{ id: string; name: string; size: number }>(
    db,
    sql`select f.id, f.name, f.size from ${theses} th join ${files} f on f.id = th.final_document_id
         where th.id = ${id} and ${visible}`,
  );
}
