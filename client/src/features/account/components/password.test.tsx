import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ForgotPasswordForm } from "./forgot-password-form";
import { ResetPasswordForm } from "./reset-password-form";

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("Forgot password", () => {
  it("sends the email and shows the same answer, whoever asks", async () => {
    const api = fakeApi({
      "POST /api/auth/forgot-password": () => ({ body: { ok: true, message: MSG.forgotPasswordSent } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ForgotPasswordForm />, { user: null });
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Email" }), "Ana@Uni.example");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(MSG.forgotPasswordSent)).toBeInTheDocument();
    expect(api.calls[0].body).toEqual({ email: "Ana@Uni.example" });
  });

  it("checks the email before sending, and shows a refusal (too many requests) above the form", async () => {
    const api = fakeApi({
      "POST /api/auth/forgot-password": () => ({
        status: 429,
        body: { error: { code: "RATE_LIMITED", message: MSG.tooManyResetRequests } },
      }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ForgotPasswordForm />, { user: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Email is required.")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    await user.type(screen.getByRole("textbox", { name: "Email" }), "ana@uni.example");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.tooManyResetRequests);
  });
});

describe("Reset password", () => {
  it("sets the password with the link's token and takes the person to their dashboard", async () => {
    const api = fakeApi({
      "GET /api/auth/reset-password": () => ({ body: { valid: true } }),
      "POST /api/auth/reset-password": () => ({ body: { user: testUser({ role: "supervisor" }) } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    const { router } = renderScreen(<ResetPasswordForm token="the-token" />, { user: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/, { selector: "input" }), "a-new-password");
    await user.type(
      screen.getByLabelText(/^Repeat the new password/, { selector: "input" }),
      "a-new-passwor",
    );
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText("The passwords do not match.")).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Repeat the new password/, { selector: "input" }), "d");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(MSG.passwordSet)).toBeInTheDocument();
    // The link was checked when the page opened, then used.
    expect(api.calls.slice(0, 2).map((c) => c.method)).toEqual(["GET", "POST"]);
    expect(api.calls[1].body).toEqual({ token: "the-token", newPassword: "a-new-password" });
    expect(router.state.location.pathname).toBe("/supervisor/dashboard");
  });

  it("a link that stops working while its page is open says so when the form is sent", async () => {
    const api = fakeApi({
      "GET /api/auth/reset-password": () => ({ body: { valid: true } }),
      "POST /api/auth/reset-password": () => ({
        status: 400,
        body: {
          error: {
            code: "VALIDATION",
            message: MSG.resetTokenInvalid,
            fields: { token: MSG.resetTokenInvalid },
          },
        },
      }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ResetPasswordForm token="used-token" />, { user: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^New password/, { selector: "input" }), "a-new-password");
    await user.type(
      screen.getByLabelText(/^Repeat the new password/, { selector: "input" }),
      "a-new-password",
    );
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.resetTokenInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });

  it("a used or expired link says so when its page opens, before anything is typed (issue 30)", async () => {
    const api = fakeApi({ "GET /api/auth/reset-password": () => ({ body: { valid: false } }) });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ResetPasswordForm token="used-token" />, { user: null });
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.resetTokenInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("button", { name: "Set password" })).toBeDisabled();
    expect(screen.getByLabelText(/^New password/, { selector: "input" })).toBeDisabled();
    // Only the check was asked; nothing was sent, and the check named the token.
    expect(api.calls.map((c) => c.method)).toEqual(["GET"]);
  });

  it("when the link cannot be checked (too many checks), the form stays and the reset itself decides", async () => {
    const api = fakeApi({
      "GET /api/auth/reset-password": () => ({
        status: 429,
        body: { error: { code: "RATE_LIMITED", message: MSG.tooManyResetChecks } },
      }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<ResetPasswordForm token="some-token" />, { user: null });
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Set password" })).toBeEnabled());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("without a token in the link, says so at once and sends nothing", async () => {
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderScreen(<ResetPasswordForm token="" />, { user: null });
    expect(screen.getByRole("alert")).toHaveTextContent(MSG.resetTokenInvalid);
    expect(screen.getByRole("button", { name: "Set password" })).toBeDisabled();
  });
});

describe("Forgot password, from the login page", () => {
  it("starts with the email typed on the login page (passed in the history entry)", async () => {
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderScreen(<ForgotPasswordForm />, {
      user: null,
      path: "/forgot-password",
      state: { email: "ana@uni.example" },
    });
    expect(await screen.findByRole("textbox", { name: "Email" })).toHaveValue("ana@uni.example");
  });

  it("starts empty when nothing came along", async () => {
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderScreen(<ForgotPasswordForm />, { user: null, path: "/forgot-password", state: { email: 42 } });
    expect(await screen.findByRole("textbox", { name: "Email" })).toHaveValue("");
  });
});
