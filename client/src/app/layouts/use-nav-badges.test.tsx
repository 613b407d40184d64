import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNavBadges } from "./use-nav-badges";

function Probe({ as }: { as: "student" | "supervisor" | "committee" }) {
  const badges = useNavBadges(as);
  return <p>badges: {JSON.stringify(badges)}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe("useNavBadges", () => {
  const chat = { "GET /api/chat/unread": () => ({ body: { total: 2, threads: [] } }) };

  it("gives students their unread notices and chat messages", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/notices/unread-count": () => ({ body: { unread: 3 } }), ...chat }).fetch,
    );
    renderScreen(<Probe as="student" />);
    expect(await screen.findByText('badges: {"unreadNotices":3,"unreadChat":2}')).toBeInTheDocument();
  });

  it("gives supervisors their unread chat messages, and asks nothing else", async () => {
    const api = fakeApi(chat);
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<Probe as="supervisor" />, { user: testUser({ role: "supervisor" }) });
    expect(await screen.findByText('badges: {"unreadChat":2}')).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toEqual(["/api/chat/unread"]);
  });
});

describe("useNavBadges for the committee", () => {
  it("counts the proposals Awaiting committee in every term, asking for one row", async () => {
    let asked: URLSearchParams | undefined;
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/proposals": (_b, url) => {
          asked = url.searchParams;
          return { body: { items: [], total: 4, capped: false } };
        },
      }).fetch,
    );
    renderScreen(<Probe as="committee" />, { user: testUser({ role: "committee" }) });
    expect(await screen.findByText('badges: {"awaitingCommittee":4}')).toBeInTheDocument();
    expect(asked?.get("status")).toBe("Awaiting committee");
    expect(asked?.get("termId")).toBe("all");
    expect(asked?.get("pageSize")).toBe("1");
  });
});
