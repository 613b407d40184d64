import type { Proposal } from "@shared/schemas/proposals";

/** A proposal as the API sends it, for the client tests. */
export const proposal = (o: Partial<Proposal> = {}): Proposal => ({
  id: "11111111-1111-4111-8111-111111111111",
  title: "Graph neural networks for phishing",
  abstract: "We detect phishing websites.",
  type: "Thesis",
  status: "Pending",
  researchCell: { id: "c1", title: "Machine Learning" },
  supervisor: { id: "sup1", name: "Prof. Ayesha Rahman", email: "ayesha@uni.example" },
  createdBy: { id: "s1", name: "Tanvir Hasan" },
  members: [
    { id: "s1", name: "Tanvir Hasan", studentId: "S-1", position: 0 },
    { id: "s2", name: "Mei Lin", studentId: "S-2", position: 1 },
  ],
  createdAt: "2025-03-01T10:00:00.000Z",
  feedback: null,
  reviewedAt: null,
  reviewedBy: null,
  ...o,
});
