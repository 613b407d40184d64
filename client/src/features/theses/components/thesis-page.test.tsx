import { makeThesis, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { DOCUMENT_MSG } from "@shared/schemas/files";
import type { Thesis } from "@shared/schemas/theses";
import type { ThesisWriting } from "@shared/schemas/thesis-writing";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThesisPage } from "./thesis-page";

afterEach(() => vi.unstubAllGlobals());

const member = testUser({ id: "s1", role: "student", name: "Tanvir Hasan" });
const committee = testUser({ id: "c1", role: "committee", name: "Katherine Johnson", studentId: null });
const BACK = { to: "/student/theses", label: "Back to Theses" };

const NO_WRITING: ThesisWriting = {
  drafts: [],
  extension: null,
  declarationText: "My own work.",
  declarations: [],
};

function setup(thesis: Thesis | { status: number }, user = member, writing: ThesisWriting = NO_WRITING) {
  const api = fakeApi({
    "GET /api/terms": () => ({ body: termsFixture() }),
    "GET /api/theses/22222222-2222-4222-8222-222222222222": () =>
      "status" in thesis
        ? { status: thesis.status, body: { error: { code: "NOT_FOUND", message: "Not found." } } }
        : { body: { thesis } },
    "GET /api/theses/22222222-2222-4222-8222-222222222222/writing": () => ({ body: { writing } }),
    "PUT /api/theses/22222222-2222-4222-8222-222222222222/declaration": () => ({
      body: { thesis: thesis as Thesis },
    }),
    "POST /api/theses/22222222-2222-4222-8222-222222222222/extension/decision": () => ({
      body: { thesis: thesis as Thesis },
    }),
    "POST /api/theses/22222222-2222-4222-8222-222222222222/cancel": () => ({
      body: { thesis: { ...(thesis as Thesis), state: "Cancelled", actions: [] } },
    }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ThesisPage id="22222222-2222-4222-8222-222222222222" back={BACK} />, { user });
  return { calls: api.calls, user: userEvent.setup() };
}

describe("the thesis page", () => {
  it("shows its state, due date with the time left, members, supervisor and examiners, and a link to its proposal", async () => {
    setup(makeThesis({ dueAt: new Date(Date.now() + 12 * 24 * 3600 * 1000 + 3600 * 1000).toISOString() }));
    expect(
      await screen.findByRole("heading", { name: "Graph neural networks for phishing" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Writing")).toBeInTheDocument();
    expect(screen.getByText(/\(12 days left\)/)).toBeInTheDocument();
    expect(screen.queryByText("Overdue")).not.toBeInTheDocument();
    const people = screen.getByRole("region", { name: "People" });
    expect(within(people).getByText("Tanvir Hasan, Mei Lin")).toBeInTheDocument();
    expect(within(people).getAllByText("Prof. Ada")).toHaveLength(2);
    expect(within(people).getByText("Not named yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the proposal" })).toHaveAttribute(
      "href",
      "/student/proposals/11111111-1111-4111-8111-111111111111",
    );
  });

  it("a draft may be up to 50 MB: a larger PDF is refused at the field before anything is sent", async () => {
    const { calls, user } = setup(makeThesis({ actions: ["uploadDraft"] }));
    await user.click(await screen.findByRole("button", { name: "Upload a draft" }));
    const dialog = await screen.findByRole("dialog", { name: "Upload a draft" });
    expect(within(dialog).getByText("PDF only, at most 50 MB.")).toBeInTheDocument();
    const huge = new File(["%PDF-"], "thesis.pdf", { type: "application/pdf" });
    Object.defineProperty(huge, "size", { value: 50 * 1024 * 1024 + 1 });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, huge);
    expect(await within(dialog).findByText(DOCUMENT_MSG.thesisTooLarge)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("past its due date while written: Overdue, and how long ago", async () => {
    setup(
      makeThesis({
        dueAt: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString(),
        overdue: true,
      }),
    );
    expect(await screen.findByText("Overdue")).toBeInTheDocument();
    expect(screen.getByText(/\(3 days past\)/)).toBeInTheDocument();
  });

  it("offers only the actions the server allows: none of the committee's to a member", async () => {
    setup(makeThesis({ actions: ["uploadDraft", "declare"] }));
    await screen.findByRole("heading", { name: "Graph neural networks for phishing" });
    expect(screen.queryByRole("button", { name: "Cancel thesis" })).not.toBeInTheDocument();
  });

  it("the committee cancels with a reason: required, then sent", async () => {
    const { calls, user } = setup(makeThesis({ actions: ["cancel", "fail", "removeMember"] }), committee);
    await user.click(await screen.findByRole("button", { name: "Cancel thesis" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel this thesis" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel thesis" }));
    expect(await within(dialog).findByText("A reason is required.")).toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "The group split up.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel thesis" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({ reason: "The group split up." }),
    );
  });

  it("a member is offered a draft and an extension request; the drafts are listed newest first, the final one marked", async () => {
    setup(makeThesis({ actions: ["uploadDraft", "requestExtension", "declare", "submit"] }), member, {
      ...NO_WRITING,
      drafts: [
        {
          id: "d2",
          number: 2,
          author: { id: "s2", name: "Mei Lin" },
          createdAt: "2026-02-01T10:00:00.000Z",
          document: { id: "f2", name: "second.pdf", size: 2048 },
          final: true,
        },
      ],
    });
    expect(await screen.findByRole("button", { name: "Upload a draft" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request an extension" })).toBeInTheDocument();
    const drafts = await screen.findByRole("list", { name: "Drafts" });
    expect(within(drafts).getByText("Draft 2")).toBeInTheDocument();
    expect(within(drafts).getByText("Final")).toBeInTheDocument();
    expect(within(drafts).getByRole("link", { name: "second.pdf" })).toBeInTheDocument();
  });

  it("the supervisor decides an open extension request: approve with a note", async () => {
    const supervisor = testUser({ id: "t1", role: "supervisor", name: "Prof. Ada", studentId: null });
    const { calls, user } = setup(makeThesis({ actions: ["decideExtension"] }), supervisor, {
      ...NO_WRITING,
      extension: {
        requestedBy: { id: "s1", name: "Tanvir Hasan" },
        dueAt: "2099-08-10T09:00:00.000Z",
        reason: "Ill for a month.",
        state: "open",
        decidedAs: null,
        decidedBy: null,
        decidedAt: null,
        grantedDueAt: null,
        note: null,
        createdAt: "2026-02-01T10:00:00.000Z",
      },
    });
    expect(await screen.findByText(/Ill for a month/)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Approve extension" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve the extension" });
    await user.type(within(dialog).getByRole("textbox", { name: "Note (optional)" }), "Get well.");
    await user.click(within(dialog).getByRole("button", { name: "Approve extension" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")?.body).toEqual({
        approve: true,
        dueAt: "2099-08-10T09:00:00.000Z",
        note: "Get well.",
      }),
    );
  });

  it("a member declares in the term's words, and Submit waits until every member has declared", async () => {
    const { calls, user } = setup(makeThesis({ actions: ["declare", "submit"] }), member, {
      ...NO_WRITING,
      drafts: [
        {
          id: "d1",
          number: 1,
          author: { id: "s1", name: "Tanvir Hasan" },
          createdAt: "2026-02-01T10:00:00.000Z",
          document: { id: "f1", name: "draft.pdf", size: 2048 },
          final: false,
        },
      ],
      declarations: [{ studentId: "s2", declaredAt: "2026-02-02T10:00:00.000Z" }],
    });
    await user.click(await screen.findByRole("button", { name: "Submit thesis" }));
    const submitDialog = await screen.findByRole("dialog", { name: "Submit the thesis" });
    expect(within(submitDialog).getByText(/Tanvir Hasan has not yet/)).toBeInTheDocument();
    expect(within(submitDialog).getByRole("button", { name: "Submit thesis" })).toBeDisabled();
    await user.click(within(submitDialog).getByRole("button", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Declare my own work" }));
    const dialog = await screen.findByRole("dialog", { name: "Declaration of own work" });
    expect(within(dialog).getByText("My own work.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Declare" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: /I declare this/ }));
    await user.click(within(dialog).getByRole("button", { name: "Declare" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")).toMatchObject({
        path: "/api/theses/22222222-2222-4222-8222-222222222222/declaration",
        body: { declaration: true },
      }),
    );
  });

  it("someone else's thesis is not found", async () => {
    setup({ status: 404 });
    expect(await screen.findByText("Thesis not found")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to Theses/ })).toHaveAttribute("href", "/student/theses");
  });
});
