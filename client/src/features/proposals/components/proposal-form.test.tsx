import { makeCell, makeProposal } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Cell } from "@shared/schemas/cells";
import type { SupervisorOption } from "@shared/schemas/directory";
import { STUDENT_UNAVAILABLE } from "@shared/schemas/directory";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProposalForm } from "./proposal-form";

const CELL_ML = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const CELL_SE = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb";
const SUP_AYESHA = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const SUP_MARCO = "dddddddd-dddd-4ddd-8ddd-dddddddddddd";
const SUP_LEILA = "eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee";
const CELL_SEC = "ffffffff-ffff-4fff-8fff-ffffffffffff";
const SUP_ADA = "ffffffff-0000-4000-8000-000000000001";
const SUP_GRACE = "ffffffff-0000-4000-8000-000000000002";
const SUP_ALAN = "ffffffff-0000-4000-8000-000000000003";

const cell = (id: string, title: string): Cell =>
  makeCell({ id, title, description: "D.", supervisorCount: 1 });

// No limit (placesLeft null) in the first two cells: the options are the names alone.
const SUPERVISORS: Record<string, SupervisorOption[]> = {
  [CELL_ML]: [
    { id: SUP_AYESHA, name: "Prof. Ayesha Rahman", email: "a@uni.example", placesLeft: null },
    { id: SUP_MARCO, name: "Dr. Marco Bianchi", email: "m@uni.example", placesLeft: null },
  ],
  [CELL_SE]: [{ id: SUP_LEILA, name: "Prof. Leila Haddad", email: "l@uni.example", placesLeft: null }],
  [CELL_SEC]: [
    { id: SUP_ADA, name: "Dr. Ada Lovelace", email: "ada@uni.example", placesLeft: 0 },
    { id: SUP_GRACE, name: "Prof. Grace Hopper", email: "grace@uni.example", placesLeft: 1 },
    { id: SUP_ALAN, name: "Dr. Alan Turing", email: "alan@uni.example", placesLeft: 2 },
  ],
};

const STUDENTS = [
  { id: "11111111-0000-4000-8000-000000000001", name: "Mei Lin", studentId: "S-101", unavailable: null },
  { id: "11111111-0000-4000-8000-000000000002", name: "Omar Farouk", studentId: "S-102", unavailable: null },
  {
    id: "11111111-0000-4000-8000-000000000003",
    name: "Sofia Martins",
    studentId: "S-103",
    unavailable: null,
  },
  // Holds a place in the term, as the server says (GET /api/students).
  {
    id: "11111111-0000-4000-8000-000000000004",
    name: "Tariq Busy",
    studentId: "S-104",
    unavailable: "inGroup",
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  // Notifications live in a module-level store: one test's toasts must not show in the next.
  notifications.clean();
});

/** The titles GET /api/proposals/similar was asked about, in order. */
let similarTitles: string[] = [];

function setup(
  post: Parameters<typeof fakeApi>[0][string] = () => ({ status: 201, body: { proposal: {} } }),
  postGate?: Promise<void>,
) {
  similarTitles = [];
  const api = fakeApi({
    "GET /api/research-cells": () => ({
      body: {
        items: [
          cell(CELL_ML, "Machine Learning"),
          cell(CELL_SE, "Software Engineering"),
          cell(CELL_SEC, "Security"),
        ],
      },
    }),
    "GET /api/supervisors": (_b, url) => ({
      body: { items: SUPERVISORS[url.searchParams.get("researchCellId") ?? ""] ?? [] },
    }),
    "GET /api/students": (_b, url) => {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      return {
        body: {
          items: STUDENTS.filter(
            (s) => s.name.toLowerCase().includes(q) || s.studentId.toLowerCase().includes(q),
          ),
        },
      };
    },
    "POST /api/proposals": post,
    // The student's own earlier proposal is like a title about phishing (DESIGN.md §19).
    "GET /api/proposals/similar": (_b, url) => {
      similarTitles.push(url.searchParams.get("title") ?? "");
      return {
        body: {
          items: /phishing/i.test(url.searchParams.get("title") ?? "")
            ? [{ id: "p-old", title: "Phishing detection", status: "Denied", year: 2026, similarity: 0.62 }]
            : [],
        },
      };
    },
  });
  // A gate holds POSTs open, as a slow network would, to click again meanwhile.
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (postGate && init?.method === "POST") {
      api.calls.push({ method: "POST(sent)", path: "", body: undefined });
      await postGate;
    }
    return api.fetch(input, init);
  });
  renderScreen(<ProposalForm />, { path: "/student/proposal" });
  return api;
}

async function chooseCell(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(screen.getByRole("combobox", { name: "Research Cell" }));
  await user.click(await screen.findByRole("option", { name: title, hidden: true }));
}

