import { makeMember, makeProposalSummary } from "@client/test/factories";
import type { Proposal, ProposalSummary } from "@shared/schemas/proposals";

/** The signed-in student of the client tests (testUser()): the proposals' creator here. */
export const ME = "00000000-0000-4000-8000-000000000001";

/** A proposal as a list sends it (an excerpt of the abstract), for the client tests. */
export const proposal = (o: Partial<ProposalSummary> = {}): ProposalSummary =>
  makeProposalSummary({
    researchCell: { id: "c1", title: "Machine Learning" },
    supervisor: { id: "sup1", name: "Prof. Ayesha Rahman", email: "ayesha@uni.example" },
    createdBy: { id: ME, name: "Tanvir Hasan" },
    members: [
      makeMember({ id: ME, studentId: "S-1" }),
      makeMember({ id: "s2", name: "Mei Lin", studentId: "S-2", position: 1 }),
    ],
    term: { id: "t1", name: "Default", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
    reviewDueAt: o.status && o.status !== "Pending" ? null : "2025-03-08T10:00:00.000Z",
    ...o,
  });

/** A proposal whole, as GET /api/proposals/:id and a submission answer it. */
export const wholeProposal = (o: Partial<Proposal> = {}): Proposal => {
  const { excerpt, ...rest } = proposal();
  return { ...rest, abstract: excerpt, ...o };
};
