import LoginPage from "@client/app/routes/auth/login";
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
    expect(api.calls[0].body).toEqual({ token: "the-token", newPassword: "a-new-password" });
    expect(router.state.location.pathname).toBe("/supervisor/dashboard");
  });

  it("says a used, expired or made-up link is not valid, with the way to ask for a new one", async () => {
    const api = fakeApi({
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

  it("without a token in the link, says so at once and sends nothing", async () => {
    vi.stubGlobal("fetch", fakeApi({}).fetch);
    renderScreen(<ResetPasswordForm token="" />, { user: null });
    expect(screen.getByRole("alert")).toHaveTextContent(MSG.resetTokenInvalid);
    expect(screen.getByRole("button", { name: "Set password" })).toBeDisabled();
  });
});

describe("Log in: forgot password and single sign-on", () => {
  const options = (sso: { name: string } | null, allowedEmailDomains: string[] = []) =>
    fakeApi({
      "GET /api/auth/options": () => ({ body: { sso, allowedEmailDomains } }),
      "POST /api/auth/sso": () => ({ body: { url: "http://idp.example/auth" } }),
    });

  it("links to Forgot password, and offers no single sign-on when it is not set up", async () => {
    vi.stubGlobal("fetch", options(null).fetch);
    renderScreen(<LoginPage />, { user: null, path: "/login" });
    expect(await screen.findByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.queryByRole("button", { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it("offers 'Sign in with {OIDC_NAME}' and starts it with the page to come back to", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const api = options({ name: "Uni Login" });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<LoginPage />, { user: null, path: "/login?next=%2Fstudent%2Fproposal" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Sign in with Uni Login" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("http://idp.example/auth"));
    expect(api.calls.find((c) => c.path === "/api/auth/sso")?.body).toEqual({ next: "/student/proposal" });
  });

  it("explains a refused single sign-on by its code, naming the accepted domains", async () => {
    vi.stubGlobal("fetch", options({ name: "Uni Login" }, ["uni.example"]).fetch);
    renderScreen(<LoginPage />, { user: null, path: "/login?error=domain_not_allowed" });
    expect(await screen.findByText(MSG.domainNotAllowed(["uni.example"]))).toBeInTheDocument();
  });

  it("shows only its own words for an error code, never text from the address", async () => {
    vi.stubGlobal("fetch", options({ name: "Uni Login" }).fetch);
    renderScreen(<LoginPage />, {
      user: null,
      path: "/login?error=email_not_verified&error_description=Call%20this%20number",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.ssoEmailNotVerified);
    expect(screen.queryByText(/Call this number/)).not.toBeInTheDocument();
  });
});
