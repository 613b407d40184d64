import { makeCell, makePerson } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Person } from "@shared/schemas/users";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AllTeachers } from "./all-teachers";

const committee = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const teacher = (i: number, cells: { id: string; title: string }[] = []): Person =>
  makePerson({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    name: `Teacher ${i}`,
    email: `t${i}@uni.example`,
    role: "supervisor",
    studentId: null,
    createdAt: new Date(2025, 0, i).toISOString(),
    cells,
  });
const CELLS = [
  { id: "10000000-0000-4000-8000-000000000001", title: "Machine Learning" },
  { id: "10000000-0000-4000-8000-000000000002", title: "Networks" },
];
const cellList = {
  items: CELLS.map((c) => makeCell({ ...c, description: "d", createdAt: "" })),
};

type Routes = Parameters<typeof fakeApi>[0];
function setup(extra: Routes = {}, teachers: Person[] = [teacher(1), teacher(2, [CELLS[1]])]) {
  const list = [...teachers];
  const api = fakeApi({
    "GET /api/users": () => ({ body: { items: list, total: list.length, capped: false } }),
    "GET /api/research-cells": () => ({ body: cellList }),
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<AllTeachers />, { user: committee, path: "/committee/all-teachers" });
  return { api, list };
}

/** Opens a row's select and picks an option from its own list (every row has one). */
async function pick(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, name: string) {
  await user.click(combobox);
  await waitFor(() => expect(combobox).toHaveAttribute("aria-controls"));
  const listbox = document.getElementById(combobox.getAttribute("aria-controls")!)!;
  await user.click(within(listbox).getByRole("option", { name, hidden: true }));
}

const rowOf = async (name: string) => screen.findByRole("row", { name: new RegExp(name) });
const form = () => screen.getByRole("form", { name: "Add a teacher" });

async function fillTeacher(
  user: ReturnType<typeof userEvent.setup>,
  name: string,
  email: string,
  password: string,
) {
  await user.type(within(form()).getByRole("textbox", { name: "Name" }), name);
  await user.type(within(form()).getByRole("textbox", { name: "Email" }), email);
  await user.type(within(form()).getByLabelText(/^Password/, { selector: "input" }), password);
}

describe("All Teachers: Add Teacher", () => {
  it("adds a teacher; the list is asked again and shows them", async () => {
    const { api, list } = setup({
      "POST /api/users": (body) => {
        const b = body as { name: string; email: string };
        const created = { ...teacher(9), name: b.name, email: b.email };
        list.push(created);
        return { status: 201, body: { user: created } };
      },
    });
    const user = userEvent.setup();
    await rowOf("Teacher 1");
    await fillTeacher(user, "Barbara Liskov", "barbara@uni.example", "teacher-pass-1");
    await user.click(screen.getByRole("button", { name: "Add Teacher" }));
    expect(await screen.findByText(MSG.teacherAdded)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      role: "supervisor",
      name: "Barbara Liskov",
      email: "barbara@uni.example",
      password: "teacher-pass-1",
    });
    expect(await rowOf("Barbara Liskov")).toBeInTheDocument();
    // The form is cleared for the next one.
    expect(within(form()).getByRole("textbox", { name: "Name" })).toHaveValue("");
  });

  it("shows the server's reason at its field, once; 'Failed to add teacher: …' when there is no field for it", async () => {
    let answer: {
      status: number;
      body: { error: { code: string; message: string; fields: Record<string, string> } };
    } = {
      status: 409,
      body: { error: { code: "CONFLICT", message: MSG.emailTaken, fields: { email: MSG.emailTaken } } },
    };
    setup({ "POST /api/users": () => answer });
    const user = userEvent.setup();
    await rowOf("Teacher 1");
    await fillTeacher(user, "Someone", "t1@uni.example", "teacher-pass-1");
    await user.click(screen.getByRole("button", { name: "Add Teacher" }));
    expect(await within(form()).findByText(MSG.emailTaken)).toBeInTheDocument();
    // Issue 18: a toast only when there is no field to put the message on.
    expect(screen.queryByText(MSG.addTeacherFailed(MSG.emailTaken))).not.toBeInTheDocument();
    answer = {
      status: 500,
      body: { error: { code: "INTERNAL", message: "Boom.", fields: {} } },
    } as typeof answer;
    await user.click(screen.getByRole("button", { name: "Add Teacher" }));
    expect(await screen.findByText(MSG.addTeacherFailed("Boom."))).toBeInTheDocument();
  });

  it("refuses a short password and a bad email before sending, each with its own message at its field", async () => {
    const { api } = setup();
    const user = userEvent.setup();
    await rowOf("Teacher 1");
    await fillTeacher(user, "Someone", "not-an-email", "short");
    await user.click(screen.getByRole("button", { name: "Add Teacher" }));
    expect(await within(form()).findByText(MSG.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(MSG.addTeacherFailed(MSG.emailInvalid))).not.toBeInTheDocument();
    expect(within(form()).getByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});

describe("All Teachers: assigning cells", () => {
  it("shows each teacher's cells", async () => {
    setup();
    expect(within(await rowOf("Teacher 2")).getByText("Networks")).toBeInTheDocument();
    expect(within(await rowOf("Teacher 1")).getByText("None yet")).toBeInTheDocument();
  });

  it("asks for a cell first: 'Please select a cell.'", async () => {
    const { api } = setup();
    const user = userEvent.setup();
    const row = await rowOf("Teacher 1");
    await user.click(within(row).getByRole("button", { name: "Assign" }));
    expect(await screen.findAllByText(MSG.selectCell)).not.toHaveLength(0);
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("assigns the row's chosen cell; each row keeps its own choice", async () => {
    const { api } = setup({
      "POST /api/users/00000000-0000-4000-8000-000000000001/research-cells": () => ({
        status: 201,
        body: { ok: true, message: MSG.cellAssigned },
      }),
    });
    const user = userEvent.setup();
    const row1 = await rowOf("Teacher 1");
    const row2 = await rowOf("Teacher 2");
    await waitFor(() => expect(within(row1).getByRole("combobox", { name: "Research Cell" })).toBeEnabled());
    await pick(user, within(row1).getByRole("combobox", { name: "Research Cell" }), "Machine Learning");
    expect(within(row1).getByRole("combobox", { name: "Research Cell" })).toHaveValue("Machine Learning");
    expect(within(row2).getByRole("combobox", { name: "Research Cell" })).toHaveValue("");
    await user.click(within(row1).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.cellAssigned)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: "/api/users/00000000-0000-4000-8000-000000000001/research-cells",
      body: { researchCellId: CELLS[0].id },
    });
  });

  it("offers only the cells a teacher is not in, and is empty again after Assign, without the cell just assigned", async () => {
    const { list } = setup({
      "POST /api/users/00000000-0000-4000-8000-000000000001/research-cells": () => {
        list[0] = teacher(1, [CELLS[0]]);
        return { status: 201, body: { ok: true, message: MSG.cellAssigned } };
      },
    });
    const user = userEvent.setup();
    const options = async (row: HTMLElement) => {
      const combobox = within(row).getByRole("combobox", { name: "Research Cell" });
      await user.click(combobox);
      await waitFor(() => expect(combobox).toHaveAttribute("aria-controls"));
      const listbox = document.getElementById(combobox.getAttribute("aria-controls")!)!;
      const names = within(listbox)
        .queryAllByRole("option", { hidden: true })
        .map((o) => o.textContent);
      await user.keyboard("{Escape}");
      return names;
    };
    // Teacher 2 is in Networks already: only Machine Learning is offered.
    expect(await options(await rowOf("Teacher 2"))).toEqual(["Machine Learning"]);
    const row1 = await rowOf("Teacher 1");
    await waitFor(() => expect(within(row1).getByRole("combobox", { name: "Research Cell" })).toBeEnabled());
    await pick(user, within(row1).getByRole("combobox", { name: "Research Cell" }), "Machine Learning");
    await user.click(within(row1).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.cellAssigned)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row1).getByRole("combobox", { name: "Research Cell" })).toHaveValue(""),
    );
    expect(within(await rowOf("Teacher 1")).getByRole("listitem")).toHaveTextContent("Machine Learning");
    expect(await options(await rowOf("Teacher 1"))).toEqual(["Networks"]);
  });

  it("shows 'Teacher is already assigned to this cell.' and 'Teacher not found.' as they are, other failures as 'Failed to assign cell: …'", async () => {
    const answers = [
      { status: 409, body: { error: { code: "CONFLICT", message: MSG.alreadyAssigned } } },
      { status: 404, body: { error: { code: "NOT_FOUND", message: MSG.teacherNotFound } } },
      { status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } },
    ];
    // Assigned meanwhile from another screen, say: the row still offered the cell.
    setup({ "POST /api/users/00000000-0000-4000-8000-000000000001/research-cells": () => answers.shift()! });
    const user = userEvent.setup();
    const row = await rowOf("Teacher 1");
    await waitFor(() => expect(within(row).getByRole("combobox", { name: "Research Cell" })).toBeEnabled());
    await pick(user, within(row).getByRole("combobox", { name: "Research Cell" }), "Networks");
    await user.click(within(row).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.alreadyAssigned)).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.teacherNotFound)).toBeInTheDocument();
    await user.click(within(row).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.assignCellFailed("Boom."))).toBeInTheDocument();
  });
});

