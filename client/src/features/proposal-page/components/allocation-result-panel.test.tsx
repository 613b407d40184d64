import { AID, TOPICS } from "@client/test/allocation-fixture";
import { MSG } from "@shared/messages";
import type { AllocationCertificate, AllocationReceipt, PreferenceList } from "@shared/schemas/allocation";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ID, lifeProposal, PEOPLE } from "./test-data";
import { renderPage } from "./test-render";

/** The group each receipt was asked for. */
let asked: (string | null)[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  asked = [];
});

const term = {
  id: AID.term,
  name: "Autumn 2027",
  mode: "allocation" as const,
  committeeApproval: false,
  revisionsCloseAt: null,
};
const placed = lifeProposal({ status: "Pending", term });
const prefs: PreferenceList = {
  items: [TOPICS[0], TOPICS[1]].map((t) => ({
    topicId: t.id,
    title: t.title,
    supervisor: t.supervisor,
    researchCell: t.researchCell,
  })),
  maxPreferences: 3,
  publishedAt: "2027-02-02T10:00:00.000Z",
};
const receipt: AllocationReceipt = {
  proposalId: ID,
  published: true,
  got: { topicId: TOPICS[1].id, title: TOPICS[1].title, rank: 2 },
  reasons: [
    {
      topicId: TOPICS[0].id,
      title: TOPICS[0].title,
      rank: 1,
      why: "topicFull",
      sentence: MSG.receiptTopicFull(TOPICS[0].title, 2),
    },
  ],
  blockingPairs: 0,
};
const certificate: AllocationCertificate = {
  termId: AID.term,
  termName: "Autumn 2027",
  publishedAt: "2027-02-02T10:00:00.000Z",
  publishedBy: null,
  algorithm: "Student-optimal stable matching",
  seed: "s33d",
  inputsDigest: "cd".repeat(32),
  groups: 12,
  topics: 5,
  supervisors: 3,
  byRank: [8, 2],
  unmatched: 1,
  handMoves: 1,
  blockingPairs: 0,
  yours: { proposalId: ID, topicId: TOPICS[1].id, rank: 2 },
};
const routes = {
  [`GET /api/proposals/${ID}/preferences`]: () => ({ body: prefs }),
  [`GET /api/terms/${AID.term}/allocation/receipt`]: (_: unknown, url: URL) => {
    asked.push(url.searchParams.get("proposalId"));
    return { body: { receipt } };
  },
  [`GET /api/terms/${AID.term}/allocation/certificate`]: () => ({ body: { certificate } }),
};

describe("the group's allocation on the proposal page", () => {
  it("a member reads what the group got, why not its higher choices, and the certificate", async () => {
    const { api } = renderPage({ user: PEOPLE.member, proposal: placed, versions: [], routes });
    const panel = await screen.findByRole("region", { name: "Your allocation" });
    expect(
      await within(panel).findByText(`Your group got “${TOPICS[1].title}”, its 2nd choice.`),
    ).toBeInTheDocument();
    expect(within(panel).getByRole("listitem")).toHaveTextContent(
      `1st choice: ${MSG.receiptTopicFull(TOPICS[0].title, 2)}`,
    );
    expect(within(panel).getByText(MSG.receiptNoBlocking)).toBeInTheDocument();
    expect(
      await within(panel).findByRole("region", { name: "The allocation's certificate" }),
    ).toHaveTextContent(
      "12 groups over 5 topics of 3 supervisors; 11 matched (8 to their 1st choice, 2 to their 2nd choice, 1 off their list), 1 unmatched",
    );
    expect(api.calls.filter((c) => c.path.endsWith("/allocation/receipt"))).toHaveLength(1);
    expect(asked).toEqual([ID]);
  });

  it("is not shown to the supervisor, nor before publication", async () => {
    const { api } = renderPage({ user: PEOPLE.supervisor, proposal: placed, versions: [], routes });
    expect(await screen.findByRole("region", { name: "Ranked topics" })).toBeInTheDocument();
    expect(await screen.findByText(/\(Published /)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: /allocation$/ })).toBeNull();
    expect(api.calls.filter((c) => c.path.endsWith("/allocation/receipt"))).toHaveLength(0);
  });

  it("is not shown to a member before the allocation is published", async () => {
    const { api } = renderPage({
      user: PEOPLE.member,
      proposal: lifeProposal({ status: "Awaiting allocation", term }),
      versions: [],
      routes: {
        ...routes,
        [`GET /api/proposals/${ID}/preferences`]: () => ({ body: { ...prefs, publishedAt: null } }),
      },
    });
    expect(await screen.findByRole("region", { name: "Ranked topics" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Your allocation" })).toBeNull();
    expect(api.calls.filter((c) => c.path.endsWith("/allocation/receipt"))).toHaveLength(0);
  });
});
