import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import type { Db } from "../../server/src/db/client";
import {
  accounts,
  messages,
  noticeRecipients,
  notices,
  proposalMembers,
  proposals,
  proposalVersions,
  researchCells,
  supervisorCells,
  theses,
  users,
} from "../../server/src/db/schema";
import { hashPassword } from "../../server/src/lib/password";
import type { ProposalStatus, ProposalType, Role } from "../../shared/src/enums";
import { thesisDueAt } from "../../shared/src/thesis-life";
import { DEFAULT_WRITING_WEEKS } from "../../shared/src/thesis-settings";
import { CELL_CATALOGUE, FIRST, LAST, TOPICS } from "./seed-pools";
import { rng } from "./seed-random";

const BATCH = 1000;
async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n);
}

export interface VolumeOptions {
  students: number;
  supervisors: number;
  cells: number;
  /** Total proposals; about a third active (Pending/Approved), the rest Denied history. */
  proposals: number;
  /** Notices per active proposal (0–n) and chat messages per active proposal. */
  noticesPerGroup: number;
  messagesPerGroup: number;
  password: string;
  /** Makes emails and student IDs unique across runs (with --force). */
  tag: string;
  seed?: number;
}

export interface SeedResult {
  students: number;
  supervisors: number;
  cells: number;
  proposals: number;
  activeProposals: number;
  notices: number;
  messages: number;
  sample: { student?: string; supervisor?: string };
}

interface SeedUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  studentId: string | null;
}

/**
 * Volume data for tests and benchmarks: batched inserts and one shared password hash.
 * Every rule of DESIGN.md §4 holds: supervisors only in their cells, groups of 1–3 distinct
 * students, at most one active proposal per student, Denied proposals with feedback.
 */
