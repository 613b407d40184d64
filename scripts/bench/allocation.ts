/**
 * The allocation (DESIGN.md §11, §14): 10,000 groups over 2,000 topics of 500 supervisors, each
 * group ranking 5 topics. The matching alone (SPA-student on the instance in memory), then the
 * whole API run (POST /api/terms/:id/allocation: read the term, match, store the draft) on the
 * large database, with the same shape loaded into a term of its own; then the committee's read of
 * the draft (GET …/allocation: the inputs read again and digested, the blocking pairs) and the
 * publication (POST …/allocation/publish: the inputs locked, read and digested, every group placed).
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { mulberry32 } from "../../server/src/lib/mulberry32";
import { type SpaInstance, spaStudent } from "../../server/src/modules/allocation/spa-student";
import { ascending, percentile } from "./stats";

export interface AllocationShape {
  groups: number;
  topics: number;
  supervisors: number;
  preferences: number;
}

export interface AllocationFigures {
  shape: AllocationShape;
  /** The matching alone, in ms, over several runs. */
  match: { runs: number; p50: number; max: number; matched: number };
  /** POST /api/terms/:id/allocation, in ms. */
  api: { runs: number; p50: number; max: number; status: number[]; matched: number };
  /** GET /api/terms/:id/allocation (the draft, whether it is out of date, its blocking pairs), in ms. */
  read: { runs: number; p50: number; max: number; status: number[] };
  /**
   * A what-if scenario (DESIGN.md §20): the draft copied, 200 topics and 100 supervisors given more
   * places, then POST …/scenarios/:sid/run (the inputs read, the matching run with the scenario's
   * capacities, the result stored, the comparison with the draft answered), in ms.
   */
  scenario: { runs: number; p50: number; max: number; status: number[]; changes: number; copyMs: number };
  /** POST /api/terms/:id/allocation/publish, once (it freezes the term), in ms. */
  publish: { ms: number; status: number; placed: number };
  seedSeconds: number;
}

/**
 * The department's shape: each supervisor offers topics/supervisors topics of 3–7 places and takes
 * 25 groups (places for every group, as a department plans them); groups rank distinct topics,
 * popular ones more often (a power-1.5 skew), so that topics and supervisors fill and groups fall
 * back down their lists.
 */
export function shapeInstance(s: AllocationShape, seed = 2027) {
  const random = mulberry32(seed);
  const topics = Array.from({ length: s.topics }, (_, i) => ({
    supervisor: i % s.supervisors,
    capacity: 3 + Math.floor(random() * 5),
  }));
  const prefs = Array.from({ length: s.groups }, () => {
    const list = new Set<number>();
    while (list.size < s.preferences) list.add(Math.floor(random() ** 1.5 * s.topics));
    return [...list];
  });
  const applicants: number[][] = Array.from({ length: s.supervisors }, () => []);
  prefs.forEach((list, g) => {
    for (const k of new Set(list.map((t) => topics[t].supervisor))) applicants[k].push(g);
  });
  const supervisors = applicants.map((list) => {
    const ranking = [...list];
    for (let i = ranking.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ranking[i], ranking[j]] = [ranking[j], ranking[i]];
    }
    return { capacity: 25, ranking };
  });
  return { topics, prefs, supervisors } satisfies SpaInstance;
}

