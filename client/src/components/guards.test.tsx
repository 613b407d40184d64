import { createQueryClient, Providers } from "@client/app/providers";
import { sessionQueries } from "@client/lib/queries/session";
import { testUser } from "@client/test/render";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RequireRole, safeNext } from "./guards";

function renderAt(path: string, user: ReturnType<typeof testUser> | null) {
  const qc = createQueryClient();
  qc.setQueryData(sessionQueries.me().queryKey, user);
  const router = createMemoryRouter(
    [
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
    <Providers queryClient={qc}>
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

  it("sends someone of another role to their own dashboard", async () => {
    renderAt("/committee/all-teachers", testUser({ role: "student" }));
    expect(await screen.findByText("student dashboard")).toBeInTheDocument();
  });

  it("lets the right role in", async () => {
    renderAt("/committee/all-teachers", testUser({ role: "committee" }));
    expect(await screen.findByText("teachers")).toBeInTheDocument();
  });
});

describe("safeNext", () => {
  it("keeps in-app paths and refuses other sites", () => {
    expect(safeNext("/student/profile")).toBe("/student/profile");
    expect(safeNext("//evil.example")).toBeNull();
    expect(safeNext("https://evil.example")).toBeNull();
    expect(safeNext("/\\evil.example")).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});
