/**
 * Live fan-out: every active member of the groups of a few supervisors holds GET /api/events
 * open; then all those supervisors at once send a notice to each of their groups, each one after
 * another as a person at the Notice screen does (the next when the last was sent). For
 * each notice, the time from just before its POST was sent until each recipient's stream had
 * the `notice.sent` event carrying its id. Server memory (VmRSS) before and after the streams
 * opened gives the memory per connection.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import type pg from "pg";
import { type Answer, type EventStream, openEventStream, pooled, send, unlimitedAgent } from "./http";
import { round2, type Spread, spread, tally } from "./stats";

export interface FanoutOptions {
  base: URL;
  client: pg.Client;
  serverPid: number;
  /** About this many students are connected (whole supervisors' groups, so a few more). */
  students: number;
  mint: (userIds: string[]) => Promise<string[]>;
  tag: string;
  /** How many streams are opened at a time. */
  openConcurrency?: number;
}

export interface FanoutFigures {
  supervisors: number;
  groups: number;
  streams: number;
  streamsOpen: number;
  openSeconds: number;
  rssBeforeMiB: number;
  rssOpenMiB: number;
  rssAfterMiB: number;
  /** (RSS with the streams open − RSS before) ÷ streams open, in KiB. */
  perConnectionKiB: number;
  noticesSent: number;
  noticeStatus: Record<string, number>;
  post: Spread;
  expected: number;
  received: number;
  delivery: Spread;
  /** From the notice's POST answer until the delivery (negative: the event came first). */
  afterAnswer: Spread;
  /** Streams that did not get (every one of) their notices. */
  streamsMissing: number;
  /** Streams that ended before the end of the burst. */
  streamsEnded: number;
  /** Deliveries later than 2 s after their send. */
  lateOver2s: number;
  resyncs: number;
  burstSeconds: number;
}

