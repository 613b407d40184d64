/**
 * What `npm run bench -- --only lists` reads (lists.ts measures): every list the screens open and
 * the committee's dashboard, as the screens ask for them, and the people who read them.
 */
import pg from "pg";
import { committeeSearchPaths, type Fixture, mintSessions, pickerTerms, studentPagePaths } from "./fixture";

const PEOPLE = { supervisors: 40, committee: 10, students: 20 };

export type Who = "supervisor" | "committee" | "student";

/** Who reads, and what the reads name: their cookies (in turn), the current term, the cells. */
export interface ListPeople extends Record<Who, string[]> {
  termId: string;
  cells: string[];
  /** The words of proposal titles the committee searches for. */
  titleWords: string[];
}

interface ListRead {
  name: string;
  who: Who;
  paths: (fx: Fixture, people: ListPeople) => string[];
}

const q = encodeURIComponent;

/** The reads, as the screens send them (page sizes and orders are the client's). */
export const LIST_READS: ListRead[] = [
  {
    name: "supervisor: pending list (Requests, Pending Proposals)",
    who: "supervisor",
    paths: () => ["/api/proposals?status=Pending&order=oldest&page=1&pageSize=10"],
  },
  {
    name: "supervisor: reviewed, Approved",
    who: "supervisor",
    paths: () => ["/api/proposals?status=Approved&page=1&pageSize=10"],
  },
  {
    name: "supervisor: Thesis Groups (active, pages of 20)",
    who: "supervisor",
    paths: () => ["/api/proposals?type=Thesis&active=true&order=newest&page=1&pageSize=20"],
  },
  {
    name: "supervisor: groups to write to (Notice, Chat: 100, every term)",
    who: "supervisor",
    paths: () => ["/api/proposals/groups"],
  },
  { name: "supervisor: sent notices", who: "supervisor", paths: () => ["/api/notices?page=1&pageSize=10"] },
  { name: "supervisor: dashboard", who: "supervisor", paths: () => ["/api/supervisor/dashboard"] },
  { name: "committee: dashboard", who: "committee", paths: () => ["/api/committee/dashboard"] },
  {
    name: "committee: Proposals, page 1",
    who: "committee",
    paths: () => ["/api/proposals?page=1&pageSize=20"],
  },
  {
    name: "committee: Proposals by status, pages 1–5",
    who: "committee",
    paths: () =>
      ["Pending", "Approved", "Denied"].flatMap((s) =>
        [1, 2, 3, 4, 5].map((p) => `/api/proposals?status=${s}&page=${p}&pageSize=20`),
      ),
  },
  {
    name: "committee: Proposals, title search",
    who: "committee",
    paths: (_fx, people) => people.titleWords.map((w) => `/api/proposals?q=${q(w)}&page=1&pageSize=20`),
  },
  {
    name: "committee: Approvals (every term, oldest first)",
    who: "committee",
    paths: () => ["/api/proposals?status=Awaiting%20committee&order=oldest&termId=all&page=1&pageSize=20"],
  },
  {
    name: "committee: people search, GET /api/users?role=student&q=",
    who: "committee",
    paths: committeeSearchPaths,
  },
  {
    name: "committee: students by name, pages 1–50",
    who: "committee",
    paths: studentPagePaths,
  },
  {
    name: "committee: All Teachers, pages 1–5",
    who: "committee",
    paths: () => [1, 2, 3, 4, 5].map((p) => `/api/users?role=supervisor&pageSize=20&page=${p}`),
  },
  { name: "committee: activity log", who: "committee", paths: () => ["/api/activity?page=1&pageSize=25"] },
  {
    name: "committee: supervisors' load in the term",
    who: "committee",
    paths: (_fx, people) => [`/api/terms/${people.termId}/load`],
  },
  {
    name: "committee: Research Cells with their supervisors",
    who: "committee",
    paths: () => ["/api/research-cells?include=supervisors"],
  },
  { name: "committee: terms", who: "committee", paths: () => ["/api/terms"] },
  {
    name: "student: member picker, GET /api/students?q=",
    who: "student",
    paths: (fx) => pickerTerms(fx).map((t) => `/api/students?q=${q(t)}`),
  },
  { name: "student: research cells", who: "student", paths: () => ["/api/research-cells"] },
  {
    name: "student: supervisors of a cell",
    who: "student",
    paths: (_fx, people) => people.cells.map((id) => `/api/supervisors?researchCellId=${id}`),
  },
  { name: "student: own proposals", who: "student", paths: () => ["/api/proposals?page=1&pageSize=10"] },
  { name: "student: notices", who: "student", paths: () => ["/api/notices?page=1&pageSize=10"] },
];

/** The extra people who read: 10 committee members, the 40 supervisors with most Pending, 20 students. */
export async function listPeople(url: string, fx: Fixture): Promise<ListPeople> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const ids = async (text: string, values: unknown[] = []) =>
      (await client.query<{ id: string }>(text, values)).rows.map((r) => r.id);
    const committee = await ids(
      `insert into users (name, email, role)
       select 'Bench Committee ' || k, 'bench-committee-' || k || '-' || $1 || '@example.edu', 'committee'
         from generate_series(1, $2::int) k returning id`,
      [fx.tag, PEOPLE.committee],
    );
    const supervisors = await ids(
      `select supervisor_id as id from proposals where status = 'Pending'
        group by supervisor_id order by count(*) desc, supervisor_id limit $1`,
      [PEOPLE.supervisors],
    );
    const students = await ids(
      `select m.user_id as id from proposal_members m
        where m.active and m.position = 0 order by m.user_id limit $1`,
      [PEOPLE.students],
    );
    const [termId] = await ids(`select term_id as id from current_term`);
    const cells = await ids(`select id from research_cells order by title`);
    return {
      committee: await mintSessions(client, committee),
      supervisor: await mintSessions(client, supervisors),
      student: await mintSessions(client, students),
      termId,
      cells,
      titleWords: ["learning", "Energy", "campus nav", "graph", "sensor", "Explainable credit", "speech"],
    };
  } finally {
    await client.end();
  }
}
