import type { Allocation, Applicant, Topic } from "@shared/schemas/allocation";

/** Ids of the allocation fixtures: a term, two supervisors, three topics and three groups. */
export const AID = {
  term: "7e000000-0000-4000-8000-0000000000a1",
  kenji: "50000000-0000-4000-8000-000000000001",
  samuel: "50000000-0000-4000-8000-000000000002",
  cell: "60000000-0000-4000-8000-000000000001",
  k1: "70000000-0000-4000-8000-000000000001",
  k2: "70000000-0000-4000-8000-000000000002",
  s1: "70000000-0000-4000-8000-000000000003",
  g1: "80000000-0000-4000-8000-000000000001",
  g2: "80000000-0000-4000-8000-000000000002",
  g3: "80000000-0000-4000-8000-000000000003",
};

export const topic = (o: Partial<Topic> = {}): Topic => ({
  id: AID.k1,
  termId: AID.term,
  title: "Path planning for robots",
  description: "Robots find their way through a warehouse.",
  type: "Thesis",
  researchCell: { id: AID.cell, title: "Robotics" },
  supervisor: { id: AID.kenji, name: "Dr. Kenji Watanabe" },
  capacity: 1,
  applicants: 0,
  placed: 0,
  withdrawn: false,
  createdAt: "2027-01-01T00:00:00.000Z",
  ...o,
});

export const TOPICS = [
  topic(),
  topic({ id: AID.k2, title: "Simulating drone swarms" }),
  topic({
    id: AID.s1,
    title: "Solar microgrid forecasting",
    supervisor: { id: AID.samuel, name: "Dr. Samuel Osei" },
    researchCell: { id: "60000000-0000-4000-8000-000000000002", title: "Energy" },
  }),
];

export const applicant = (o: Partial<Applicant> = {}): Applicant => ({
  proposalId: AID.g1,
  title: "",
  abstract: "",
  members: [{ id: "s1", name: "Ada Creator", studentId: "S-1" }],
  preferences: [{ topicId: AID.k1, title: "Path planning for robots", mine: true }],
  rank: null,
  ...o,
});

/**
 * GET /api/terms/:id/allocation after a run: Ada's group got its 2nd choice (S1), Cara's its 1st
 * (K1), Dev's none; by default nothing is out of date, moved or published.
 */
export const allocation = (
  o: Partial<Allocation> = {},
  draft: Partial<NonNullable<Allocation["draft"]>> = {},
): Allocation => ({
  termId: AID.term,
  publishedAt: null,
  groups: [
    { proposalId: AID.g1, title: "", creator: "Ada Creator", preferences: [AID.k1, AID.s1] },
    { proposalId: AID.g2, title: "Robots we trust", creator: "Cara Second", preferences: [AID.k1, AID.k2] },
    { proposalId: AID.g3, title: "", creator: "Dev Third", preferences: [AID.k1] },
  ],
  topics: [
    { id: AID.k1, title: "Path planning for robots", supervisorId: AID.kenji, capacity: 1 },
    { id: AID.k2, title: "Simulating drone swarms", supervisorId: AID.kenji, capacity: 1 },
    { id: AID.s1, title: "Solar microgrid forecasting", supervisorId: AID.samuel, capacity: 1 },
  ],
  load: [
    { supervisorId: AID.kenji, name: "Dr. Kenji Watanabe", used: 0, assigned: 1, capacity: null },
    { supervisorId: AID.samuel, name: "Dr. Samuel Osei", used: 0, assigned: 1, capacity: 2 },
  ],
  draft: {
    seed: "917832c1c5383af0",
    madeAt: "2027-02-01T10:00:00.000Z",
    madeBy: { id: "c", name: "Dr. Nusrat Jahan" },
    outOfDate: false,
    moved: false,
    assignments: [
      { proposalId: AID.g1, topicId: AID.s1, rank: 2, title: "", creator: "Ada Creator" },
      { proposalId: AID.g2, topicId: AID.k1, rank: 1, title: "Robots we trust", creator: "Cara Second" },
      { proposalId: AID.g3, topicId: null, rank: null, title: "", creator: "Dev Third" },
    ],
    byRank: [1, 1],
    unmatched: 1,
    blockingPairs: [],
    ...draft,
  },
  ...o,
});