async function chooseSupervisor(user: ReturnType<typeof userEvent.setup>, name: string) {
  const select = screen.getByRole("combobox", { name: "Supervisor" });
  await waitFor(() => expect(select).not.toBeDisabled());
  await user.click(select);
  await user.click(await screen.findByRole("option", { name, hidden: true }));
}

async function fillText(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole("textbox", { name: "Title" }), "Phishing detection with GNNs");
  await user.type(screen.getByRole("textbox", { name: "Abstract" }), "We detect phishing.");
}

describe("Submit Proposal form", () => {
  it("shows the student's similar proposals once typing the title pauses, asking once, and blocks nothing", async () => {
    const api = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole("textbox", { name: "Title" }));
    await user.paste("Phishing detection with GN");
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Ns");
    const similar = await screen.findByRole("region", { name: "A similar proposal" }, { timeout: 3000 });
    expect(within(similar).getByRole("link", { name: "Phishing detection" })).toHaveAttribute(
      "href",
      "/student/proposals/p-old",
    );
    expect(within(similar).getByText("Denied")).toBeInTheDocument();
    expect(within(similar).getByText("2026 · 62% alike")).toBeInTheDocument();
    // Asked once, for the whole title, after the typing paused.
    const asked = api.calls.filter((c) => c.path === "/api/proposals/similar");
    expect(asked).toHaveLength(1);
    expect(similarTitles).toEqual(["Phishing detection with GNNs"]);
    await user.clear(screen.getByRole("textbox", { name: "Title" }));
    await user.paste("Robots");
    await waitFor(() => expect(screen.queryByRole("region", { name: "A similar proposal" })).toBeNull());
  });

  it("keeps Supervisor disabled until a cell is chosen, then lists only that cell's supervisors", async () => {
    const api = setup();
    const user = userEvent.setup();
    const supervisor = screen.getByRole("combobox", { name: "Supervisor" });
    expect(supervisor).toBeDisabled();
    expect(api.calls.some((c) => c.path === "/api/supervisors")).toBe(false);

    await chooseCell(user, "Machine Learning");
    await waitFor(() => expect(supervisor).not.toBeDisabled());
    await user.click(supervisor);
    expect(
      await screen.findByRole("option", { name: "Prof. Ayesha Rahman", hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Dr. Marco Bianchi", hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole("option", { name: "Prof. Leila Haddad", hidden: true })).toBeNull();
  });

  it("shows each supervisor's places left and does not let a full one be chosen", async () => {
    const api = setup();
    const user = userEvent.setup();
    await fillText(user);
    await chooseCell(user, "Security");
    const select = screen.getByRole("combobox", { name: "Supervisor" });
    await waitFor(() => expect(select).toBeEnabled());
    await user.click(select);
    const full = await screen.findByRole("option", {
      name: "Dr. Ada Lovelace — no places left",
      hidden: true,
    });
    expect(full).toHaveAttribute("aria-disabled", "true");
    const one = screen.getByRole("option", { name: "Prof. Grace Hopper — 1 place left", hidden: true });
    expect(one).not.toHaveAttribute("aria-disabled", "true");
    expect(
      screen.getByRole("option", { name: "Dr. Alan Turing — 2 places left", hidden: true }),
    ).not.toHaveAttribute("aria-disabled", "true");

    await user.click(full);
    expect(select).toHaveValue("");
    await user.click(one);
    await waitFor(() => expect(select).toHaveValue("Prof. Grace Hopper — 1 place left"));
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({ supervisorId: SUP_GRACE });
  });

  it("clears the supervisor when the cell changes", async () => {
    setup();
    const user = userEvent.setup();
    await chooseCell(user, "Machine Learning");
    await chooseSupervisor(user, "Dr. Marco Bianchi");
    expect(screen.getByRole("combobox", { name: "Supervisor" })).toHaveValue("Dr. Marco Bianchi");
    await chooseCell(user, "Software Engineering");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Supervisor" })).toHaveValue(""));
  });

  it("says 'Please select a Research Cell and a Supervisor.' and names missing fields, sending nothing", async () => {
    const api = setup();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    expect(await screen.findAllByText(MSG.selectCellAndSupervisor)).not.toHaveLength(0);
    expect(screen.getByText("Title is required.")).toBeInTheDocument();
    expect(screen.getByText("Abstract is required.")).toBeInTheDocument();

    // A cell alone is not enough either.
    await fillText(user);
    await chooseCell(user, "Machine Learning");
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    await waitFor(() => expect(screen.getAllByText(MSG.selectCellAndSupervisor).length).toBeGreaterThan(0));
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("allows at most two group members and disables further choices", async () => {
    setup();
    const user = userEvent.setup();
    const picker = screen.getByRole("combobox", { name: "Group members" });
    await user.click(picker);
    await user.click(await screen.findByRole("option", { name: "Mei Lin (S-101)", hidden: true }));
    await user.click(await screen.findByRole("option", { name: "Omar Farouk (S-102)", hidden: true }));
    // Greyed out, saying why.
    const third = await screen.findByRole("option", {
      name: "Sofia Martins (S-103) — your group is full",
      hidden: true,
    });
    await waitFor(() => expect(third).toHaveAttribute("aria-disabled", "true"));
    await user.click(third);
    expect(screen.getByText(/A group has at most 2 other members/)).toBeInTheDocument();
    // Pills for exactly the two chosen.
    expect(screen.getByText("Mei Lin (S-101)", { selector: ".mantine-Pill-label" })).toBeInTheDocument();
    expect(screen.getByText("Omar Farouk (S-102)", { selector: ".mantine-Pill-label" })).toBeInTheDocument();
    expect(screen.queryByText("Sofia Martins (S-103)", { selector: ".mantine-Pill-label" })).toBeNull();
  });

  it("greys out a student the server says is in a group, saying so, and does not let them be chosen", async () => {
    setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Group members" }), "Tariq");
    const busy = await screen.findByRole("option", {
      name: `Tariq Busy (S-104) — ${STUDENT_UNAVAILABLE.inGroup}`,
      hidden: true,
    });
    expect(busy).toHaveAttribute("aria-disabled", "true");
    await user.click(busy);
    expect(screen.queryByText(/Tariq Busy/, { selector: ".mantine-Pill-label" })).toBeNull();
    // The others, free, say nothing beside their names.
    await user.clear(screen.getByRole("combobox", { name: "Group members" }));
    await user.type(screen.getByRole("combobox", { name: "Group members" }), "Mei");
    const free = await screen.findByRole("option", { name: "Mei Lin (S-101)", hidden: true });
    expect(free).not.toHaveAttribute("aria-disabled", "true");
  });

  it("searches students on the server by what is typed", async () => {
    const api = setup();
    const user = userEvent.setup();
    await user.type(screen.getByRole("combobox", { name: "Group members" }), "S-103");
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === "/api/students" && c.body === undefined)).toBe(true),
    );
    expect(
      await screen.findByRole("option", { name: "Sofia Martins (S-103)", hidden: true }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("option", { name: "Mei Lin (S-101)", hidden: true })).toBeNull(),
    );
  });

  it("submits once with a requestId, then resets the form and says 'Proposal submitted.'", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const api = setup(() => ({ status: 201, body: { proposal: makeProposal({ id: "p1" }) } }), gate);
    const user = userEvent.setup();
    await fillText(user);
    await user.click(screen.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "Project", hidden: true }));
    await chooseCell(user, "Machine Learning");
    await chooseSupervisor(user, "Prof. Ayesha Rahman");
    await user.click(screen.getByRole("combobox", { name: "Group members" }));
    await user.click(await screen.findByRole("option", { name: "Mei Lin (S-101)", hidden: true }));

    const button = screen.getByRole("button", { name: "Submit Proposal" });
    await user.dblClick(button);
    await user.click(button);
    // While the first request is in flight, further clicks send nothing.
    expect(api.calls.filter((c) => c.method === "POST(sent)")).toHaveLength(1);
    expect(button).toBeDisabled();
    release();
    expect(await screen.findByText(MSG.proposalSubmitted)).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    const body = posts[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: "Phishing detection with GNNs",
      abstract: "We detect phishing.",
      type: "Project",
      researchCellId: CELL_ML,
      supervisorId: SUP_AYESHA,
      memberIds: [STUDENTS[0].id],
    });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue(""));
    expect(screen.getByRole("textbox", { name: "Abstract" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Research Cell" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Supervisor" })).toBeDisabled();
    expect(screen.queryByText("Mei Lin (S-101)", { selector: ".mantine-Pill-label" })).toBeNull();
  });

  it("shows a server refusal as 'Failed to submit proposal: {message}'", async () => {
    setup(() => ({
      status: 409,
      body: { error: { code: "CONFLICT", message: MSG.alreadyInActiveProposal("Mei Lin") } },
    }));
    const user = userEvent.setup();
    await fillText(user);
    await chooseCell(user, "Machine Learning");
    await chooseSupervisor(user, "Prof. Ayesha Rahman");
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));
    expect(
      await screen.findByText(MSG.submitProposalFailed("Mei Lin is already in an active proposal.")),
    ).toBeInTheDocument();
    // Nothing is lost: the student can change the group and try again.
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Phishing detection with GNNs");
  });

  it("counts the abstract's characters", async () => {
    setup();
    const user = userEvent.setup();
    expect(screen.getByText("0 / 5,000 characters")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Abstract" }), "Hello");
    expect(screen.getByText("5 / 5,000 characters")).toBeInTheDocument();
  });
});
