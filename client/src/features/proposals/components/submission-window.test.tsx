import { makeCell, makeTerm } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { Term, TermList } from "@shared/schemas/terms";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmissionWindow } from "./submission-window";
import { SubmitProposal } from "./submit-proposal";
import { formatCountdown, nextTick, windowStatus } from "./use-submission-window";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// 09:00 and 18:00 in Berlin (UTC+1 in January).
const OPEN = "2027-01-12T08:00:00.000Z";
const CLOSE = "2027-01-14T17:00:00.000Z";
const OPEN_TEXT = "12 January 2027, 09:00 (Europe/Berlin)";
const CLOSE_TEXT = "14 January 2027, 18:00 (Europe/Berlin)";
const SUPERVISOR = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const cell = makeCell({
  id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  title: "Machine Learning",
  description: "D.",
  supervisorCount: 1,
});
const spring: Partial<Term> = { name: "Spring 2027", submissionsOpenAt: OPEN, submissionsCloseAt: CLOSE };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  notifications.clean();
});

/** GET /api/terms with this current term, in Berlin. */
const terms = (current: Partial<Term>): TermList => ({
  items: [makeTerm(current)],
  timeZone: "Europe/Berlin",
});

/** The clock at `at`; it moves on with real time, and tests move it further with advanceTimersByTime. */
function clockAt(at: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(at);
}

