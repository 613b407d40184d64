import { makePerson } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import type { Person } from "@shared/schemas/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AllStudents } from "./all-students";

const committee = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const student = (i: number): Person =>
  makePerson({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Student ${i}`,
    email: `s${i}@uni.example`,
    studentId: `S-${i}`,
    createdAt: new Date(2025, 0, i).toISOString(),
  });

/** A server with `total` students that answers any page, and remembers what was asked. */
function setup(total: number, { fail = false, path = "/committee/all-students", cap = Infinity } = {}) {
  const queries: URLSearchParams[] = [];
  const api = fakeApi({
    "GET /api/users": (_body, url) => {
      queries.push(url.searchParams);
      if (fail) return { status: 500, body: { error: { code: "INTERNAL", message: "Database is down." } } };
      const page = Number(url.searchParams.get("page"));
      const size = Number(url.searchParams.get("pageSize"));
      const q = url.searchParams.get("q");
      const all = Array.from({ length: total }, (_, i) => student(i + 1)).filter(
        (s) => !q || s.studentId?.includes(q),
      );
      return {
        body: {
          items: all.slice((page - 1) * size, page * size),
          total: Math.min(all.length, cap),
          capped: all.length > cap,
        },
      };
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  const r = renderScreen(<AllStudents />, { user: committee, path });
  return { queries, ...r };
}

describe("All Students", () => {
  it("asks the server for one page of students and shows it with the count", async () => {
    const { queries } = setup(45);
    expect(await screen.findByText("Student 1")).toBeInTheDocument();
    expect(screen.getByText("Showing 1–20 of 45 students")).toBeInTheDocument();
    expect(screen.getAllByRole("row")).toHaveLength(21); // header + 20
    const first = queries[0];
    expect(Object.fromEntries(first)).toEqual({
      role: "student",
      page: "1",
      pageSize: "20",
      sort: "name",
      order: "asc",
    });
    const row = screen.getByRole("row", { name: /Student 3\b/ });
    expect(within(row).getByText("s3@uni.example")).toBeInTheDocument();
    expect(within(row).getByText("S-3")).toBeInTheDocument();
  });

  it("searches by name, email or student ID", async () => {
    setup(3);
    await screen.findByText("Student 1");
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveAttribute(
      "placeholder",
      "Search by name, email or student ID",
    );
  });

  it("says when a broad search was counted only up to the limit, and pages up to it", async () => {
    setup(130, { cap: 100 });
    expect(await screen.findByText("Student 1")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Showing 1–20 of 100+ students — type more of the name, email or student ID to narrow the search",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "5" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "6" })).not.toBeInTheDocument();
  });

  it("pages on the server", async () => {
    const { queries, router } = setup(45);
    const user = userEvent.setup();
    await screen.findByText("Student 1");
    await user.click(screen.getByRole("button", { name: "3" }));
    expect(await screen.findByText("Student 41")).toBeInTheDocument();
    expect(screen.getByText("Showing 41–45 of 45 students")).toBeInTheDocument();
    expect(queries.at(-1)?.get("page")).toBe("3");
    expect(router.state.location.search).toBe("?page=3");
  });

  it("searches on the server as one types, from page 1, and keeps it in the address", async () => {
    const { queries, router } = setup(45, { path: "/committee/all-students?page=2" });
    const user = userEvent.setup();
    await screen.findByText("Student 21");
    await user.type(screen.getByRole("textbox", { name: "Search" }), "S-4");
    await waitFor(() => expect(queries.at(-1)?.get("q")).toBe("S-4"));
    expect(queries.at(-1)?.get("page")).toBe("1");
    expect(await screen.findByText("Showing 1–7 of 7 students")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?q=S-4");
    // The export link carries the same search.
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/exports/users.csv?role=student&q=S-4",
    );
  });

  it("sorts on the server from the column headers, reversing on a second click", async () => {
    const { queries } = setup(5);
    const user = userEvent.setup();
    await screen.findByText("Student 1");
    await user.click(screen.getByRole("button", { name: "Student ID" }));
    await waitFor(() => expect(queries.at(-1)?.get("sort")).toBe("studentId"));
    expect(queries.at(-1)?.get("order")).toBe("asc");
    expect(screen.getByRole("columnheader", { name: "Student ID" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    await user.click(screen.getByRole("button", { name: "Student ID" }));
    await waitFor(() => expect(queries.at(-1)?.get("order")).toBe("desc"));
    expect(screen.getByRole("columnheader", { name: "Student ID" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
  });

  it("says so when nobody matches", async () => {
    setup(0, { path: "/committee/all-students?q=zzz" });
    expect(await screen.findByText("No students match “zzz”.")).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("says so when there are no students yet", async () => {
    setup(0);
    expect((await screen.findByText("No students yet.")).closest("[data-empty-state]")).not.toBeNull();
  });

  it("shows placeholder rows while the first page loads", async () => {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
    renderScreen(<AllStudents />, { user: committee, path: "/committee/all-students" });
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByText(/No students/)).not.toBeInTheDocument();
  });

  it("shows the error with a way to try again", async () => {
    setup(3, { fail: true });
    expect(await screen.findByText("The students could not be loaded.")).toBeInTheDocument();
    expect(screen.getByText("Database is down.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
