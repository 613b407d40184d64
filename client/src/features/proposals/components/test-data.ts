import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";

/** The signed-in student of the client tests (testUser()): the proposals' creator here. */
export const ME = "00000000-0000-4000-8000-000000000001";

/** A proposal as a list sends it (an excerpt of the abstract), for the client tests. */
export const proposal = (o: Partial<ProposalSummary> = {}): ProposalSummary => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Graph neural networks for phishing",
  excerpt: "We detect phishing websites.",
  type: "Thesis",
  status: "Pending",
  researchCell: { id: "c1", title: "Machine Learning" },
  supervisor: { id: "sup1", name: "Prof. Ayesha Rahman", email: "ayesha@uni.example" },
  createdBy: { id: ME, name: "Tanvir Hasan" },
  members: [
    { id: ME, name: "Tanvir Hasan", studentId: "S-1", position: 0, state: "accepted" },
    { id: "s2", name: "Mei Lin", studentId: "S-2", position: 1, state: "accepted" },
  ],
  createdAt: "2025-03-01T10:00:00.000Z",
  feedback: null,
  reviewedAt: null,
  reviewedBy: null,
  term: { id: "t1", name: "Default", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
  reviewDueAt: o.status && o.status !== "Pending" ? null : "2025-03-08T10:00:00.000Z",
  committeeFeedback: null,
  committeeDecidedAt: null,
  committeeDecidedBy: null,
  version: 1,
  document: null,
  thesisId: null,
  ...o,
});

/** A proposal whole, as GET /api/proposals/:id and a submission answer it. */
export const wholeProposal = (o: Partial<Proposal> = {}): Proposal => {
  const { excerpt, ...rest } = proposal();
  return { ...rest, abstract: excerpt, ...o };
};
