import { randomUUID } from "node:crypto";
import type { Db } from "../../server/src/db/client";
import {
  messages,
  noticeRecipients,
  notices,
  proposalMembers,
  proposals,
  proposalVersions,
  researchCells,
  supervisorCells,
} from "../../server/src/db/schema";
import { createAccount } from "../../server/src/modules/accounts/accounts.service";
import { recordActivity } from "../../server/src/modules/activity/activity.repository";
import { startThesis } from "../../server/src/modules/theses/start";
import { CELL_CATALOGUE } from "./seed-pools";

export const DEMO_PASSWORD = "thesisdesk-demo";

const DAY = 86_400_000;

/**
 * A small department that looks real: a committee member, five cells, six supervisors, sixteen
 * students, and proposals in most of a proposal's statuses (DESIGN.md §9).
 */
export async function seedDemo(db: Db) {
  const account = (
    role: "committee" | "supervisor" | "student",
    name: string,
    email: string,
    studentId?: string,
  ) => createAccount(db, { role, name, email, password: DEMO_PASSWORD, studentId: studentId ?? null });

  const committee = await account("committee", "Dr. Nusrat Jahan", "committee@demo.example.edu");

  const cells = CELL_CATALOGUE.slice(0, 5).map((c) => ({ id: randomUUID(), ...c }));
  await db.insert(researchCells).values(cells);

  const supervisorSpecs: [string, string, number[]][] = [
    ["Prof. Ayesha Rahman", "ayesha.rahman@demo.example.edu", [0]],
    ["Dr. Marco Bianchi", "marco.bianchi@demo.example.edu", [0, 2]],
    ["Dr. Kenji Watanabe", "kenji.watanabe@demo.example.edu", [1]],
    ["Prof. Leila Haddad", "leila.haddad@demo.example.edu", [2, 3]],
    ["Dr. Samuel Osei", "samuel.osei@demo.example.edu", [4]],
    ["Dr. Ingrid Larsen", "ingrid.larsen@demo.example.edu", [3]],
  ];
  const supervisors: Awaited<ReturnType<typeof account>>[] = [];
  for (const [name, email, cellIdx] of supervisorSpecs) {
    const s = await account("supervisor", name, email);
    await db
      .insert(supervisorCells)
      .values(cellIdx.map((i) => ({ supervisorId: s.id, researchCellId: cells[i].id })));
    supervisors.push(s);
  }

  const studentNames = [
    "Tanvir Hasan",
    "Mei Lin",
    "Omar Farouk",
    "Sofia Martins",
    "Arif Chowdhury",
    "Hannah Becker",
    "Ravi Kumar",
    "Lucía Gómez",
    "Yuki Sato",
    "Daniel Mensah",
    "Fatima Noor",
    "Erik Johansson",
    "Amara Okafor",
    "Lukas Weber",
    "Priya Nair",
    "Chen Wei",
  ];
  const students: Awaited<ReturnType<typeof account>>[] = [];
  for (const [i, name] of studentNames.entries()) {
    const email = `${name
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z ]/g, "")
      .replace(/ /g, ".")}@demo.example.edu`;
    students.push(await account("student", name, email, `2025-CS-${String(101 + i).padStart(4, "0")}`));
  }

  const now = Date.now();
  const plan = [
    {
      title: "Detecting phishing websites with graph neural networks",
      type: "Thesis",
      cell: 0,
      sup: 0,
      members: [0, 1],
      status: "Pending",
      age: 2,
    },
    {
      title: "An accessible campus navigation app",
      type: "Project",
      cell: 3,
      sup: 3,
      members: [2, 3, 4],
      status: "Approved",
      age: 20,
      feedback: "A well-scoped project. Start with the user study plan.",
    },
    {
      title: "Low-cost air quality sensor network for Dhaka",
      type: "Project",
      cell: 4,
      sup: 4,
      members: [5],
      status: "Pending",
      age: 1,
    },
    {
      title: "Secure exam proctoring without cameras",
      type: "Thesis",
      cell: 1,
      sup: 2,
      members: [6, 7],
      status: "Denied",
      age: 40,
      feedback: "The privacy risks outweigh the benefits as proposed; rethink the threat model.",
    },
    {
      title: "Automated feedback on programming assignments",
      type: "Thesis",
      cell: 2,
      sup: 1,
      members: [6, 7],
      status: "Approved",
      age: 10,
      feedback: "Good. Compare against at least two existing tools.",
    },
    {
      title: "Scheduling a solar microgrid for a rural clinic",
      type: "Project",
      cell: 4,
      sup: 4,
      members: [12, 13],
      status: "Changes requested",
      age: 6,
      feedback: "Promising. Narrow the scope to one clinic and add a budget for the batteries.",
    },
    {
      // Priya has invited Chen, who has not answered yet: the supervisor does not see it yet.
      title: "Sign-language recognition on a phone",
      type: "Thesis",
      cell: 3,
      sup: 5,
      members: [14],
      invited: [15],
      status: "Awaiting members",
      age: 0,
    },
  ] as const;

  const created = [];
  for (const p of plan) {
    const id = randomUUID();
    const createdAt = new Date(now - p.age * DAY);
    const reviewed = p.status !== "Pending" && p.status !== "Awaiting members";
    const reviewedAt = new Date(createdAt.getTime() + 2 * DAY);
    const creator = students[p.members[0]];
    const abstract = `${p.title}. We describe the problem, survey related work, propose a method and an evaluation plan, and list the milestones for the academic year.`;
    const [{ termId }] = await db
      .insert(proposals)
      .values({
        id,
        title: p.title,
        abstract,
        type: p.type,
        researchCellId: cells[p.cell].id,
        supervisorId: supervisors[p.sup].id,
        status: p.status,
        createdBy: creator.id,
        createdAt,
        // It reached its supervisor at once unless its invitations are still open.
        pendingSince: p.status === "Awaiting members" ? null : createdAt,
        feedback: reviewed && "feedback" in p ? p.feedback : null,
        reviewedAt: reviewed ? reviewedAt : null,
        reviewedBy: reviewed ? supervisors[p.sup].id : null,
      })
      .returning({ termId: proposals.termId });
    const invited = "invited" in p ? p.invited : [];
    await db.insert(proposalMembers).values([
      ...p.members.map((m, position) => ({
        proposalId: id,
        userId: students[m].id,
        position,
        active: p.status !== "Denied",
      })),
      ...invited.map((m, i) => ({
        proposalId: id,
        userId: students[m].id,
        position: p.members.length + i,
        state: "invited" as const,
        active: false,
      })),
    ]);
    await db.insert(proposalVersions).values({
      proposalId: id,
      number: 1,
      title: p.title,
      abstract,
      authorId: creator.id,
      createdAt,
    });
    // Its timeline: the submission, the invitations and the review.
    await recordActivity(
      db,
      {
        at: createdAt,
        actorId: creator.id,
        kind: "proposal",
        action: "submit",
        proposalId: id,
        toStatus: invited.length ? "Awaiting members" : "Pending",
      },
      ...invited.map((m) => ({
        at: createdAt,
        actorId: creator.id,
        kind: "invitation" as const,
        action: "invite",
        proposalId: id,
        subjectId: students[m].id,
        subjectName: students[m].name,
      })),
      ...(reviewed
        ? [
            {
              at: reviewedAt,
              actorId: supervisors[p.sup].id,
              kind: "proposal" as const,
              action: { Approved: "approve", Denied: "deny", "Changes requested": "requestChanges" }[
                p.status as "Approved" | "Denied" | "Changes requested"
              ],
              proposalId: id,
              fromStatus: "Pending" as const,
              toStatus: p.status,
              note: "feedback" in p ? p.feedback : null,
            },
          ]
        : []),
    );
    // An Approved proposal has its thesis (DESIGN.md §16), started by the approval.
    if (p.status === "Approved") {
      const by = { id: supervisors[p.sup].id, name: supervisors[p.sup].name, role: "supervisor" as const };
      await startThesis({ db, by, now: reviewedAt }, { id, term_id: termId, supervisor_id: by.id });
    }
    created.push({ id, ...p });
  }

  const approved = created[1];
  const [notice] = await db
    .insert(notices)
    .values({
      proposalId: approved.id,
      supervisorId: supervisors[approved.sup].id,
      title: "Kick-off meeting",
      description: "Let's meet on Thursday at 10:00 in room 4.12. Bring your first sketches.",
      createdAt: new Date(now - 5 * DAY),
    })
    .returning();
  await db
    .insert(noticeRecipients)
    .values(approved.members.map((m) => ({ noticeId: notice.id, userId: students[m].id })));
  await db.insert(messages).values([
    {
      proposalId: approved.id,
      authorId: students[2].id,
      body: "Hi all, I uploaded the interview questions.",
      createdAt: new Date(now - 3 * DAY),
    },
    {
      proposalId: approved.id,
      authorId: supervisors[3].id,
      body: "Thanks, they look good. Add one about wheelchair routes.",
      createdAt: new Date(now - 2 * DAY),
    },
  ]);

  return {
    logins: [
      { role: "committee", name: committee.name, email: committee.email },
      ...supervisors.map((s) => ({ role: "supervisor", name: s.name, email: s.email })),
      ...students.map((s) => ({ role: "student", name: s.name, email: s.email })),
    ],
  };
}
