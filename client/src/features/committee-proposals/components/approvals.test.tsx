import { makeMember, makeProposalSummary, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Approvals } from "./approvals";

afterEach(() => vi.unstubAllGlobals());

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const SPRING = "7e000000-0000-4000-8000-000000000100";
const EARLIER = "33333333-3333-4333-8333-000000000001";

const waiting = (i: number, o: Partial<ProposalSummary> = {}): ProposalSummary =>
  makeProposalSummary({
    id: `22222222-2222-4222-8222-${String(i).padStart(12, "0")}`,
    title: `Waiting ${i}`,
    excerpt: "A.",
    type: "Project",
    status: "Awaiting committee",
    researchCell: { id: "c1", title: "Machine Learning" },
    supervisor: { id: "sup1", name: "Prof. Ayesha Rahman", email: "a@uni.example" },
    members: [
      makeMember({ studentId: "S-1" }),
      makeMember({ id: "s2", name: "Mei Lin", studentId: "S-2", position: 1 }),
    ],
    feedback: "A solid plan.",
    reviewedAt: "2025-03-04T10:00:00.000Z",
    reviewedBy: { id: "sup1", name: "Prof. Ayesha Rahman" },
    term: {
      id: SPRING,
      name: "Spring 2024",
      mode: "direct",
      committeeApproval: true,
      revisionsCloseAt: null,
    },
    version: 2,
    document: { id: "f1", name: "proposal-v2.pdf", size: 120_000 },
    ...o,
  });

function setup(path = "/committee/approvals", answer: (url: URL) => { status?: number; body: unknown }) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }) }),
      "GET /api/proposals": (_b, url) => {
        asked.push(url.searchParams);
        return answer(url);
      },
      // An earlier proposal titled like "Waiting 1" (not the one awaiting: it is left out).
      "GET /api/proposals/similar": (_b, url) => ({
        body: {
          items:
            url.searchParams.get("title") === "Waiting 1" &&
            url.searchParams.get("exclude") === "22222222-2222-4222-8222-000000000001"
              ? [{ id: EARLIER, title: "Waiting 1 again", status: "Denied", year: 2023, similarity: 0.82 }]
              : [],
        },
      }),
    }).fetch,
  );
  const { router } = renderScreen(<Approvals />, { user: me, path });
  return { asked, router, user: userEvent.setup() };
}

describe("Approvals", () => {
  it("lists what awaits the committee in any term, oldest first, with group, supervisor, feedback, document and Open", async () => {
    const { asked } = setup(undefined, () => ({
      body: { items: [waiting(1), waiting(2, { feedback: null, document: null })], total: 2, capped: false },
    }));
    const list = await screen.findByRole("list", { name: "Awaiting committee" });
    expect(Object.fromEntries(asked[0])).toMatchObject({
      status: "Awaiting committee",
      order: "oldest",
      termId: "all",
      pageSize: "20",
    });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(within(first).getByRole("link", { name: "Waiting 1" })).toHaveAttribute(
      "href",
      "/committee/proposals/22222222-2222-4222-8222-000000000001",
    );
    expect(first).toHaveTextContent("Spring 2024");
    expect(within(first).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(within(first).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(first).getByText("A solid plan.")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "proposal-v2.pdf" })).toHaveAttribute(
      "href",
      "/api/files/f1",
    );
    expect(within(first).getByRole("link", { name: "Open Waiting 1" })).toHaveAttribute(
      "href",
      "/committee/proposals/22222222-2222-4222-8222-000000000001",
    );
    expect(within(second).getByText("No feedback given")).toBeInTheDocument();
    expect(within(second).getByText("No document")).toBeInTheDocument();
    expect(screen.getByText("2 proposals awaiting the committee")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Term" })).toHaveValue("All terms"));
  });

  it("warns of similar titles under a proposal that has some, linking to them, and says nothing under one that has none", async () => {
    setup(undefined, () => ({ body: { items: [waiting(1), waiting(2)], total: 2, capped: false } }));
    const list = await screen.findByRole("list", { name: "Awaiting committee" });
    const [first, second] = within(list).getAllByRole("listitem", { name: /^Waiting \d$/ });
    expect(await within(first).findByText("A similar proposal")).toBeInTheDocument();
    expect(within(first).getByRole("link", { name: "Waiting 1 again" })).toHaveAttribute(
      "href",
      `/committee/proposals/${EARLIER}`,
    );
    expect(within(first).getByText("2023 · 82% alike")).toBeInTheDocument();
    expect(within(second).queryByText(/similar proposal/i)).not.toBeInTheDocument();
  });

  it("narrows to a term from the address, and the Term select changes it", async () => {
    const { asked, user, router } = setup(`/committee/approvals?termId=${SPRING}`, () => ({
      body: { items: [waiting(1)], total: 1, capped: false },
    }));
    await screen.findByRole("link", { name: "Waiting 1" });
    expect(asked[0].get("termId")).toBe(SPRING);
    const select = screen.getByRole("combobox", { name: "Term" });
    await waitFor(() => expect(select).toHaveValue("Spring 2024"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "All terms", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    await waitFor(() => expect(asked.at(-1)?.get("termId")).toBe("all"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Default (current)", hidden: true }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?termId=7e000000-0000-4000-8000-000000000001"),
    );
  });

  it("pages on the server", async () => {
    const { asked, user, router } = setup(undefined, (url) => {
      const page = Number(url.searchParams.get("page"));
      return { body: { items: [waiting(page * 20 - 19)], total: 25, capped: false } };
    });
    await screen.findByRole("link", { name: "Waiting 1" });
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    await screen.findByRole("link", { name: "Waiting 21" });
    expect(asked.at(-1)?.get("page")).toBe("2");
    expect(router.state.location.search).toBe("?page=2");
  });

  it("says when nothing awaits the committee", async () => {
    setup(undefined, () => ({ body: { items: [], total: 0, capped: false } }));
    expect(await screen.findByText("Nothing awaits the committee.")).toBeInTheDocument();
  });

  it("says when the list cannot be loaded", async () => {
    setup(undefined, () => ({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }));
    expect(await screen.findByText("Failed to fetch proposals.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
