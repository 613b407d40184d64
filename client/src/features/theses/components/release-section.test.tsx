import { makeThesis, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import type { ThesisResult } from "@shared/schemas/release";
import type { Thesis } from "@shared/schemas/theses";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThesisPage } from "./thesis-page";

afterEach(() => vi.unstubAllGlobals());

const ID = "22222222-2222-4222-8222-222222222222";
const member = testUser({ id: "s1", role: "student", name: "Tanvir Hasan" });
const supervisor = testUser({ id: "t1", role: "supervisor", name: "Prof. Ada", studentId: null });
const committee = testUser({ id: "c1", role: "committee", name: "Katherine Johnson", studentId: null });
const BACK = { to: "/student/theses", label: "Back to Theses" };

const RESULT: ThesisResult = {
  scale: "german",
  proposedVisibility: "Public",
  embargoUntil: null,
  consents: [
    { member: { id: "s1", name: "Tanvir Hasan" }, public: true },
    { member: { id: "s2", name: "Mei Lin" }, public: null },
  ],
  effectiveVisibility: "Internal",
  visibility: null,
  releasedAt: null,
  grades: null,
  comments: null,
};
const RELEASED: ThesisResult = {
  ...RESULT,
  visibility: "Internal",
  releasedAt: "2026-09-01T10:00:00.000Z",
  grades: [{ member: { id: "s1", name: "Tanvir Hasan" }, grade: "1.3" }],
  comments: [
    { examiner: "Prof. Ada", text: "A careful study." },
    { examiner: "Dr. Second", text: "Clear writing." },
  ],
};

function setup(thesis: Thesis, user: ReturnType<typeof testUser>, result: ThesisResult) {
  const answer = () => ({ body: { thesis } });
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    [`GET /api/theses/${ID}`]: answer,
    [`GET /api/theses/${ID}/writing`]: () => ({
      body: { writing: { drafts: [], extension: null, declarationText: "Mine.", declarations: [] } },
    }),
    [`GET /api/theses/${ID}/assessments`]: () => ({
      status: 403,
      body: { error: { code: "FORBIDDEN", message: "No." } },
    }),
    [`GET /api/theses/${ID}/defense`]: () => ({ body: { defense: null } }),
    [`GET /api/theses/${ID}/result`]: () => ({ body: { result } }),
    [`PUT /api/theses/${ID}/publication-consent`]: answer,
    [`PUT /api/theses/${ID}/visibility-proposal`]: answer,
    [`POST /api/theses/${ID}/release`]: answer,
    [`POST /api/theses/${ID}/annul`]: answer,
    [`POST /api/theses/${ID}/grade-correction`]: answer,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ThesisPage id={ID} back={BACK} />, { user });
  return { calls: api.calls, user: userEvent.setup() };
}

const section = async () => screen.findByRole("region", { name: "Release and visibility" });

describe("the thesis page's release", () => {
  it("before release a member sees no grade and answers for themselves with a switch", async () => {
    const { calls, user } = setup(
      makeThesis({ state: "Submitted", actions: ["consentPublication"] }),
      testUser({ id: "s2", role: "student", name: "Mei Lin" }),
      RESULT,
    );
    const s = await section();
    expect(within(s).queryByText(/grade/i)).not.toBeInTheDocument();
    expect(within(s).getByText(MSG.publicNeedsConsent)).toBeInTheDocument();
    await user.click(within(s).getByRole("switch", { name: /I agree to publish this thesis as Public/ }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: "PUT",
        path: `/api/theses/${ID}/publication-consent`,
        body: { public: true },
      }),
    );
    expect(screen.queryByRole("button", { name: "Release grades" })).not.toBeInTheDocument();
  });

  it("after release a member reads their own grade, both comments for the students and the date; no form", async () => {
    setup(makeThesis({ state: "Released", actions: [] }), member, RELEASED);
    const s = await section();
    expect(within(s).getByText("Your grade")).toBeInTheDocument();
    expect(within(s).getByText("1.3")).toBeInTheDocument();
    expect(within(s).getByText("A careful study.")).toBeInTheDocument();
    expect(within(s).getByText("Clear writing.")).toBeInTheDocument();
    expect(within(s).getByText(/Released/)).toBeInTheDocument();
    // Each fact (the grade, each comment) is a term and its description in a list of them (axe's dlitem).
    const items = [...s.querySelectorAll("dt, dd")];
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const item of items)
      expect([item.parentElement?.tagName, item.parentElement?.parentElement?.tagName]).toContain("DL");
    expect(within(s).queryByRole("switch")).not.toBeInTheDocument();
    expect(within(s).queryByRole("button")).not.toBeInTheDocument();
  });

  it("the supervisor proposes a visibility with an embargo date", async () => {
    const { calls, user } = setup(
      makeThesis({ state: "Submitted", actions: ["proposeVisibility"] }),
      supervisor,
      { ...RESULT, proposedVisibility: null, effectiveVisibility: "Internal" },
    );
    const s = await section();
    const form = within(s).getByRole("form", { name: "Propose the visibility" });
    await user.click(within(form).getByRole("combobox", { name: /^Proposed visibility/ }));
    await user.click(await screen.findByRole("option", { name: "Private", hidden: true }));
    await user.type(within(form).getByLabelText(/Embargo until/), "2030-01-01");
    await user.click(within(form).getByRole("button", { name: "Save proposal" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith("/visibility-proposal"))?.body).toMatchObject({
        visibility: "Private",
      }),
    );
    const sent = calls.find((c) => c.path.endsWith("/visibility-proposal"))?.body as { embargoUntil: string };
    expect(sent.embargoUntil).toMatch(/^2029-12-31|^2030-01-01/);
  });

  it("the committee releases a Graded thesis after a confirmation naming its visibility; only the actions allowed now", async () => {
    const { calls, user } = setup(
      makeThesis({ state: "Graded", actions: ["release", "correctGrade", "annul"] }),
      committee,
      RESULT,
    );
    const actions = await screen.findByRole("group", { name: "Thesis actions" });
    expect(
      within(actions)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Release grades", "Correct a grade", "Annul thesis"]);
    await user.click(within(actions).getByRole("button", { name: "Release grades" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByText(/released as Internal/)).toBeInTheDocument());
    await user.click(within(dialog).getByRole("button", { name: "Release grades" }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: "POST", path: `/api/theses/${ID}/release`, body: {} }),
    );
  });

  it("the committee annuls with a required reason", async () => {
    const { calls, user } = setup(
      makeThesis({ state: "Released", actions: ["correctGrade", "annul", "changeVisibility"] }),
      committee,
      RELEASED,
    );
    await user.click(await screen.findByRole("button", { name: "Annul thesis" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Annul thesis" }));
    expect(await within(dialog).findByText("A reason is required.")).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith("/annul"))).toBe(false);
    await user.type(within(dialog).getByRole("textbox", { name: /Reason/ }), "Plagiarism");
    await user.click(within(dialog).getByRole("button", { name: "Annul thesis" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: "POST",
        path: `/api/theses/${ID}/annul`,
        body: { reason: "Plagiarism" },
      }),
    );
    expect(screen.getByRole("form", { name: "Change the visibility" })).toBeInTheDocument();
  });
});
