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
  it("gives students their unread notices count", async () => {
    vi.stubGlobal(
      "fetch",
      fakeApi({ "GET /api/notices/unread-count": () => ({ body: { unread: 3 } }) }).fetch,
    );
    renderScreen(<Probe as="student" />);
    expect(await screen.findByText('badges: {"unreadNotices":3}')).toBeInTheDocument();
  });

  it("asks nothing and shows nothing for other roles", async () => {
    const api = fakeApi({});
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<Probe as="supervisor" />, { user: testUser({ role: "supervisor" }) });
    expect(await screen.findByText("badges: {}")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
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