export async function seedVolume(db: Db, o: VolumeOptions): Promise<SeedResult> {
  const r = rng(o.seed ?? 42);
  const hash = await hashPassword(o.password);
  const now = Date.now();

  const cellRows = Array.from({ length: o.cells }, (_, i) => {
    const base = CELL_CATALOGUE[i % CELL_CATALOGUE.length];
    const suffix = i < CELL_CATALOGUE.length ? "" : ` ${Math.floor(i / CELL_CATALOGUE.length) + 1}`;
    return { id: randomUUID(), title: `${base.title}${suffix} (${o.tag})`, description: base.description };
  });
  await insertBatches(cellRows, (b) => db.insert(researchCells).values(b));

  const makeUsers = (n: number, role: Role): SeedUser[] =>
    Array.from({ length: n }, (_, i) => {
      const first = r.pick(FIRST);
      const last = r.pick(LAST);
      const handle = `${first}.${last}.${role.slice(0, 2)}${i}.${o.tag}`.toLowerCase();
      return {
        id: randomUUID(),
        name: `${first} ${last}`,
        email: `${handle}@example.edu`,
        role,
        studentId: role === "student" ? `S${o.tag.toUpperCase()}${String(i).padStart(6, "0")}` : null,
      };
    });
  const supervisorsList = makeUsers(o.supervisors, "supervisor");
  const studentsList = makeUsers(o.students, "student");
  const allUsers = [...supervisorsList, ...studentsList];
  await insertBatches(allUsers, async (b) => {
    await db
      .insert(users)
      .values(b.map((u, i) => ({ ...u, createdAt: new Date(now - (b.length - i) * 1000) })));
    await db
      .insert(accounts)
      .values(b.map((u) => ({ userId: u.id, accountId: u.id, providerId: "credential", password: hash })));
  });

  // Each supervisor in one or two cells; every cell gets at least one supervisor when possible.
  const cellsOf = new Map<string, string[]>();
  const links: { supervisorId: string; researchCellId: string }[] = [];
  supervisorsList.forEach((s, i) => {
    const ids = new Set<string>();
    if (cellRows.length) ids.add(cellRows[i % cellRows.length].id);
    if (cellRows.length > 1 && r.next() < 0.4) ids.add(r.pick(cellRows).id);
    cellsOf.set(s.id, [...ids]);
    for (const id of ids) links.push({ supervisorId: s.id, researchCellId: id });
  });
  await insertBatches(links, (b) => db.insert(supervisorCells).values(b));

  const result: SeedResult = {
    students: studentsList.length,
    supervisors: supervisorsList.length,
    cells: cellRows.length,
    proposals: 0,
    activeProposals: 0,
    notices: 0,
    messages: 0,
    sample: { student: studentsList[0]?.email, supervisor: supervisorsList[0]?.email },
  };
  const staffed = supervisorsList.filter((s) => (cellsOf.get(s.id) ?? []).length > 0);
  if (!staffed.length || !studentsList.length || o.proposals <= 0) return result;

  // Groups of 1–3 students; each student belongs to exactly one group for active proposals.
  const pool = r.shuffle(studentsList.map((s) => s.id));
  const groups: string[][] = [];
  for (let i = 0; i < pool.length; ) {
    const size = Math.min(r.int(1, 3), pool.length - i);
    groups.push(pool.slice(i, i + size));
    i += size;
  }
  const activeCount = Math.min(groups.length, Math.ceil(o.proposals / 3));
  const deniedCount = o.proposals - activeCount;

  type P = typeof proposals.$inferInsert;
  const proposalRows: P[] = [];
  const memberRows: (typeof proposalMembers.$inferInsert)[] = [];
  const versionRows: (typeof proposalVersions.$inferInsert)[] = [];
  const activeIds: { id: string; supervisorId: string; members: string[] }[] = [];
  // Every Approved proposal has its thesis (DESIGN.md §16), started when it was approved.
  const thesisRows: (typeof theses.$inferInsert)[] = [];
  const make = (group: string[], status: ProposalStatus, ageDays: number) => {
    const supervisor = r.pick(staffed);
    const cellId = r.pick(cellsOf.get(supervisor.id)!);
    const id = randomUUID();
    const createdAt = new Date(now - ageDays * 86_400_000 - r.int(0, 86_400_000));
    const reviewed = status !== "Pending";
    proposalRows.push({
      id,
      title: `${r.pick(TOPICS)} (${proposalRows.length + 1})`,
      abstract: `We study ${r.pick(TOPICS).toLowerCase()}: the problem, related work, our method, and how we will evaluate it within one academic year.`,
      type: (r.next() < 0.55 ? "Thesis" : "Project") as ProposalType,
      researchCellId: cellId,
      supervisorId: supervisor.id,
      status,
      createdBy: group[0],
      createdAt,
      feedback: reviewed
        ? status === "Denied"
          ? "The scope is too broad; narrow the research question and resubmit."
          : "Approved. Send me a first outline in two weeks."
        : null,
      reviewedAt: reviewed ? new Date(createdAt.getTime() + 3 * 86_400_000) : null,
      reviewedBy: reviewed ? supervisor.id : null,
      pendingSince: createdAt,
    });
    const last = proposalRows[proposalRows.length - 1];
    versionRows.push({
      proposalId: id,
      number: 1,
      title: last.title,
      abstract: last.abstract,
      authorId: group[0],
      createdAt,
    });
    if (status === "Approved") {
      const startedAt = new Date(createdAt.getTime() + 3 * 86_400_000);
      const dueAt = thesisDueAt(startedAt, { thesisDueAt: null, writingWeeks: DEFAULT_WRITING_WEEKS });
      thesisRows.push({ proposalId: id, startedAt, dueAt, firstExaminerId: supervisor.id });
    }
    for (const [position, userId] of group.entries()) {
      memberRows.push({ proposalId: id, userId, position, active: status !== "Denied" });
    }
    if (status !== "Denied") activeIds.push({ id, supervisorId: supervisor.id, members: group });
  };
  for (let i = 0; i < activeCount; i++)
    make(groups[i], r.next() < 0.5 ? "Pending" : "Approved", r.int(0, 60));
  for (let i = 0; i < deniedCount; i++) make(r.pick(groups), "Denied", r.int(60, 1500));

  await insertBatches(proposalRows, (b) => db.insert(proposals).values(b));
  await insertBatches(memberRows, (b) => db.insert(proposalMembers).values(b));
  await insertBatches(versionRows, (b) => db.insert(proposalVersions).values(b));
  await insertBatches(thesisRows, (b) => db.insert(theses).values(b));
  result.proposals = proposalRows.length;
  result.activeProposals = activeIds.length;

  const noticeRows: (typeof notices.$inferInsert)[] = [];
  const recipientRows: (typeof noticeRecipients.$inferInsert)[] = [];
  const messageRows: (typeof messages.$inferInsert)[] = [];
  for (const p of activeIds) {
    for (let k = 0; k < o.noticesPerGroup; k++) {
      const id = randomUUID();
      noticeRows.push({
        id,
        proposalId: p.id,
        supervisorId: p.supervisorId,
        title: r.pick([
          "Meeting on Thursday",
          "Literature review due",
          "Lab access",
          "Draft feedback",
          "Presentation slot",
        ]),
        description: "Please check the shared folder before we meet, and bring your questions.",
        createdAt: new Date(now - r.int(1, 20) * 86_400_000),
      });
      for (const userId of p.members)
        recipientRows.push({ noticeId: id, userId, readAt: r.next() < 0.5 ? new Date() : null });
    }
    for (let k = 0; k < o.messagesPerGroup; k++) {
      const authors = [...p.members, p.supervisorId];
      messageRows.push({
        proposalId: p.id,
        authorId: r.pick(authors),
        body: r.pick([
          "Uploaded the new draft.",
          "Can we meet tomorrow?",
          "I fixed the dataset issue.",
          "Looks good, keep going.",
          "Thanks!",
        ]),
        createdAt: new Date(now - (o.messagesPerGroup - k) * 3_600_000),
      });
    }
  }
  await insertBatches(noticeRows, (b) => db.insert(notices).values(b));
  await insertBatches(recipientRows, (b) => db.insert(noticeRecipients).values(b));
  await insertBatches(messageRows, (b) => db.insert(messages).values(b));
  result.notices = noticeRows.length;
  result.messages = messageRows.length;
  return result;
}

/** After a bulk load: fresh planner statistics and visibility maps (as autovacuum would give). */
export async function analyze(db: Db) {
  await db.execute(sql`vacuum analyze`);
}
