import { currentMe } from "@client/lib/session";
import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { PICTURE_MSG } from "@shared/schemas/profile";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PictureUpload } from "./picture-upload";
import { ProfileForm } from "./profile-form";

const me = testUser({ name: "Ada Lovelace", email: "ada@uni.example" });

afterEach(() => {
  vi.unstubAllGlobals();
  // Notifications live in a module-level store: one test's toasts must not show in the next.
  notifications.clean();
});

function setup(routes: Parameters<typeof fakeApi>[0], ui = <ProfileForm />) {
  const api = fakeApi(routes);
  vi.stubGlobal("fetch", api.fetch);
  const r = renderScreen(ui, { user: me });
  return { api, ...r };
}

const password = (name: string) => screen.getByLabelText(name, { selector: "input" });
/** FileInput is a button; the file itself goes through its hidden input. */
const fileInput = () => {
  expect(screen.getByRole("button", { name: "Profile picture" })).toBeInTheDocument();
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
};

describe("Profile form", () => {
  it("shows the name and a read-only email, and saves the name", async () => {
    const { api } = setup({
      "PATCH /api/me": (body) => ({ body: { user: { ...me, name: (body as { name: string }).name } } }),
    });
    const user = userEvent.setup();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAttribute("readonly");
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveValue("ada@uni.example");
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Ada King");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    expect(api.calls).toEqual([{ method: "PATCH", path: "/api/me", body: { name: "Ada King" } }]);
    // The layout header reads the user from this query.
    expect(currentMe()?.name).toBe("Ada King");
  });

  it("names an empty name at the field and sends nothing", async () => {
    const { api } = setup({});
    const user = userEvent.setup();
    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText("Name is required.")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("asks for the current password when a new one is given without it, and sends nothing", async () => {
    const { api } = setup({});
    const user = userEvent.setup();
    await user.type(password("New password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect((await screen.findAllByText(MSG.currentPasswordRequired)).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });

  it("changes nothing, not even the name, when the current password is wrong", async () => {
    const { api } = setup({
      "POST /api/me/password": () => ({
        status: 400,
        body: {
          error: {
            code: "VALIDATION",
            message: MSG.wrongCurrentPassword,
            fields: { currentPassword: MSG.wrongCurrentPassword },
          },
        },
      }),
    });
    const user = userEvent.setup();
    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Someone Else");
    await user.type(password("Current password"), "wrong-password");
    await user.type(password("New password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    // Said at the field it belongs to, not again in a toast (issue 18).
    expect(await screen.findByText(MSG.wrongCurrentPassword)).toBeInTheDocument();
    expect(screen.queryByText(MSG.updateProfileFailed(MSG.wrongCurrentPassword))).not.toBeInTheDocument();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /api/me/password"]);
  });

  it("changes the password first, then the name, and clears the password fields", async () => {
    const { api } = setup({
      "POST /api/me/password": () => ({ body: { ok: true } }),
      "PATCH /api/me": (body) => ({ body: { user: { ...me, ...(body as object) } } }),
    });
    const user = userEvent.setup();
    await user.clear(screen.getByRole("textbox", { name: "Name" }));
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Ada B.");
    await user.type(password("Current password"), "old-password-1");
    await user.type(password("New password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText(MSG.passwordUpdated)).toBeInTheDocument();
    expect(await screen.findByText(MSG.profileUpdated)).toBeInTheDocument();
    expect(api.calls).toEqual([
      {
        method: "POST",
        path: "/api/me/password",
        body: { currentPassword: "old-password-1", newPassword: "brand-new-pass" },
      },
      { method: "PATCH", path: "/api/me", body: { name: "Ada B." } },
    ]);
    await waitFor(() => expect(password("New password")).toHaveValue(""));
    expect(password("Current password")).toHaveValue("");
  });

  it("checks the new password's length before sending", async () => {
    const { api } = setup({});
    const user = userEvent.setup();
    await user.type(password("Current password"), "old-password-1");
    await user.type(password("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Update Profile" }));
    expect(await screen.findByText(MSG.passwordTooShort)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});

describe("Profile picture", () => {
  const file = (name: string, type: string, size = 1000) => new File([new Uint8Array(size)], name, { type });

  it("refuses a wrong type or a file over 5 MB before uploading", async () => {
    const { api } = setup({}, <PictureUpload />);
    const user = userEvent.setup({ applyAccept: false });
    const input = fileInput();
    await user.upload(input, file("anim.gif", "image/gif"));
    expect((await screen.findAllByText(PICTURE_MSG.wrongType)).length).toBeGreaterThan(0);
    await user.upload(input, file("huge.png", "image/png", LIMITS.pictureBytesMax + 1));
    expect((await screen.findAllByText(PICTURE_MSG.tooLarge)).length).toBeGreaterThan(0);
    expect(api.calls).toEqual([]);
  });

  it("uploads a picture, says so and updates the signed-in user at once", async () => {
    const pictureUrl = "/api/pictures/0b5c7a52-5f0e-4c59-9a59-2d4c5d1a2b3c.webp";
    const { api } = setup(
      { "PUT /api/me/picture": () => ({ body: { user: { ...me, pictureUrl } } }) },
      <PictureUpload />,
    );
    const user = userEvent.setup();
    await user.upload(fileInput(), file("me.png", "image/png"));
    expect(await screen.findByText(MSG.pictureUpdated)).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].body).toBeInstanceOf(FormData);
    expect((api.calls[0].body as FormData).get("file")).toBeInstanceOf(File);
    expect(currentMe()?.pictureUrl).toBe(pictureUrl);
  });

  it("shows the server's refusal at the picture field", async () => {
    setup(
      {
        "PUT /api/me/picture": () => ({
          status: 415,
          body: { error: { code: "UNSUPPORTED_MEDIA_TYPE", message: PICTURE_MSG.wrongType } },
        }),
      },
      <PictureUpload />,
    );
    const user = userEvent.setup();
    await user.upload(fileInput(), file("fake.png", "image/png"));
    expect(await screen.findByText(PICTURE_MSG.wrongType)).toBeInTheDocument();
    expect(screen.queryByText(MSG.updateProfileFailed(PICTURE_MSG.wrongType))).not.toBeInTheDocument();
  });
});