describe("All Teachers: the list", () => {
  it("searches by name or email (teachers have no student ID)", async () => {
    setup();
    await rowOf("Teacher 1");
    expect(screen.getByRole("textbox", { name: "Search" })).toHaveAttribute(
      "placeholder",
      "Search by name or email",
    );
    expect(screen.queryByPlaceholderText(/student ID/i)).not.toBeInTheDocument();
  });

  it("has Name, Email, Research Cells and Actions columns, one sort to a header and no header without a name", async () => {
    setup();
    await rowOf("Teacher 1");
    const headers = screen.getAllByRole("columnheader");
    expect(headers.map((h) => h.textContent)).toEqual(["Name", "Email", "Research Cells", "Actions"]);
    for (const h of headers) expect(h).not.toHaveAccessibleName("");
    expect(within(headers[0]).getAllByRole("button")).toHaveLength(1);
    expect(within(headers[1]).getAllByRole("button")).toHaveLength(1);
    expect(within(headers[2]).queryByRole("button")).not.toBeInTheDocument();
    // The assigned cells and the control that adds one share the Research Cells column.
    const row = await rowOf("Teacher 2");
    const cells = within(row).getAllByRole("cell")[2];
    expect(within(cells).getByText("Networks")).toBeInTheDocument();
    expect(within(cells).getByRole("combobox", { name: "Research Cell" })).toBeInTheDocument();
    expect(within(cells).getByRole("button", { name: "Assign" })).toBeInTheDocument();
  });
});