function renderSubmit(term: Partial<Term>, post?: Parameters<typeof fakeApi>[0][string]) {
  let answer = term;
  const api = fakeApi({
    "GET /api/terms": () => ({ body: terms(answer) }),
    "GET /api/proposals": () => ({ body: { items: [], total: 0, capped: false } }),
    "GET /api/research-cells": () => ({ body: { items: [cell] } }),
    "GET /api/supervisors": () => ({
      body: {
        items: [{ id: SUPERVISOR, name: "Prof. Ayesha Rahman", email: "a@uni.example", placesLeft: null }],
      },
    }),
    "GET /api/students": () => ({ body: { items: [] } }),
    ...(post ? { "POST /api/proposals": post } : {}),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<SubmitProposal />, { path: "/student/proposal" });
  return {
    api,
    /** What GET /api/terms answers from now on. */
    setTerm: (t: Partial<Term>) => {
      answer = t;
    },
  };
}

const region = () => screen.findByRole("region", { name: "Submission window" });
const fieldsOf = () => ({
  title: screen.getByRole("textbox", { name: "Title" }),
  abstract: screen.getByRole("textbox", { name: "Abstract" }),
  cell: screen.getByRole("combobox", { name: "Research Cell" }),
  members: screen.getByRole("combobox", { name: "Group members" }),
  button: screen.getByRole("button", { name: "Submit Proposal" }),
});

describe("windowStatus and the countdown", () => {
  it("is open from OpenAt (inclusive) to CloseAt (exclusive)", () => {
    const t = { submissionsOpenAt: OPEN, submissionsCloseAt: CLOSE };
    expect(windowStatus(t, Date.parse(OPEN) - 1).state).toBe("notYet");
    expect(windowStatus(t, Date.parse(OPEN)).state).toBe("open");
    expect(windowStatus(t, Date.parse(CLOSE) - 1).state).toBe("open");
    expect(windowStatus(t, Date.parse(CLOSE)).state).toBe("closed");
    expect(windowStatus({ submissionsOpenAt: null, submissionsCloseAt: null }, 0)).toEqual({
      state: "open",
      closesAt: null,
    });
  });

  it("says the time left in the two largest units, to the second in the last hour", () => {
    expect(formatCountdown(2 * DAY + 4 * HOUR + 30 * MINUTE)).toBe("2 days 4 hours");
    expect(formatCountdown(DAY + 30 * MINUTE)).toBe("1 day");
    expect(formatCountdown(3 * HOUR + 12 * MINUTE + 59 * SECOND)).toBe("3 hours 12 minutes");
    expect(formatCountdown(HOUR + 1)).toBe("1 hour");
    expect(formatCountdown(HOUR)).toBe("1 hour");
    expect(formatCountdown(12 * MINUTE + 4500)).toBe("12 minutes 5 seconds");
    expect(formatCountdown(MINUTE)).toBe("1 minute");
    expect(formatCountdown(1)).toBe("1 second");
  });

  it("ticks on the minute, and on the second in the last hour", () => {
    expect(nextTick(2 * HOUR + 30 * SECOND)).toBe(30 * SECOND);
    expect(nextTick(2 * HOUR)).toBe(MINUTE);
    expect(nextTick(10 * MINUTE + 250)).toBe(250);
    expect(nextTick(HOUR)).toBe(SECOND);
  });
});

describe("Submission window on Submit Proposal", () => {
  it("with no window says submissions are open, shows no countdown, and leaves the form open", async () => {
    renderSubmit({});
    expect(await region()).toHaveTextContent("Submissions are open for Default.");
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    const f = fieldsOf();
    expect(f.title).toBeEnabled();
    expect(f.button).toBeEnabled();
  });

  it("before the window opens: disables the form, says when it opens in the department's zone, and counts down", async () => {
    clockAt(Date.parse(OPEN) - (3 * HOUR + 12 * MINUTE + 30 * SECOND));
    renderSubmit(spring);
    const card = await region();
    const reason = MSG.submissionsOpenOn("Spring 2027", OPEN_TEXT);
    await waitFor(() => expect(card).toHaveTextContent(reason));
    expect(within(card).getByRole("timer")).toHaveTextContent("Opens in 3 hours 12 minutes");
    expect(within(card).getByRole("timer")).toHaveAttribute("aria-live", "off");
    expect(card.querySelector(`time[datetime="${OPEN}"]`)).toHaveTextContent(OPEN_TEXT);
    expect(card).toHaveTextContent(`They close on ${CLOSE_TEXT}.`);

    const f = fieldsOf();
    for (const field of [f.title, f.abstract, f.cell, f.members, f.button]) expect(field).toBeDisabled();
    // The form says why it is disabled, in the server's words.
    expect(f.title.closest("fieldset")).toHaveAccessibleDescription(reason);
  });

  it("opens the form by itself when the window opens", async () => {
    clockAt(Date.parse(OPEN) - 20 * SECOND);
    renderSubmit(spring);
    const card = await region();
    await waitFor(() => expect(fieldsOf().title).toBeDisabled());
    expect(within(card).getByRole("timer")).toHaveTextContent(/^Opens in (19|20) seconds$/);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(20 * SECOND);
    });
    await waitFor(() => expect(fieldsOf().title).toBeEnabled());
    expect(fieldsOf().button).toBeEnabled();
    expect(card).toHaveTextContent(`Submissions are open for Spring 2027 until ${CLOSE_TEXT}.`);
    expect(within(card).getByRole("timer")).toHaveTextContent("Closes in 2 days 8 hours");
    expect(screen.queryByText(/open on/)).not.toBeInTheDocument();
  });

  it("while open: shows when submissions close and a countdown, with the form open", async () => {
    clockAt(Date.parse(CLOSE) - (2 * DAY + 4 * HOUR + 30 * MINUTE));
    renderSubmit(spring);
    const card = await region();
    await waitFor(() =>
      expect(card).toHaveTextContent(`Submissions are open for Spring 2027 until ${CLOSE_TEXT}.`),
    );
    expect(within(card).getByRole("timer")).toHaveTextContent("Closes in 2 days 4 hours");
    expect(card.querySelector(`time[datetime="${CLOSE}"]`)).toHaveTextContent(CLOSE_TEXT);
    expect(within(card).getByText("Open")).toBeInTheDocument();
    expect(fieldsOf().title).toBeEnabled();
    expect(fieldsOf().button).toBeEnabled();
  });

  it("closes the form by itself when the window closes, keeping what was typed", async () => {
    clockAt(Date.parse(CLOSE) - 30 * SECOND);
    renderSubmit(spring);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await waitFor(() => expect(fieldsOf().title).toBeEnabled());
    await user.type(fieldsOf().title, "Phishing");

    await act(async () => {
      await vi.advanceTimersByTimeAsync(30 * SECOND);
    });
    const card = await region();
    await waitFor(() => expect(card).toHaveTextContent(MSG.submissionsClosed("Spring 2027")));
    expect(fieldsOf().title).toBeDisabled();
    expect(fieldsOf().title).toHaveValue("Phishing");
    expect(fieldsOf().button).toBeDisabled();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
  });

  it("after the window: disables the form and says submissions are closed", async () => {
    clockAt(Date.parse(CLOSE) + HOUR);
    renderSubmit(spring);
    const card = await region();
    await waitFor(() => expect(card).toHaveTextContent(MSG.submissionsClosed("Spring 2027")));
    expect(card).toHaveTextContent(`They closed on ${CLOSE_TEXT}.`);
    expect(within(card).getByText("Closed")).toBeInTheDocument();
    expect(screen.queryByRole("timer")).not.toBeInTheDocument();
    const f = fieldsOf();
    for (const field of [f.title, f.abstract, f.cell, f.members, f.button]) expect(field).toBeDisabled();
    expect(f.title.closest("fieldset")).toHaveAccessibleDescription(MSG.submissionsClosed("Spring 2027"));
  });

  it("leaves the judging to the server: a late 409 is shown, and the form follows the window asked again", async () => {
    const { api, setTerm } = renderSubmit({ name: "Spring 2027" }, () => ({
      status: 409,
      body: { error: { code: "CONFLICT", message: MSG.submissionsClosed("Spring 2027") } },
    }));
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: "Title" }), "Phishing detection with GNNs");
    await user.type(screen.getByRole("textbox", { name: "Abstract" }), "We detect phishing.");
    await user.click(screen.getByRole("combobox", { name: "Research Cell" }));
    await user.click(await screen.findByRole("option", { name: "Machine Learning", hidden: true }));
    const supervisor = screen.getByRole("combobox", { name: "Supervisor" });
    await waitFor(() => expect(supervisor).toBeEnabled());
    await user.click(supervisor);
    await user.click(await screen.findByRole("option", { name: "Prof. Ayesha Rahman", hidden: true }));
    // The committee closed submissions a moment ago; this page has not heard yet.
    setTerm({ ...spring, submissionsCloseAt: new Date(Date.now() - MINUTE).toISOString() });
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));

    expect(
      await screen.findByText(MSG.submitProposalFailed(MSG.submissionsClosed("Spring 2027"))),
    ).toBeInTheDocument();
    await waitFor(() => expect(fieldsOf().title).toBeDisabled());
    expect(await region()).toHaveTextContent(MSG.submissionsClosed("Spring 2027"));
    expect(fieldsOf().title).toHaveValue("Phishing detection with GNNs");
    expect(api.calls.filter((c) => c.path === "/api/terms")).toHaveLength(2);
  });

  it("says so when the window cannot be loaded, and leaves the judging to the server", async () => {
    const api = fakeApi({
      "GET /api/terms": () => ({ status: 500, body: { error: { code: "INTERNAL", message: "Boom." } } }),
      "GET /api/proposals": () => ({ body: { items: [], total: 0, capped: false } }),
      "GET /api/research-cells": () => ({ body: { items: [] } }),
      "GET /api/students": () => ({ body: { items: [] } }),
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<SubmitProposal />, { path: "/student/proposal" });
    expect(await screen.findByText("The submission window could not be loaded.")).toBeInTheDocument();
    expect(fieldsOf().title).toBeEnabled();
  });
});

describe("Submission window on the dashboard", () => {
  it("shows the term and the countdown", async () => {
    clockAt(Date.parse(OPEN) - (3 * HOUR + 12 * MINUTE + 30 * SECOND));
    const api = fakeApi({ "GET /api/terms": () => ({ body: terms(spring) }) });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<SubmissionWindow />, { path: "/student/dashboard" });
    const card = await region();
    await waitFor(() => expect(card).toHaveTextContent("Submission window · Spring 2027"));
    expect(card).toHaveTextContent(MSG.submissionsOpenOn("Spring 2027", OPEN_TEXT));
    expect(within(card).getByRole("timer")).toHaveTextContent("Opens in 3 hours 12 minutes");
  });
});
