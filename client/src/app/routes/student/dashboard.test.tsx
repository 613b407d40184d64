import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import StudentDashboard, { isFirstVisit } from "./dashboard";

afterEach(() => vi.unstubAllGlobals());

function setup(createdAt: string) {
  const api = fakeApi({
    "GET /api/proposals": () => ({ body: { items: [], total: 0, capped: false } }),
    "GET /api/notices": () => ({ body: { items: [], total: 0, capped: false, unread: 0 } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<StudentDashboard />, {
    user: testUser({ name: "Mei Lin", createdAt }),
    path: "/student/dashboard",
  });
}

describe("Student dashboard greeting", () => {
  it("greets a student who registered today without 'back'", () => {
    setup(new Date().toISOString());
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Hi Mei Lin, welcome to ThesisDesk!");
    expect(screen.queryByText(/welcome back/i)).not.toBeInTheDocument();
  });

  it("welcomes a student back on a later day", () => {
    setup(new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString());
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Hi Mei Lin, welcome back to ThesisDesk!",
    );
  });

  it("counts the day of registration in the student's own time zone", () => {
    const now = new Date(2025, 2, 10, 0, 30);
    expect(isFirstVisit(new Date(2025, 2, 10, 0, 5).toISOString(), now)).toBe(true);
    expect(isFirstVisit(new Date(2025, 2, 9, 23, 55).toISOString(), now)).toBe(false);
  });
});