const rssMiB = (pid: number) => {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Group {
  supervisorId: string;
  proposalId: string;
  members: string[];
}

/** Supervisors in order of email, whole, until their groups' active members reach `students`. */
async function chooseGroups(client: pg.Client, students: number): Promise<Group[]> {
  const { rows } = await client.query<{ supervisor_id: string; proposal_id: string; members: string[] }>(
    `select p.supervisor_id, p.id as proposal_id, array_agg(m.user_id order by m.position) as members
       from proposals p
       join proposal_members m on m.proposal_id = p.id and m.active
       join users u on u.id = p.supervisor_id
      group by u.email, p.supervisor_id, p.id
      order by u.email, p.id`,
  );
  const out: Group[] = [];
  let count = 0;
  let current = "";
  for (const r of rows) {
    if (r.supervisor_id !== current) {
      if (count >= students) break;
      current = r.supervisor_id;
    }
    out.push({ supervisorId: r.supervisor_id, proposalId: r.proposal_id, members: r.members });
    count += r.members.length;
  }
  return out;
}

export async function runFanout(o: FanoutOptions): Promise<FanoutFigures> {
  const groups = await chooseGroups(o.client, o.students);
  const supervisorIds = [...new Set(groups.map((g) => g.supervisorId))];
  const studentIds = groups.flatMap((g) => g.members);
  const studentCookies = await o.mint(studentIds);
  const supervisorCookies = new Map(
    (await o.mint(supervisorIds)).map((cookie, i) => [supervisorIds[i], cookie] as const),
  );
  const streamOf = new Map(studentIds.map((id, i) => [id, i] as const));

  /** noticeId → stream index → when its event arrived. */
  const arrivals = new Map<string, Map<number, number>>();
  let resyncs = 0;
  let ended = 0;
  let burstOver = false;

  await sleep(1000);
  const rssBefore = rssMiB(o.serverPid);
  const streamAgent = unlimitedAgent(false);
  const opening = performance.now();
  const streams: EventStream[] = await pooled(studentIds, o.openConcurrency ?? 50, (_id, i) =>
    openEventStream(
      streamAgent,
      o.base,
      studentCookies[i],
      (type, data, at) => {
        if (type === "resync") resyncs++;
        if (type !== "notice.sent") return;
        const { noticeId } = JSON.parse(data) as { noticeId: string };
        const seen = arrivals.get(noticeId) ?? new Map<number, number>();
        arrivals.set(noticeId, seen);
        if (!seen.has(i)) seen.set(i, at);
      },
      () => {
        if (!burstOver) ended++;
      },
    ),
  );
  const openSeconds = (performance.now() - opening) / 1000;
  const open = streams.filter((s) => s.status === 200).length;
  await sleep(2000);
  const rssOpen = rssMiB(o.serverPid);

  // The burst: every supervisor at once, each sending to their groups one after another; each
  // notice timed from just before its own POST.
  const postAgent = unlimitedAgent(true);
  const burstStart = performance.now();
  const bySupervisor = new Map<string, { group: Group; k: number }[]>();
  for (const [k, group] of groups.entries())
    bySupervisor.set(group.supervisorId, [...(bySupervisor.get(group.supervisorId) ?? []), { group, k }]);
  const posts: { group: Group; answer: Answer }[] = (
    await Promise.all(
      [...bySupervisor.values()].map(async (mine) => {
        const sent: { group: Group; answer: Answer }[] = [];
        for (const { group, k } of mine)
          sent.push({
            group,
            answer: await send(
              postAgent,
              o.base,
              "POST",
              "/api/notices",
              supervisorCookies.get(group.supervisorId)!,
              {
                proposalId: group.proposalId,
                title: `Fan-out ${o.tag} #${k}`,
                description: "Sent during the live fan-out of the benchmark.",
              },
            ),
          });
        return sent;
      }),
    )
  ).flat();

  // Who should have what: each sent notice to each of its group's connected members.
  const expected: { noticeId: string; stream: number; sentAt: number; answeredAt: number }[] = [];
  for (const { group, answer } of posts) {
    if (answer.status !== 201) continue;
    const { notice } = JSON.parse(answer.body) as { notice: { id: string } };
    for (const member of group.members) {
      const stream = streamOf.get(member)!;
      if (streams[stream].status === 200)
        expected.push({
          noticeId: notice.id,
          stream,
          sentAt: answer.sentAt,
          answeredAt: answer.sentAt + answer.ms,
        });
    }
  }
  const all = () => expected.every((e) => arrivals.get(e.noticeId)?.has(e.stream));
  const lastAnswer = Math.max(...posts.map((p) => p.answer.sentAt + p.answer.ms));
  while (!all() && performance.now() - lastAnswer < 10_000) await sleep(50);
  const burstSeconds = (performance.now() - burstStart) / 1000;
  burstOver = true;
  await sleep(500);
  const rssAfter = rssMiB(o.serverPid);
  postAgent.destroy();
  for (const s of streams) s.close();
  streamAgent.destroy();

  const times: number[] = [];
  const sinceAnswer: number[] = [];
  const missing = new Set<number>();
  for (const e of expected) {
    const at = arrivals.get(e.noticeId)?.get(e.stream);
    if (at === undefined) missing.add(e.stream);
    else {
      times.push(at - e.sentAt);
      sinceAnswer.push(at - e.answeredAt);
    }
  }
  return {
    supervisors: supervisorIds.length,
    groups: groups.length,
    streams: studentIds.length,
    streamsOpen: open,
    openSeconds: round2(openSeconds),
    rssBeforeMiB: round2(rssBefore),
    rssOpenMiB: round2(rssOpen),
    rssAfterMiB: round2(rssAfter),
    perConnectionKiB: open ? round2(((rssOpen - rssBefore) * 1024) / open) : 0,
    noticesSent: posts.length,
    noticeStatus: tally(posts.map((p) => String(p.answer.status))),
    post: spread(posts.filter((p) => p.answer.status > 0).map((p) => p.answer.ms)),
    expected: expected.length,
    received: times.length,
    delivery: spread(times),
    afterAnswer: spread(sinceAnswer),
    streamsMissing: missing.size,
    streamsEnded: ended,
    lateOver2s: times.filter((t) => t > 2000).length,
    resyncs,
    burstSeconds: round2(burstSeconds),
  };
}