export async function runAllocationBench(o: {
  base: URL;
  client: pg.Client;
  shape: AllocationShape;
  /** A committee member's session cookie. */
  cookie: string;
  cellId: string;
  runs: number;
}): Promise<AllocationFigures> {
  // 1. The matching alone.
  const instance = shapeInstance(o.shape);
  const times: number[] = [];
  let matched = 0;
  for (let i = 0; i < o.runs + 1; i++) {
    const start = performance.now();
    const m = spaStudent(instance);
    const ms = performance.now() - start;
    if (i > 0) times.push(ms); // the first run warms the JIT
    matched = m.filter((x) => x !== null).length;
  }

  // 2. The same shape in a term of the large database, then the API run.
  const seedStart = performance.now();
  const { client } = o;
  const term = randomUUID();
  const tag = term.slice(0, 8);
  await client.query(
    `insert into terms (id, name, mode, max_preferences) values ($1, $2, 'allocation', $3)`,
    [term, `Bench allocation ${tag}`, o.shape.preferences],
  );
  const supervisorIds = Array.from({ length: o.shape.supervisors }, () => randomUUID());
  await client.query(
    `insert into users (id, name, email, role)
     select id, 'Bench supervisor ' || n, 'bench-sup-' || $2 || '-' || n || '@bench.example.edu', 'supervisor'
       from unnest($1::uuid[]) with ordinality as x(id, n)`,
    [supervisorIds, tag],
  );
  await client.query(
    `insert into supervisor_cells (supervisor_id, research_cell_id) select id, $2 from unnest($1::uuid[]) as x(id)`,
    [supervisorIds, o.cellId],
  );
  await client.query(
    `insert into term_capacities (term_id, supervisor_id, capacity) select $2, id, 25 from unnest($1::uuid[]) as x(id)`,
    [supervisorIds, term],
  );
  const topicIds = instance.topics.map(() => randomUUID());
  await client.query(
    `insert into topics (id, term_id, supervisor_id, research_cell_id, title, description, type, capacity)
     select id, $4, sup, $5, 'Bench topic ' || n, 'A topic of the allocation bench.', 'Thesis', cap
       from unnest($1::uuid[], $2::uuid[], $3::int[]) with ordinality as x(id, sup, cap, n)`,
    [
      topicIds,
      instance.topics.map((t) => supervisorIds[t.supervisor]),
      instance.topics.map((t) => t.capacity),
      term,
      o.cellId,
    ],
  );
  const studentIds = instance.prefs.map(() => randomUUID());
  const proposalIds = instance.prefs.map(() => randomUUID());
  for (let i = 0; i < studentIds.length; i += 5000) {
    const students = studentIds.slice(i, i + 5000);
    const props = proposalIds.slice(i, i + 5000);
    await client.query(
      `insert into users (id, name, email, role, student_id)
       select id, 'Bench student ' || ($3::int + n), 'bench-st-' || $2 || '-' || ($3::int + n) || '@bench.example.edu', 'student',
              'BENCH-' || $2 || '-' || ($3::int + n)
         from unnest($1::uuid[]) with ordinality as x(id, n)`,
      [students, tag, i],
    );
    await client.query(
      `insert into proposals (id, title, abstract, type, status, term_id, created_by, pending_since)
       select p, '', '', 'Thesis', 'Awaiting allocation', $3, s, null from unnest($1::uuid[], $2::uuid[]) as x(p, s)`,
      [props, students, term],
    );
    await client.query(
      `insert into proposal_members (proposal_id, user_id, position, state, active, term_id)
       select p, s, 0, 'accepted', true, $3 from unnest($1::uuid[], $2::uuid[]) as x(p, s)`,
      [props, students, term],
    );
  }
  const prefRows = instance.prefs.flatMap((list, g) =>
    list.map((t, r) => [proposalIds[g], topicIds[t], r + 1] as const),
  );
  for (let i = 0; i < prefRows.length; i += 20_000) {
    const batch = prefRows.slice(i, i + 20_000);
    await client.query(
      `insert into proposal_preferences (proposal_id, topic_id, rank)
       select * from unnest($1::uuid[], $2::uuid[], $3::smallint[])`,
      [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2])],
    );
  }
  // Half the supervisors rank their applicants; the others leave them to the lot.
  const rankRows = instance.supervisors.flatMap((s, k) =>
    k % 2 ? [] : s.ranking.map((g, r) => [supervisorIds[k], proposalIds[g], r + 1] as const),
  );
  for (let i = 0; i < rankRows.length; i += 20_000) {
    const batch = rankRows.slice(i, i + 20_000);
    await client.query(
      `insert into supervisor_rankings (supervisor_id, proposal_id, rank) select * from unnest($1::uuid[], $2::uuid[], $3::int[])`,
      [batch.map((r) => r[0]), batch.map((r) => r[1]), batch.map((r) => r[2])],
    );
  }
  await client.query("analyze");
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;

  const { cookie } = o;
  const apiTimes: number[] = [];
  const status: number[] = [];
  let apiMatched = 0;
  for (let i = 0; i < o.runs; i++) {
    const start = performance.now();
    const res = await fetch(new URL(`/api/terms/${term}/allocation`, o.base), {
      method: "POST",
      headers: { cookie, origin: o.base.origin, "content-type": "application/json" },
      body: "{}",
    });
    const body = (await res.json()) as { groups: number; unmatched: number };
    apiTimes.push(performance.now() - start);
    status.push(res.status);
    apiMatched = body.groups - body.unmatched;
  }
  const readTimes: number[] = [];
  const readStatus: number[] = [];
  for (let i = 0; i < o.runs; i++) {
    const start = performance.now();
    const res = await fetch(new URL(`/api/terms/${term}/allocation`, o.base), { headers: { cookie } });
    await res.arrayBuffer();
    readTimes.push(performance.now() - start);
    readStatus.push(res.status);
  }
  const scenario = await scenarioRuns(o, term);
  const publishStart = performance.now();
  const published = await fetch(new URL(`/api/terms/${term}/allocation/publish`, o.base), {
    method: "POST",
    headers: { cookie, origin: o.base.origin, "content-type": "application/json" },
    body: "{}",
  });
  const publishBody = (await published.json()) as { placed?: number };
  const publishMs = performance.now() - publishStart;
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    shape: o.shape,
    match: {
      runs: times.length,
      p50: round(percentile(ascending(times), 0.5)),
      max: round(Math.max(...times)),
      matched,
    },
    api: {
      runs: apiTimes.length,
      p50: round(percentile(ascending(apiTimes), 0.5)),
      max: round(Math.max(...apiTimes)),
      status,
      matched: apiMatched,
    },
    read: {
      runs: readTimes.length,
      p50: round(percentile(ascending(readTimes), 0.5)),
      max: round(Math.max(...readTimes)),
      status: readStatus,
    },
    scenario,
    publish: { ms: round(publishMs), status: published.status, placed: publishBody.placed ?? 0 },
    seedSeconds,
  };
}

