import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { MSG } from "@shared/messages";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import LoginPage from "./login";

afterEach(() => vi.unstubAllGlobals());

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

describe("Log in: where a person comes from (issue 30)", () => {
  const options = () =>
    fakeApi({ "GET /api/auth/options": () => ({ body: { sso: null, allowedEmailDomains: [] } }) });

  it("puts the cursor in the email field", async () => {
    vi.stubGlobal("fetch", options().fetch);
    renderScreen(<LoginPage />, { user: null, path: "/login" });
    await vi.waitFor(() => expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus());
  });

  it("says why when the session ended while a page was open, and only in its own words", async () => {
    vi.stubGlobal("fetch", options().fetch);
    const ended = renderScreen(<LoginPage />, {
      user: null,
      path: "/login?next=%2Fstudent%2Fproposal&reason=session-ended",
    });
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.sessionEnded);
    ended.unmount();
    const other = renderScreen(<LoginPage />, { user: null, path: "/login?reason=signed-out" });
    expect(await screen.findByRole("status")).toHaveTextContent(MSG.signedOutElsewhere);
    other.unmount();
    renderScreen(<LoginPage />, { user: null, path: "/login?reason=Call%20this%20number" });
    await screen.findByRole("textbox", { name: "Email" });
    expect(screen.queryByText(/Call this number/)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
  });

  it("takes the email typed so far to Forgot password, not in the address", async () => {
    vi.stubGlobal("fetch", options().fetch);
    const { router } = renderScreen(<LoginPage />, { user: null, path: "/login" });
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Email" }), "ana@uni.example ");
    await user.click(screen.getByRole("link", { name: "Forgot password?" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/forgot-password"));
    expect(router.state.location.search).toBe("");
    expect(router.state.location.state).toEqual({ email: "ana@uni.example" });
  });
});

describe("Log in: the form's own check (decision 0064: plain inputs, checked on submit)", () => {
  it("names each empty field at the field, sends nothing, and a field's message goes once it is typed in", async () => {
    const api = fakeApi({
      "GET /api/auth/options": () => ({ body: { sso: null, allowedEmailDomains: [] } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<LoginPage />, { user: null, path: "/login" });
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Email" }), "   ");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Email" })).toHaveAttribute("aria-invalid", "true");
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: "Email" }), "ana@uni.example");
    expect(screen.queryByText(MSG.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
  });

  it("sends what was typed and goes to the person's dashboard; a wrong password says so", async () => {
    let tries = 0;
    const api = fakeApi({
      "GET /api/auth/options": () => ({ body: { sso: null, allowedEmailDomains: [] } }),
      "POST /api/auth/login": () =>
        ++tries === 1
          ? { status: 401, body: { error: { code: "UNAUTHORIZED", message: MSG.invalidLogin } } }
          : { body: { user: testUser() } },
    });
    vi.stubGlobal("fetch", api.fetch);
    const { router } = renderScreen(<LoginPage />, { user: null, path: "/login" });
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Email" }), "ana@uni.example");
    await user.type(screen.getByLabelText(/^Password/), "wrong password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.invalidLogin);
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/student/dashboard"));
    expect(api.calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { email: "ana@uni.example", password: "wrong password" },
      { email: "ana@uni.example", password: "wrong password" },
    ]);
  });
});
