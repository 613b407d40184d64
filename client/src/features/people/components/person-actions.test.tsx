import { makePerson } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Person } from "@shared/schemas/users";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AllStudents } from "./all-students";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const ana = makePerson({
  id: "00000000-0000-4000-8000-00000000000a",
  name: "Ana Active",
  email: "ana@uni.example",
  studentId: "S-100",
  createdAt: new Date(2026, 0, 1).toISOString(),
  deactivatedAt: null,
});
const ida: Person = {
  ...ana,
  id: "00000000-0000-4000-8000-00000000000b",
  name: "Ida Inactive",
  email: "ida@uni.example",
  studentId: "S-101",
  deactivatedAt: new Date(2026, 1, 1).toISOString(),
};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  const list = [ana, ida];
  const api = fakeApi({
    "GET /api/users": () => ({ body: { items: list, total: list.length, capped: false } }),
    ...routes,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<AllStudents />, { user: me, path: "/committee/all-students" });
  return api;
}

const openActions = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(await screen.findByRole("button", { name: `Actions for ${name}` }));

describe("a person's actions in the people list", () => {
  it("marks a deactivated person Inactive, offers Reactivate for them, and links to the import", async () => {
    setup();
    const row = await screen.findByRole("row", { name: /Ida Inactive/ });
    expect(within(row).getByText("Inactive")).toBeInTheDocument();
    expect(
      within(screen.getByRole("row", { name: /Ana Active/ })).queryByText("Inactive"),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Import CSV" })).toHaveAttribute(
      "href",
      "/committee/import?role=student",
    );
    const user = userEvent.setup();
    await openActions(user, "Ida Inactive");
    expect(await screen.findByRole("menuitem", { name: "Reactivate" })).toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Deactivate" })).not.toBeInTheDocument();
    expect(screen.queryByRole("menuitem", { name: "Send password link" })).not.toBeInTheDocument();
  });

  it("edits the name and email, and shows a taken email at its field", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { error: { code: "CONFLICT", message: MSG.emailTaken, fields: { email: MSG.emailTaken } } },
    };
    const api = setup({ "PATCH /api/users/00000000-0000-4000-8000-00000000000a": () => answer });
    const user = userEvent.setup();
    await openActions(user, "Ana Active");
    await user.click(await screen.findByRole("menuitem", { name: "Edit name and email" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Ana Active" });
    const email = within(dialog).getByRole("textbox", { name: /^Email/ });
    await user.clear(email);
    await user.type(email, "taken@uni.example");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      name: "Ana Active",
      email: "taken@uni.example",
    });
    answer = { status: 200, body: { user: { ...ana, email: "new@uni.example" } } };
    await user.clear(email);
    await user.type(email, "new@uni.example");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText(MSG.personUpdated)).toBeInTheDocument();
  });

  it("sends a password link and says which one went", async () => {
    setup({
      "POST /api/users/00000000-0000-4000-8000-00000000000a/password-reset": () => ({
        body: { ok: true, kind: "set", message: MSG.setPasswordLinkSent("Ana Active") },
      }),
    });
    const user = userEvent.setup();
    await openActions(user, "Ana Active");
    await user.click(await screen.findByRole("menuitem", { name: "Send password link" }));
    expect(await screen.findByText(MSG.setPasswordLinkSent("Ana Active"))).toBeInTheDocument();
  });

  it("shows what a person leaves behind, each proposal a link, before deactivating them", async () => {
    const api = setup({
      "GET /api/users/00000000-0000-4000-8000-00000000000a/open-proposals": () => ({
        body: {
          items: [
            {
              id: "00000000-0000-4000-8000-000000000001",
              title: "Soil sensors",
              status: "Pending",
              role: "creator",
              createdAt: new Date().toISOString(),
            },
          ],
        },
      }),
      "POST /api/users/00000000-0000-4000-8000-00000000000a/deactivate": () => ({
        body: { user: { ...ana, deactivatedAt: new Date().toISOString() } },
      }),
    });
    const user = userEvent.setup();
    await openActions(user, "Ana Active");
    await user.click(await screen.findByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Ana Active?" });
    const link = await within(dialog).findByRole("link", { name: "Soil sensors" });
    expect(link).toHaveAttribute(
      "href",
      "/committee/proposals/00000000-0000-4000-8000-000000000001?from=all-students",
    );
    expect(within(dialog).getByText(/1 active proposal to reassign or withdraw/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText(MSG.personDeactivated("Ana Active"))).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "POST" && c.path.endsWith("/deactivate"))).toBe(true);
  });

  it("says so when a person leaves nothing behind, and shows a refusal", async () => {
    setup({
      "GET /api/users/00000000-0000-4000-8000-00000000000a/open-proposals": () => ({ body: { items: [] } }),
      "POST /api/users/00000000-0000-4000-8000-00000000000a/deactivate": () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message: MSG.lastCommitteeMember } },
      }),
    });
    const user = userEvent.setup();
    await openActions(user, "Ana Active");
    await user.click(await screen.findByRole("menuitem", { name: "Deactivate" }));
    const dialog = await screen.findByRole("dialog", { name: "Deactivate Ana Active?" });
    expect(await within(dialog).findByText("No active proposals")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await screen.findByText(MSG.deactivateFailed(MSG.lastCommitteeMember))).toBeInTheDocument();
  });
});
