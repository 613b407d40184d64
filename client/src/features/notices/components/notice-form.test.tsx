import { makeMember, makeProposalSummary } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NoticeForm } from "./notice-form";

const supervisor = testUser({ role: "supervisor", studentId: null });
const GROUP_ID = "22222222-2222-4222-8222-222222222222";

const group = makeProposalSummary({
  id: GROUP_ID,
  title: "Campus navigation app",
  excerpt: "A.",
  type: "Project",
  status: "Approved",
  researchCell: null,
  supervisor: null,
  createdBy: null,
  members: [
    makeMember({ name: "Omar Farouk" }),
    makeMember({ id: "s2", name: "Sofia Martins", studentId: "S2", position: 1 }),
  ],
  term: { id: "t1", name: "Default", mode: "direct", committeeApproval: false, revisionsCloseAt: null },
});

afterEach(() => vi.unstubAllGlobals());

function setup(post: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({
    "GET /api/proposals/groups": () => ({ body: { items: [group] } }),
    "POST /api/notices": post,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<NoticeForm />, { user: supervisor });
  return api;
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  o: { group?: boolean; title?: string; description?: string },
) {
  if (o.group) {
    const select = await screen.findByRole("combobox", { name: "Group" });
    await waitFor(() => expect(select).not.toBeDisabled());
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: /Campus navigation app/, hidden: true }));
  }
  if (o.title) await user.type(screen.getByRole("textbox", { name: "Title" }), o.title);
  if (o.description) await user.type(screen.getByRole("textbox", { name: "Description" }), o.description);
}

// jsdom never finishes Mantine's dropdown transition, so options stay out of the accessibility
// tree: they are looked up with { hidden: true } (the browser journey clicks them for real).
describe("Notice form", () => {
  it("offers the supervisor's groups by title and member names", async () => {
    setup(() => ({ body: {} }));
    const user = userEvent.setup();
    const select = await screen.findByRole("combobox", { name: "Group" });
    await waitFor(() => expect(select).not.toBeDisabled());
    await user.click(select);
    expect(
      await screen.findByRole("option", { name: /Campus navigation app/, hidden: true }),
    ).toHaveTextContent("Omar Farouk, Sofia Martins");
  });

  it("says 'Please fill all fields.' when any field is empty and sends nothing", async () => {
    const api = setup(() => ({ status: 201, body: {} }));
    const user = userEvent.setup();
    await fill(user, { group: true, title: "Kick-off" });
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    expect(await screen.findAllByText(MSG.fillAllFields)).not.toHaveLength(0);
    expect(api.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("says 'Please fill all fields.' once, on the form, and marks each empty field without repeating it", async () => {
    setup(() => ({ status: 201, body: {} }));
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Group" })).not.toBeDisabled());
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.fillAllFields);
    expect(screen.getByRole("form", { name: "Send a notice" })).toContainElement(alert);
    // Once on the screen (no toast saying it again), and under no field.
    expect(screen.getAllByText(MSG.fillAllFields)).toHaveLength(1);
    for (const field of [
      screen.getByRole("combobox", { name: "Group" }),
      screen.getByRole("textbox", { name: "Title" }),
      screen.getByRole("textbox", { name: "Description" }),
    ])
      expect(field).toHaveAttribute("aria-invalid", "true");

    // Filling a field marks it valid again; the message goes once something changes.
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Kick-off");
    expect(screen.getByRole("textbox", { name: "Title" })).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(MSG.fillAllFields)).not.toBeInTheDocument();
    // Still empty: asked again, said again, once.
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    expect(await screen.findAllByText(MSG.fillAllFields)).toHaveLength(1);
    expect(screen.getByRole("textbox", { name: "Title" })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAttribute("aria-invalid", "true");
  });

  it("sends the notice, says 'Notice Sent Successfully!' and clears the form", async () => {
    const api = setup(() => ({ status: 201, body: { notice: {} } }));
    const user = userEvent.setup();
    await fill(user, { group: true, title: "Kick-off", description: "Thursday at 10:00." });
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    expect(await screen.findByText(MSG.noticeSent)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toEqual({
      proposalId: GROUP_ID,
      title: "Kick-off",
      description: "Thursday at 10:00.",
    });
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue(""));
  });

  it("says 'Selected proposal not found.' when the group is not (or no longer) the supervisor's", async () => {
    setup(() => ({ status: 404, body: { error: { code: "NOT_FOUND", message: MSG.proposalNotFound } } }));
    const user = userEvent.setup();
    await fill(user, { group: true, title: "T", description: "D" });
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    expect(await screen.findAllByText(MSG.proposalNotFound)).not.toHaveLength(0);
  });

  it("says 'Failed to send notice: {message}' on any other failure", async () => {
    setup(() => ({ status: 500, body: { error: { code: "INTERNAL", message: "Database is down." } } }));
    const user = userEvent.setup();
    await fill(user, { group: true, title: "T", description: "D" });
    await user.click(screen.getByRole("button", { name: "Send Notice" }));
    expect(await screen.findByText(MSG.sendNoticeFailed("Database is down."))).toBeInTheDocument();
  });
});
