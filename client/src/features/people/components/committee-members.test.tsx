import { makePerson } from "@client/test/factories";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Person } from "@shared/schemas/users";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommitteeMembers } from "./committee-members";

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });
const member = makePerson({
  id: me.id,
  name: me.name,
  email: me.email,
  role: "committee",
  studentId: null,
  createdAt: new Date(2025, 0, 1).toISOString(),
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

function setup(post: Parameters<typeof fakeApi>[0][string]) {
  const list = [member];
  const api = fakeApi({
    "GET /api/users": (_b, url) => {
      expect(url.searchParams.get("role")).toBe("committee");
      return { body: { items: list, total: list.length, capped: false } };
    },
    "POST /api/users": (body, url) => {
      const res = post(body, url);
      if (res.status === 201) list.push((res.body as { user: Person }).user);
      return res;
    },
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<CommitteeMembers />, { user: me, path: "/committee/committee-members" });
  return api;
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  const form = screen.getByRole("form", { name: "Add a committee member" });
  await user.type(within(form).getByRole("textbox", { name: "Name" }), "Mary Jackson");
  await user.type(within(form).getByRole("textbox", { name: "Email" }), "mary@uni.example");
  await user.type(within(form).getByLabelText(/^Password/, { selector: "input" }), "committee-pass-2");
  await user.click(within(form).getByRole("button", { name: "Add Committee Member" }));
}

describe("Committee Members", () => {
  it("lists committee members and adds one as a committee member", async () => {
    const api = setup(() => ({
      status: 201,
      body: {
        user: {
          ...member,
          id: "00000000-0000-4000-8000-000000000009",
          name: "Mary Jackson",
          email: "mary@uni.example",
        },
      },
    }));
    const user = userEvent.setup();
    expect(await screen.findByRole("row", { name: /Katherine Johnson/ })).toBeInTheDocument();
    await fill(user);
    expect(await screen.findByText(MSG.committeeMemberAdded)).toBeInTheDocument();
    expect(await screen.findByRole("row", { name: /Mary Jackson/ })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({
      role: "committee",
      name: "Mary Jackson",
    });
  });

  it("says the reason at its field, and 'Failed to add committee member: …' only with no field for it", async () => {
    setup(() => ({
      status: 400,
      body: {
        error: {
          code: "VALIDATION",
          message: MSG.passwordTooLong,
          fields: { password: MSG.passwordTooLong },
        },
      },
    }));
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Katherine Johnson/ });
    await fill(user);
    expect(await screen.findByText(MSG.passwordTooLong)).toBeInTheDocument();
    expect(screen.queryByText(MSG.addCommitteeMemberFailed(MSG.passwordTooLong))).not.toBeInTheDocument();
  });

  it("says 'Failed to add committee member: …' for a failure with no field", async () => {
    setup(() => ({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }));
    const user = userEvent.setup();
    await screen.findByRole("row", { name: /Katherine Johnson/ });
    await fill(user);
    expect(await screen.findByText(MSG.addCommitteeMemberFailed("Boom."))).toBeInTheDocument();
  });
});
