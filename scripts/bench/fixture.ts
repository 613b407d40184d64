/**
 * One seeded database's fixture: its people, the cookies of those who read, and the counts of the
 * search terms the reads rotate through.
 */
import { createHmac, randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "../../server/src/db/client";
import { seedVolume } from "../lib/seed-core";
import { BURST_SUPERVISORS, log, SECRET } from "./config";

/** Signed session cookies minted straight into the database (logging in thousands would time argon2). */
export async function mintSessions(client: pg.Client, userIds: string[]): Promise<string[]> {
  const cookies: string[] = [];
  const tokens: string[] = [];
  for (const _ of userIds) {
    const token = randomBytes(24).toString("base64url");
    const signature = createHmac("sha256", SECRET).update(token).digest("base64");
    tokens.push(token);
    cookies.push(`thesisdesk.session_token=${encodeURIComponent(`${token}.${signature}`)}`);
  }
  // As a login makes them: valid for 30 days (not yet due for a refresh).
  const expires = new Date(Date.now() + 30 * 86_400_000);
  for (let i = 0; i < userIds.length; i += 5000)
    await client.query(
      `insert into sessions (token, user_id, expires_at)
       select t, u, $3::timestamptz from unnest($1::text[], $2::uuid[]) as x(t, u)`,
      [tokens.slice(i, i + 5000), userIds.slice(i, i + 5000), expires],
    );
  return cookies;
}

export interface Fixture {
  tag: string;
  students: number;
  supervisors: number;
  cellCount: number;
  student: string;
  studentProposal: string;
  supervisor: string;
  committee: string;
  cells: string[];
  /** Students with no proposal, and their cookies (large database only). */
  submitters: string[];
  burstSupervisors: { supervisorId: string; researchCellId: string }[];
  /** How many students each picker and committee term finds (as the start of a word). */
  pickerCounts: number[];
  committeeCounts: number[];
  /** Whole names ("first last") and email first parts of students of this database, as typed. */
  sampleNames: string[];
  sampleEmails: string[];
}

/**
 * The member picker's searches (GET /api/students?q=), rotated per request: a surname's start, a
 * whole surname, a first name, a name's first two letters twice, a student-ID prefix.
 */
export const pickerTerms = (fx: Fixture) => [
  "Tan",
  "Okafor",
  "Grace",
  "Me",
  "Li",
  `S${fx.tag.toUpperCase()}0003`,
];

/**
 * What committee members type in the people search (GET /api/users?role=student&q=), rotated per
 * request: whole surnames, first names, "first last", a name's first 2–4 letters, a student-ID
 * prefix, an email's first part. Every term is the start of a word, so it finds people whether
 * search means "contains" or "a word starts with".
 */
export const committeeTerms = (fx: Fixture) => [
  "Tanaka",
  "Okafor",
  "Lindqvist",
  "Novak",
  "Yilmaz",
  "Amara",
  "Grace",
  "Mateo",
  "Priya",
  ...fx.sampleNames,
  "Ka",
  "Nak",
  "Ros",
  "Fisc",
  `S${fx.tag.toUpperCase()}00012`,
  ...fx.sampleEmails,
];

/** The committee's people searches as requests: one per term of `committeeTerms`, pages of 20. */
export const committeeSearchPaths = (fx: Fixture) =>
  committeeTerms(fx).map((t) => `/api/users?role=student&q=${encodeURIComponent(t)}&pageSize=20`);

/** The committee's students by name, pages 1…50 of 20 in turn. */
export const studentPagePaths = () =>
  Array.from(
    { length: 50 },
    (_, i) => `/api/users?role=student&sort=name&order=asc&pageSize=20&page=${i + 1}`,
  );

/** How many students a term finds as the start of a word of a name or email, or of a student ID. */
async function termMatches(client: pg.Client, term: string, nameOnly: boolean): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from users where role = 'student' and (
       name ~* ('(^|[^[:alnum:]])' || $1) or ($2 and email ~* ('(^|[^[:alnum:]])' || $1))
       or student_id ilike $1 || '%')`,
    [term.replace(/[.]/g, "\\."), !nameOnly],
  );
  return rows[0].n;
}

/** A database of `size` proposals and `students` students (as many as proposals unless told), plus `free` with none. */
export async function prepare(url: string, size: number, free: number, students = size): Promise<Fixture> {
  const tag = `b${size}`;
  const supervisors = Math.max(10, Math.round(size / 100));
  const cellCount = Math.max(5, Math.round(supervisors / 20));
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 }); // migrates
  try {
    await seedVolume(database.db, {
      students,
      supervisors,
      cells: cellCount,
      proposals: size,
      noticesPerGroup: 1,
      messagesPerGroup: 1,
      password: "bench-password",
      tag,
    });
    // Students with no proposal at all, to submit during the deadline burst.
    if (free)
      await seedVolume(database.db, {
        students: free,
        supervisors: 0,
        cells: 0,
        proposals: 0,
        noticesPerGroup: 0,
        messagesPerGroup: 0,
        password: "bench-password",
        tag: `f${size}`,
      });
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) =>
      (await client.query(text, values)).rows[0] as T;
    const committee = await one<{ id: string }>(
      `insert into users (name, email, role) values ('Bench Committee', $1, 'committee') returning id`,
      [`bench-committee-${size}@example.edu`],
    );
    const student = await one<{ user_id: string; proposal_id: string }>(
      `select m.user_id, p.id as proposal_id
         from proposal_members m join proposals p on p.id = m.proposal_id
        where m.active and m.position = 0
          and exists (select 1 from messages x where x.proposal_id = p.id)
          and exists (select 1 from notices n where n.proposal_id = p.id)
        order by p.created_at desc, p.id limit 1`,
    );
    const busiest = await one<{ supervisor_id: string }>(
      `select supervisor_id from proposals where status = 'Pending'
        group by supervisor_id order by count(*) desc, supervisor_id limit 1`,
    );
    const cells = (await client.query<{ id: string }>(`select id from research_cells order by title`)).rows;
    const freeStudents = (
      await client.query<{ id: string }>(
        `select id from users where role = 'student' and email like $1 order by student_id`,
        [`%.f${size}@example.edu`],
      )
    ).rows;
    const burstSupervisors = (
      await client.query<{ supervisor_id: string; research_cell_id: string }>(
        `select distinct on (u.email) sc.supervisor_id, sc.research_cell_id
           from supervisor_cells sc join users u on u.id = sc.supervisor_id
          order by u.email, sc.research_cell_id limit $1`,
        [BURST_SUPERVISORS],
      )
    ).rows;

    // People a committee member looks for by whole name or by email: four and two students of this
    // database (names repeat rarely in pools of 177 × 183, so fixed pairs would find nobody at 1,000).
    const samples = (
      await client.query<{ name: string; email: string }>(
        `select name, email from users where role = 'student' order by student_id limit 6 offset 7`,
      )
    ).rows;
    const [studentCookie, supervisorCookie, committeeCookie] = await mintSessions(client, [
      student.user_id,
      busiest.supervisor_id,
      committee.id,
    ]);
    const submitters = await mintSessions(
      client,
      freeStudents.map((s) => s.id),
    );
    const fx: Fixture = {
      tag,
      students: students + free,
      supervisors,
      cellCount,
      student: studentCookie,
      studentProposal: student.proposal_id,
      supervisor: supervisorCookie,
      committee: committeeCookie,
      cells: cells.map((c) => c.id),
      submitters,
      burstSupervisors: burstSupervisors.map((r) => ({
        supervisorId: r.supervisor_id,
        researchCellId: r.research_cell_id,
      })),
      pickerCounts: [],
      committeeCounts: [],
      sampleNames: samples.slice(0, 4).map((r) => r.name),
      sampleEmails: samples.slice(4).map((r) => r.email.split("@")[0]),
    };
    for (const [terms, nameOnly, counts] of [
      [pickerTerms(fx), true, fx.pickerCounts],
      [committeeTerms(fx), false, fx.committeeCounts],
    ] as const)
      for (const term of terms) {
        const n = await termMatches(client, term, nameOnly);
        counts.push(n);
        if (n === 0) log(`warning: the search term "${term}" finds no student at ${size}`);
      }
    // Fresh statistics and visibility maps, then everything written to disk: otherwise autovacuum
    // and the checkpoint after the seeding run during the first measurements and slow them down.
    await client.query("vacuum analyze");
    await client.query("checkpoint");
    return fx;
  } finally {
    await client.end();
  }
}
