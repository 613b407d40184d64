import { Providers } from "@client/app/providers";
import { ApiError } from "@client/lib/api";
import { onUnauthenticated } from "@client/lib/auth";
import { currentMe, setMe, startSignOut } from "@client/lib/session";
import { noteSessionEnd, sessionEndReason } from "@client/lib/session-end";
import { testUser } from "@client/test/render";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RequireRole, safeNext } from "./guards";

function renderAt(path: string, user: ReturnType<typeof testUser> | null) {
  setMe(user);
  const router = createMemoryRouter(
    [
      { path: "/", element: <p>landing page</p> },
      { path: "/login", element: <p>login page</p> },
      { path: "/student/dashboard", element: <p>student dashboard</p> },
      {
        path: "/committee",
        element: <RequireRole area="committee" />,
        children: [{ path: "all-teachers", element: <p>teachers</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe("RequireRole", () => {
  it("sends a signed-out visitor to /login with the page to come back to", async () => {
    const router = renderAt("/committee/all-teachers?q=x", null);
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/committee/all-teachers?q=x")}`);
  });

  it("after a logout on this page, the page being left goes to the landing page, not to /login; until someone signs in", async () => {
    const router = renderAt("/committee/all-teachers", testUser({ role: "committee" }));
    expect(await screen.findByText("teachers")).toBeInTheDocument();
    // The logout's way to "/" may still be loading the landing page when nobody is signed in any more.
    act(() => {
      startSignOut();
      // A request that meets the logout's 401 meanwhile is not a session that ended.
      onUnauthenticated(new ApiError(401, "UNAUTHENTICATED", "signed out"));
      setMe(null);
    });
    expect(await screen.findByText("landing page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(sessionEndReason()).toBeNull();
    // Signing in again ends it: a signed-out visit goes to /login again.
    act(() => setMe(testUser({ role: "committee" })));
    act(() => setMe(null));
    await act(() => router.navigate("/committee/all-teachers"));
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });

  it("sends someone of another role to their own dashboard", async () => {
    renderAt("/committee/all-teachers", testUser({ role: "student" }));
    expect(await screen.findByText("student dashboard")).toBeInTheDocument();
  });

  it("lets the right role in", async () => {
    renderAt("/committee/all-teachers", testUser({ role: "committee" }));
    expect(await screen.findByText("teachers")).toBeInTheDocument();
  });
});

describe("a session that ends while a page is open (decision 0054)", () => {
  afterEach(() => noteSessionEnd(null));

  it.each([
    ["SESSION_ENDED", "session-ended"],
    ["UNAUTHENTICATED", "signed-out"],
  ])(
    "a 401 %s from any call sends to /login with the reason (%s) and the page to come back to",
    async (code, reason) => {
      const router = renderAt("/committee/all-teachers?q=x", testUser({ role: "committee" }));
      expect(await screen.findByText("teachers")).toBeInTheDocument();
      act(() => onUnauthenticated(new ApiError(401, code, "ended")));
      expect(await screen.findByText("login page")).toBeInTheDocument();
      expect(router.state.location.search).toBe(
        `?next=${encodeURIComponent("/committee/all-teachers?q=x")}&reason=${reason}`,
      );
      expect(currentMe()).toBeNull();
    },
  );

  it("other refusals, and a 401 while nobody is signed in, change nothing", async () => {
    renderAt("/committee/all-teachers", testUser({ role: "committee" }));
    expect(await screen.findByText("teachers")).toBeInTheDocument();
    act(() => onUnauthenticated(new ApiError(403, "FORBIDDEN", "no")));
    act(() => onUnauthenticated(new Error("network")));
    expect(screen.getByText("teachers")).toBeInTheDocument();
    setMe(null);
    act(() => onUnauthenticated(new ApiError(401, "UNAUTHENTICATED", "wrong password")));
    expect(sessionEndReason()).toBeNull();
  });
});

describe("safeNext", () => {
  it("keeps in-app paths and refuses other sites", () => {
    expect(safeNext("/student/profile")).toBe("/student/profile");
    expect(safeNext("//evil.example")).toBeNull();
    expect(safeNext("https://evil.example")).toBeNull();
    expect(safeNext("/\\evil.example")).toBeNull();
    expect(safeNext("/\t/evil.example")).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