/** The draft copied into a scenario, capacities raised there, then the scenario run `o.runs` times. */
async function scenarioRuns(o: { base: URL; cookie: string; runs: number }, term: string) {
  const headers = { cookie: o.cookie, origin: o.base.origin, "content-type": "application/json" };
  const url = (path: string) => new URL(`/api/terms/${term}/allocation/scenarios${path}`, o.base);
  const copyStart = performance.now();
  const made = await fetch(url(""), { method: "POST", headers, body: "{}" });
  const copyMs = performance.now() - copyStart;
  const s = (
    (await made.json()) as {
      scenario: {
        id: string;
        topics: { id: string; real: number }[];
        supervisors: { id: string; real: number | null }[];
      };
    }
  ).scenario;
  const patch = {
    topicCapacities: Object.fromEntries(s.topics.slice(0, 200).map((t) => [t.id, t.real + 2])),
    supervisorCapacities: Object.fromEntries(
      s.supervisors.slice(0, 100).map((x) => [x.id, (x.real ?? 25) + 5]),
    ),
  };
  const edited = await fetch(url(`/${s.id}`), { method: "PATCH", headers, body: JSON.stringify(patch) });
  await edited.arrayBuffer();
  const times: number[] = [];
  const status: number[] = [];
  let changes = 0;
  for (let i = 0; i < o.runs; i++) {
    const start = performance.now();
    const res = await fetch(url(`/${s.id}/run`), { method: "POST", headers, body: "{}" });
    const body = (await res.json()) as { scenario?: { comparison: { changes: unknown[] } | null } };
    times.push(performance.now() - start);
    status.push(res.status);
    changes = body.scenario?.comparison?.changes.length ?? 0;
  }
  await (
    await fetch(url(`/${s.id}`), { method: "DELETE", headers: { cookie: o.cookie, origin: o.base.origin } })
  ).arrayBuffer();
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    runs: times.length,
    p50: round(percentile(ascending(times), 0.5)),
    max: round(Math.max(...times)),
    status,
    changes,
    copyMs: round(copyMs),
  };
}
