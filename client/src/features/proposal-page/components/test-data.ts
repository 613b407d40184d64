import { makeActivity, makeMember, makeProposal } from "@client/test/factories";
import { testUser } from "@client/test/render";
import type { ActivityItem, Version } from "@shared/schemas/life";
import type { Proposal } from "@shared/schemas/proposals";

/** People of the proposal page's tests. */
export const PEOPLE = {
  creator: testUser({ id: "00000000-0000-4000-8000-00000000000a", name: "Alan Creator", studentId: "S-A" }),
  member: testUser({ id: "00000000-0000-4000-8000-00000000000b", name: "Grace Member", studentId: "S-B" }),
  invitee: testUser({ id: "00000000-0000-4000-8000-00000000000c", name: "Carol Invitee", studentId: "S-C" }),
  outsider: testUser({ id: "00000000-0000-4000-8000-00000000000d", name: "Olga Outsider", studentId: "S-D" }),
  supervisor: testUser({
    id: "00000000-0000-4000-8000-0000000000f1",
    name: "Prof. Ayesha Rahman",
    role: "supervisor",
    studentId: null,
  }),
  committee: testUser({
    id: "00000000-0000-4000-8000-0000000000c1",
    name: "Dr. Nusrat Jahan",
    role: "committee",
    studentId: null,
  }),
};

export const ID = "22222222-2222-4222-8222-222222222222";

/** A whole proposal, as GET /api/proposals/:id answers it: Pending with Alan and Grace. */
export const lifeProposal = (o: Partial<Proposal> = {}): Proposal =>
  makeProposal({
    id: ID,
    title: "Explaining phishing detectors",
    abstract: "We make phishing detectors explain their decisions.",
    researchCell: { id: "33333333-3333-4333-8333-333333333333", title: "Security" },
    supervisor: { id: PEOPLE.supervisor.id, name: PEOPLE.supervisor.name, email: "ayesha@uni.example" },
    createdBy: { id: PEOPLE.creator.id, name: PEOPLE.creator.name },
    members: [
      makeMember({ id: PEOPLE.creator.id, name: PEOPLE.creator.name, studentId: "S-A" }),
      makeMember({ id: PEOPLE.member.id, name: PEOPLE.member.name, studentId: "S-B", position: 1 }),
    ],
    createdAt: "2027-03-01T09:00:00.000Z",
    term: { id: "t1", name: "Spring 2027", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
    ...o,
  });

export const version = (o: Partial<Version> = {}): Version => ({
  id: `v${o.number ?? 1}`,
  number: 1,
  title: "Explaining phishing detectors",
  abstract: "We make phishing detectors explain their decisions.",
  note: null,
  author: { id: PEOPLE.creator.id, name: PEOPLE.creator.name },
  createdAt: "2027-03-01T09:00:00.000Z",
  document: null,
  ...o,
});

let seq = 1;
export const activity = (o: Partial<ActivityItem> = {}): ActivityItem =>
  makeActivity({
    id: seq++,
    at: "2027-03-01T09:00:00.000Z",
    actor: { id: PEOPLE.creator.id, name: PEOPLE.creator.name },
    action: "submit",
    proposal: { id: ID, title: "Explaining phishing detectors" },
    to: "Pending",
    ...o,
  });
