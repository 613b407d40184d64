/**
 * The deadline burst: submissions from students who hold no active proposal, spread evenly over
 * a fixed time to a set of supervisors, open loop (each sent at its scheduled moment whether or
 * not earlier ones have answered). Afterwards the database's invariants are checked in SQL.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { type Answer, send, unlimitedAgent } from "./http";
import { round2, type Spread, spread, tally } from "./stats";

export interface BurstOptions {
  base: URL;
  client: pg.Client;
  /** One session cookie per submitter, in the order they submit. */
  cookies: string[];
  /** Submission i goes to supervisors[i % supervisors.length], in that supervisor's cell. */
  supervisors: { supervisorId: string; researchCellId: string }[];
  count: number;
  seconds: number;
  /** Marks this run's proposals (their titles), so the checks find exactly them. */
  tag: string;
}

export interface Invariant {
  name: string;
  pass: boolean;
  detail: string;
}

export interface BurstFigures {
  count: number;
  seconds: number;
  supervisors: number;
  sent: number;
  created: number;
  /** Every answer by status (0 = no HTTP answer, by error). */
  byStatus: Record<string, number>;
  errors: Record<string, number>;
  latency: Spread;
  /** Submissions sent per second, first send to last. */
  sendRate: number;
  /** Answers per second, first send to last answer. */
  answerRate: number;
  /** How late the latest send left after its scheduled moment (the load generator's own lag). */
  maxLagMs: number;
  invariants: Invariant[];
}

const title = (tag: string, i: number) => `Deadline burst ${tag} #${String(i).padStart(5, "0")}`;

export async function runBurst(o: BurstOptions): Promise<BurstFigures> {
  if (o.cookies.length < o.count) throw new Error(`burst: ${o.cookies.length} submitters for ${o.count}`);
  const agent = unlimitedAgent(true);
  const interval = (o.seconds * 1000) / o.count;
  const answers: Answer[] = [];
  let maxLag = 0;
  const start = performance.now() + 200;
  const all = Array.from({ length: o.count }, (_, i) => {
    const at = start + i * interval;
    const { supervisorId, researchCellId } = o.supervisors[i % o.supervisors.length];
    const body = {
      title: title(o.tag, i),
      abstract: "Submitted during the deadline burst of the benchmark.",
      type: i % 2 ? "Project" : "Thesis",
      researchCellId,
      supervisorId,
      memberIds: [],
      requestId: randomUUID(),
    };
    return new Promise<void>((resolve) => {
      setTimeout(
        () => {
          maxLag = Math.max(maxLag, performance.now() - at);
          void send(agent, o.base, "POST", "/api/proposals", o.cookies[i], body).then((a) => {
            answers.push(a);
            resolve();
          });
        },
        Math.max(0, at - performance.now()),
      );
    });
  });
  await Promise.all(all);
  agent.destroy();

  const firstSent = Math.min(...answers.map((a) => a.sentAt));
  const lastSent = Math.max(...answers.map((a) => a.sentAt));
  const lastAnswer = Math.max(...answers.map((a) => a.sentAt + a.ms));
  const created = answers.filter((a) => a.status === 201).length;
  const figures: BurstFigures = {
    count: o.count,
    seconds: o.seconds,
    supervisors: o.supervisors.length,
    sent: answers.length,
    created,
    byStatus: tally(answers.map((a) => String(a.status))),
    errors: tally(answers.filter((a) => a.error).map((a) => a.error as string)),
    latency: spread(answers.filter((a) => a.status > 0).map((a) => a.ms)),
    sendRate: round2((answers.length - 1) / ((lastSent - firstSent) / 1000)),
    answerRate: round2(answers.length / ((lastAnswer - firstSent) / 1000)),
    maxLagMs: round2(maxLag),
    invariants: await checkInvariants(o.client, o.tag, created),
  };
  return figures;
}

/** The rules a burst must leave intact, each checked in SQL on what the burst wrote. */
export async function checkInvariants(client: pg.Client, tag: string, created: number): Promise<Invariant[]> {
  const like = `Deadline burst ${tag} #%`;
  const one = async (text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows[0] as Record<string, number>;
  const out: Invariant[] = [];

  const doubled = await one(
    `select count(*)::int as n from (select user_id from proposal_members where active
       group by term_id, user_id having count(*) > 1) x`,
  );
  out.push({
    name: "no student in more than one active membership in a term",
    pass: doubled.n === 0,
    detail: `${doubled.n} students with two or more`,
  });

  const members = await one(
    `with p as (select id, created_by from proposals where title like $1)
     select count(*)::int as n,
            count(*) filter (where (select count(*) from proposal_members m where m.proposal_id = p.id) <> 1
               or not exists (select 1 from proposal_members m where m.proposal_id = p.id
                               and m.user_id = p.created_by and m.position = 0 and m.active))::int as bad
       from p`,
    [like],
  );
  out.push({
    name: "every new proposal has exactly its creator, as member position 0",
    pass: members.bad === 0,
    detail: `${members.bad} of ${members.n} not so`,
  });

  const mail = await one(
    `with p as (select id, title, supervisor_id from proposals where title like $1),
          c as (select p.id, count(o.id) as n from p
                  left join outbox o on o.user_id = p.supervisor_id and o.kind = 'proposal.submitted'
                                    and strpos(o.subject, p.title) > 0
                 group by p.id)
     select count(*) filter (where n = 0)::int as missing, count(*) filter (where n > 1)::int as extra from c`,
    [like],
  );
  out.push({
    name: "every submission has its email (proposal.submitted) to its supervisor in the outbox",
    pass: mail.missing === 0 && mail.extra === 0,
    detail: `${mail.missing} missing, ${mail.extra} with more than one`,
  });

  const pending = await one(
    `select count(*) filter (where status = 'Pending')::int as pending, count(*)::int as n
       from proposals where title like $1`,
    [like],
  );
  out.push({
    name: "new Pending proposals = 201 answers",
    pass: pending.pending === created && pending.n === created,
    detail: `${pending.pending} Pending (${pending.n} in all), ${created} answered 201`,
  });

  const outside = await one(
    `select count(*)::int as n from proposals p where not exists (select 1 from supervisor_cells sc
       where sc.supervisor_id = p.supervisor_id and sc.research_cell_id = p.research_cell_id)`,
  );
  out.push({
    name: "no proposal whose supervisor is not assigned to its cell",
    pass: outside.n === 0,
    detail: `${outside.n} such proposals`,
  });
  return out;
}
