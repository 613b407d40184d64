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
