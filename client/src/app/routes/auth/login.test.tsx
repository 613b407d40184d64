import { fakeApi, renderScreen } from "@client/test/render";
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