describe("All Teachers on a narrow screen", () => {
  /** Narrow: the media query that switches the table to cards matches. */
  function narrow() {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
  }

  it("shows each teacher as a card with their cells and the Assign control in view, and no table", async () => {
    narrow();
    const { api } = setup({
      "POST /api/users/00000000-0000-4000-8000-000000000001/research-cells": () => ({
        status: 201,
        body: { ok: true, message: MSG.cellAssigned },
      }),
    });
    const list = await screen.findByRole("list", { name: "Teachers" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cards = within(list).getAllByRole("listitem", { name: /^Teacher \d$/ });
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    expect(within(first).getByText("t1@uni.example")).toBeInTheDocument();
    expect(within(first).getByText("None yet")).toBeInTheDocument();
    expect(within(second).getByText("Networks")).toBeInTheDocument();

    const user = userEvent.setup();
    const select = within(first).getByRole("combobox", { name: "Research Cell" });
    await waitFor(() => expect(select).toBeEnabled());
    await pick(user, select, "Machine Learning");
    await user.click(within(first).getByRole("button", { name: "Assign" }));
    expect(await screen.findByText(MSG.cellAssigned)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({ researchCellId: CELLS[0].id });
  });

  it("sorts from a 'Sort by' choice, since cards have no headers", async () => {
    narrow();
    const asked: URLSearchParams[] = [];
    const list = [teacher(1), teacher(2)];
    vi.stubGlobal(
      "fetch",
      fakeApi({
        "GET /api/users": (_b, url) => {
          asked.push(url.searchParams);
          return { body: { items: list, total: list.length, capped: false } };
        },
        "GET /api/research-cells": () => ({ body: cellList }),
      }).fetch,
    );
    renderScreen(<AllTeachers />, { user: committee, path: "/committee/all-teachers" });
    const user = userEvent.setup();
    await screen.findByRole("list", { name: "Teachers" });
    const sortBy = screen.getByRole("combobox", { name: "Sort by" });
    expect(sortBy).toHaveValue("Name, A to Z");
    await pick(user, sortBy, "Email, Z to A");
    await waitFor(() => expect(asked.at(-1)?.get("sort")).toBe("email"));
    expect(asked.at(-1)?.get("order")).toBe("desc");
  });
});
