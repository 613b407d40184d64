import { termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TermSelect, useTermParam } from "./term-select";

const SPRING = "7e000000-0000-4000-8000-000000000100";
const DEFAULT = "7e000000-0000-4000-8000-000000000001";

/** What a screen would send: the hook's answer, shown for the test to read. */
function Probe() {
  const termId = useTermParam();
  return <output aria-label="Sent term">{termId ?? "(current)"}</output>;
}

afterEach(() => vi.unstubAllGlobals());

function setup(
  path = "/list",
  terms: { status?: number; body: unknown } = {
    body: termsFixture({ others: [{ id: SPRING, name: "Spring 2024" }] }),
  },
) {
  vi.stubGlobal("fetch", fakeApi({ "GET /api/terms": () => terms }).fetch);
  const { router } = renderScreen(
    <>
      <TermSelect />
      <Probe />
    </>,
    { path },
  );
  return { router, user: userEvent.setup(), select: screen.getByRole("combobox", { name: "Term" }) };
}

const sent = () => screen.getByRole("status", { name: "Sent term" });

describe("TermSelect", () => {
  it("offers the current term by name, every other term and All terms; the current term is chosen at first", async () => {
    const { user, select } = setup();
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    expect(sent()).toHaveTextContent("(current)");
    await user.click(select);
    const options = await screen.findAllByRole("option", { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(["Default (current)", "Spring 2024", "All terms"]);
  });

  it("writes the chosen term into the address, and takes it out for the current term", async () => {
    const { user, select, router } = setup("/list?status=Pending");
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Spring 2024", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe(`?status=Pending&term=${SPRING}`));
    expect(sent()).toHaveTextContent(SPRING);
    expect(select).toHaveValue("Spring 2024");

    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "All terms", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=Pending&term=all"));
    expect(sent()).toHaveTextContent("all");

    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "Default (current)", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe("?status=Pending"));
    expect(sent()).toHaveTextContent("(current)");
  });

  it("keeps one entry in the history per choice, so Back returns to the term before", async () => {
    const { user, select, router } = setup();
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "All terms", hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe("?term=all"));
    await router.navigate(-1);
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    expect(sent()).toHaveTextContent("(current)");
  });

  it("shows the current term chosen by its id as the current term", async () => {
    const { select } = setup(`/list?term=${DEFAULT}`);
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
  });

  it("reads a term that is no id (a hand-edited link) as the current term", async () => {
    const { select } = setup("/list?term=spring");
    await waitFor(() => expect(select).toHaveValue("Default (current)"));
    expect(sent()).toHaveTextContent("(current)");
  });

  it("says when the terms cannot be loaded, and still offers the current term and All terms", async () => {
    const { user, select } = setup("/list", {
      status: 500,
      body: { error: { code: "INTERNAL", message: "Boom." } },
    });
    expect(await screen.findByText("The terms could not be loaded.")).toBeInTheDocument();
    await user.click(select);
    const options = await screen.findAllByRole("option", { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(["Current term", "All terms"]);
  });
});
