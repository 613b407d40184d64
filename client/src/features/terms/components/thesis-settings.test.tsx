import { fakeApi, renderScreen, testUser } from "@client/test/render";
import { sizeCharts } from "@client/test/size-charts";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Term } from "@shared/schemas/terms";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Terms } from "./terms";
import { term, ZONE } from "./test-data";

/** The Terms form's thesis settings (DESIGN.md §16): labelled fields, checked before sending, errors announced. */

const me = testUser({ role: "committee", name: "Katherine Johnson", studentId: null });

beforeEach(sizeCharts);
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  notifications.clean();
});

function setup(terms: Term[], extra: Parameters<typeof fakeApi>[0] = {}) {
  const list = [...terms];
  const loads: Parameters<typeof fakeApi>[0] = {};
  for (const t of terms) loads[`GET /api/terms/${t.id}/load`] = () => ({ body: { items: [] } });
  const api = fakeApi({
    "GET /api/terms": () => ({ body: { items: list, timeZone: ZONE } }),
    ...loads,
    ...extra,
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<Terms />, { user: me, path: "/committee/terms" });
  return { api, list };
}

const spring = term(2, { name: "Spring 2027", current: true });

async function openNew(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole("row", { name: /Spring 2027/ });
  await user.click(screen.getByRole("button", { name: "New term" }));
  const d = await screen.findByRole("dialog", { name: "New term" });
  await user.type(within(d).getByRole("textbox", { name: "Name" }), "Summer 2027");
  return d;
}

describe("Terms: the thesis settings", () => {
  it("shows each setting with its label and default", async () => {
    setup([spring]);
    const user = userEvent.setup();
    const d = await openNew(user);
    expect(within(d).getByRole("textbox", { name: "Writing weeks" })).toHaveValue("26");
    expect(within(d).getByRole("textbox", { name: "Grade tolerance (points)" })).toHaveValue("10");
    expect(within(d).getByRole("textbox", { name: "Marking days" })).toHaveValue("28");
    expect(within(d).getByRole("textbox", { name: "Defense minutes" })).toHaveValue("45");
    expect(within(d).getByRole("switch", { name: /Defense required/, hidden: true })).not.toBeChecked();
    expect(within(d).getByLabelText("Thesis due")).toHaveValue("");
    expect(within(d).getByRole("textbox", { name: "Component 1" })).toHaveValue("Overall");
    expect(within(d).getByRole("textbox", { name: "Component 1 weight" })).toHaveValue("100");
    expect(
      (within(d).getByRole("textbox", { name: "Declaration of own work" }) as HTMLTextAreaElement).value,
    ).toContain("I declare");
  });

  it("refuses weights that do not add up to 100, announced and linked to the rubric, and sends nothing", async () => {
    const { api } = setup([spring]);
    const user = userEvent.setup();
    const d = await openNew(user);
    const weight = within(d).getByRole("textbox", { name: "Component 1 weight" });
    await user.clear(weight);
    await user.type(weight, "60");
    await user.click(within(d).getByRole("button", { name: "Add component" }));
    await user.type(within(d).getByRole("textbox", { name: "Component 2" }), "Method");
    await user.type(within(d).getByRole("textbox", { name: "Component 2 weight" }), "30");
    await user.click(within(d).getByRole("button", { name: "Create term" }));
    const alert = await within(d).findByRole("alert");
    expect(alert).toHaveTextContent(MSG.rubricWeightsSum(90));
    expect(within(d).getByRole("group", { name: /Rubric/ })).toHaveAccessibleDescription(
      MSG.rubricWeightsSum(90),
    );
    expect(api.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("sends the rubric and a scale of steps with its own default tolerance", async () => {
    const { api, list } = setup([spring], {
      "POST /api/terms": (body) => {
        const created = term(3, body as Partial<Term>);
        list.unshift(created);
        return { status: 201, body: { term: created } };
      },
    });
    const user = userEvent.setup();
    const d = await openNew(user);
    await user.click(within(d).getByLabelText("Grade scale"));
    await user.click(await screen.findByRole("option", { name: /German/, hidden: true }));
    expect(within(d).getByRole("textbox", { name: "Grade tolerance (steps)" })).toHaveValue("1");
    const weight = within(d).getByRole("textbox", { name: "Component 1 weight" });
    await user.clear(weight);
    await user.type(weight, "70");
    await user.click(within(d).getByRole("button", { name: "Add component" }));
    await user.type(within(d).getByRole("textbox", { name: "Component 2" }), "Method");
    await user.type(within(d).getByRole("textbox", { name: "Component 2 weight" }), "30");
    await user.click(within(d).getByRole("switch", { name: /Defense required/, hidden: true }));
    await user.click(within(d).getByRole("button", { name: "Create term" }));
    expect(await screen.findByText(MSG.termCreated)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === "POST")?.body).toMatchObject({
      gradeScale: "german",
      gradeTolerance: 1,
      defenseRequired: true,
      rubric: [
        { name: "Overall", weight: 70, description: "" },
        { name: "Method", weight: 30, description: "" },
      ],
    });
  });

  it("puts the server's message on its field (the tolerance frozen meanwhile)", async () => {
    const message = MSG.gradingFrozen("Spring 2027");
    setup([spring], {
      [`PATCH /api/terms/${spring.id}`]: () => ({
        status: 409,
        body: { error: { code: "CONFLICT", message, fields: { gradeTolerance: message } } },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Spring 2027" }));
    const d = await screen.findByRole("dialog", { name: "Edit Spring 2027" });
    const tolerance = within(d).getByRole("textbox", { name: "Grade tolerance (points)" });
    await user.clear(tolerance);
    await user.type(tolerance, "5");
    await user.click(within(d).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(tolerance).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(tolerance).toHaveAttribute("aria-invalid", "true");
  });

  it("a term with a submitted thesis shows scale, tolerance and rubric disabled, saying why; the rest editable", async () => {
    const frozen = term(4, { name: "Autumn 2026", gradingFrozen: true });
    setup([spring, frozen]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Autumn 2026" }));
    const d = await screen.findByRole("dialog", { name: "Edit Autumn 2026" });
    const scale = within(d).getByLabelText("Grade scale");
    expect(scale).toBeDisabled();
    expect(scale).toHaveAccessibleDescription(
      expect.stringContaining("A thesis of this term has been submitted"),
    );
    expect(within(d).getByRole("textbox", { name: "Component 1 weight" })).toBeDisabled();
    expect(within(d).getByRole("button", { name: "Add component" })).toBeDisabled();
    // The other settings stay editable.
    expect(within(d).getByRole("textbox", { name: "Marking days" })).toBeEnabled();
    await waitFor(() => expect(within(d).getByRole("textbox", { name: "Writing weeks" })).toBeEnabled());
  });
});
