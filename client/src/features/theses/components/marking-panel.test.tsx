import { makeThesis, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import type { Assessments } from "@shared/schemas/assessments";
import type { Thesis } from "@shared/schemas/theses";
import type { ThesisWriting } from "@shared/schemas/thesis-writing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThesisPage } from "./thesis-page";

afterEach(() => vi.unstubAllGlobals());

const ID = "22222222-2222-4222-8222-222222222222";
const BASE = `/api/theses/${ID}`;
const committee = testUser({ id: "c1", role: "committee", name: "Katherine Johnson", studentId: null });
const firstExaminer = testUser({ id: "t1", role: "supervisor", name: "Prof. Ada", studentId: null });
const student = testUser({ id: "s1", role: "student", name: "Tanvir Hasan" });
const BACK = { to: "/x", label: "Back" };
const WRITING: ThesisWriting = { drafts: [], extension: null, declarationText: "Mine.", declarations: [] };

const content = {
  scores: { Content: 80, Form: 60 },
  weightedScore: 72,
  grades: { s1: "2.0", s2: "2.0" },
  studentComment: "Well argued.",
  internalComment: "Chapter 3 is thin.",
  updatedAt: "2026-07-11T09:00:00.000Z",
};
const assessments = (o: Partial<Assessments> = {}): Assessments => ({
  scale: "german",
  tolerance: 1,
  rubric: [
    { name: "Content", weight: 60, description: "" },
    { name: "Form", weight: 40, description: "" },
  ],
  dueAt: "2026-08-08T09:00:00.000Z",
  first: { examiner: { id: "t1", name: "Prof. Ada" }, submittedAt: null, content: null },
  second: { examiner: { id: "t2", name: "Dr. Second" }, submittedAt: null, content: null },
  grades: null,
  ...o,
});

function setup(thesis: Thesis, a: Assessments, user = committee) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    [`GET ${BASE}`]: () => ({ body: { thesis } }),
    [`GET ${BASE}/writing`]: () => ({ body: { writing: WRITING } }),
    [`GET ${BASE}/assessments`]: () => ({ body: { assessments: a } }),
    [`PUT ${BASE}/assessment`]: () => ({ body: { thesis } }),
    [`POST ${BASE}/final-grades`]: () => ({ body: { thesis: { ...thesis, state: "Graded", actions: [] } } }),
    "GET /api/users": () => ({
      body: {
        items: [
          { id: "t3", name: "Dr. External", email: "ext@example.edu", role: "supervisor", studentId: null },
          {
            id: "t4",
            name: "Dr. Gone",
            email: "gone@example.edu",
            role: "supervisor",
            studentId: null,
            deactivatedAt: "2026-01-01T00:00:00.000Z",
          },
        ],
        total: 2,
        page: 1,
        pageSize: 20,
      },
    }),
    [`PUT ${BASE}/examiners`]: () => ({ body: { thesis } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ThesisPage id={ID} back={BACK} />, { user });
  return { calls: api.calls, user: userEvent.setup() };
}

const submitted = (o: Partial<Thesis> = {}) =>
  makeThesis({
    state: "Submitted",
    submittedAt: "2026-07-11T09:00:00.000Z",
    secondExaminer: { id: "t2", name: "Dr. Second" },
    ...o,
  });

describe("the thesis page's marking (DESIGN.md §17)", () => {
  it("committee, blind: sees that the first assessment is in, not what it says; the due date; replaces the second examiner from active teachers", async () => {
    const { calls, user } = setup(
      submitted({ actions: ["nameExaminer", "cancel"] }),
      assessments({
        first: {
          examiner: { id: "t1", name: "Prof. Ada" },
          submittedAt: "2026-07-12T09:00:00.000Z",
          content: null,
        },
      }),
    );
    const marking = await screen.findByRole("region", { name: "Marking" });
    const first = within(marking).getByRole("article", { name: "First examiner's assessment" });
    expect(within(first).getByText("In")).toBeInTheDocument();
    expect(within(first).queryByRole("table", { name: "Scores" })).not.toBeInTheDocument();
    expect(within(first).queryByRole("button", { name: /Replace/ })).not.toBeInTheDocument();
    expect(within(marking).getByText("Assessments due")).toBeInTheDocument();
    expect(within(marking).queryByRole("button", { name: /assessment/ })).not.toBeInTheDocument();
    await user.click(within(marking).getByRole("button", { name: "Replace the second examiner" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("combobox", { name: /^Second examiner/ }));
    await user.click(await screen.findByRole("option", { name: /Dr\. External/, hidden: true }));
    expect(screen.queryByRole("option", { name: /Dr\. Gone/, hidden: true })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT" && c.path === `${BASE}/examiners`)?.body).toEqual({
        secondExaminerId: "t3",
      }),
    );
  });

  it("an examiner hands in an assessment: scores with the weighted score as a guide, one grade for all by default, two comments", async () => {
    const { calls, user } = setup(submitted({ actions: ["assess", "return"] }), assessments(), firstExaminer);
    const marking = await screen.findByRole("region", { name: "Marking" });
    await user.click(within(marking).getByRole("button", { name: "Hand in your assessment" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Content/ }), "80");
    await user.type(within(dialog).getByRole("textbox", { name: /Form/ }), "60");
    expect(within(dialog).getByText(/Weighted score: 72 of 100/)).toBeInTheDocument();
    expect(within(dialog).getByRole("checkbox", { name: "One grade for all members" })).toBeChecked();
    await user.click(within(dialog).getByRole("combobox", { name: /^Grade for every member/ }));
    await user.click(await screen.findByRole("option", { name: "2.0", hidden: true }));
    await user.type(within(dialog).getByRole("textbox", { name: "Comment for the students" }), "Good.");
    await user.type(within(dialog).getByRole("textbox", { name: "Internal comment" }), "Thin.");
    await user.click(within(dialog).getByRole("button", { name: "Save assessment" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT" && c.path === `${BASE}/assessment`)?.body).toEqual({
        scores: { Content: 80, Form: 60 },
        grades: { s1: "2.0", s2: "2.0" },
        studentComment: "Good.",
        internalComment: "Thin.",
      }),
    );
  });

  it("after both are in, on Disputed: both assessments, the grades, and the committee's final-grades form", async () => {
    const both = assessments({
      first: { examiner: { id: "t1", name: "Prof. Ada" }, submittedAt: "2026-07-12T09:00:00.000Z", content },
      second: {
        examiner: { id: "t2", name: "Dr. Second" },
        submittedAt: "2026-07-13T09:00:00.000Z",
        content: { ...content, grades: { s1: "2.3", s2: "5.0" } },
      },
      grades: [
        { member: { id: "s1", name: "Tanvir Hasan" }, grade: "2.0", disputed: false },
        { member: { id: "s2", name: "Mei Lin" }, grade: null, disputed: true },
      ],
    });
    const { calls, user } = setup(
      submitted({ state: "Disputed", actions: ["setFinalGrades", "cancel"] }),
      both,
    );
    const marking = await screen.findByRole("region", { name: "Marking" });
    expect(within(marking).getAllByRole("table", { name: "Scores" })).toHaveLength(2);
    expect(within(marking).getAllByText("Internal: Chapter 3 is thin.")).toHaveLength(2);
    expect(within(marking).getByText("Disputed: the committee sets it")).toBeInTheDocument();
    expect(within(marking).queryByRole("button", { name: /examiner/ })).not.toBeInTheDocument();
    await user.click(within(marking).getByRole("button", { name: "Set final grades" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("combobox", { name: /Tanvir/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("combobox", { name: /^Final grade for Mei Lin/ }));
    await user.click(await screen.findByRole("option", { name: "4.0", hidden: true }));
    await user.type(within(dialog).getByRole("textbox", { name: /^Reason/ }), "Third reader.");
    await user.click(within(dialog).getByRole("button", { name: "Set final grades" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST" && c.path === `${BASE}/final-grades`)?.body).toEqual({
        grades: { s2: "4.0" },
        reason: "Third reader.",
      }),
    );
  });

  it("a student sees no marking and never asks for the assessments", async () => {
    const { calls } = setup(submitted(), assessments(), student);
    expect(
      await screen.findByRole("heading", { name: "Graph neural networks for phishing" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Marking" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith("/assessments"))).toBe(false);
  });
});
