import { makeCell, termsFixture } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import { MSG } from "@shared/messages";
import type { ProposalSummary } from "@shared/schemas/proposals";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SubmitProposal } from "./submit-proposal";
import { wholeProposal } from "./test-data";

const CELL = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa";
const SUPERVISOR = "cccccccc-cccc-4ccc-8ccc-cccccccccccc";
const cell = makeCell({ id: CELL, title: "Machine Learning", description: "D.", supervisorCount: 1 });

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe("Submit Proposal page after a submission", () => {
  it("shows the new proposal as a success with a link to Proposal Status, not as 'already in an active proposal'", async () => {
    const created = wholeProposal({ id: "new-1", title: "Phishing detection with GNNs" });
    const { abstract, ...rest } = created;
    let listed: ProposalSummary[] = [];
    const api = fakeApi({
      "GET /api/terms": () => ({ body: termsFixture() }),
      "GET /api/proposals": () => ({ body: { items: listed, total: listed.length, capped: false } }),
      "GET /api/research-cells": () => ({ body: { items: [cell] } }),
      "GET /api/supervisors": () => ({
        body: { items: [{ id: SUPERVISOR, name: "Prof. Ayesha Rahman", email: "a@uni.example" }] },
      }),
      "GET /api/students": () => ({ body: { items: [] } }),
      "POST /api/proposals": () => {
        // From now on the student's list holds it, as the server's would.
        listed = [{ ...rest, excerpt: abstract }];
        return { status: 201, body: { proposal: created, created: true } };
      },
    });
    vi.stubGlobal("fetch", api.fetch);
    renderScreen(<SubmitProposal />, { path: "/student/proposal" });
    const user = userEvent.setup();

    await user.type(await screen.findByRole("textbox", { name: "Title" }), "Phishing detection with GNNs");
    await user.type(screen.getByRole("textbox", { name: "Abstract" }), "We detect phishing.");
    await user.click(screen.getByRole("combobox", { name: "Research Cell" }));
    await user.click(await screen.findByRole("option", { name: "Machine Learning", hidden: true }));
    const supervisor = screen.getByRole("combobox", { name: "Supervisor" });
    await waitFor(() => expect(supervisor).not.toBeDisabled());
    await user.click(supervisor);
    await user.click(await screen.findByRole("option", { name: "Prof. Ayesha Rahman", hidden: true }));
    await user.click(screen.getByRole("button", { name: "Submit Proposal" }));

    expect(await screen.findByText("Your proposal is submitted")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText("Your proposal is submitted").closest("[role=alert]")).toHaveFocus(),
    );
    expect(await screen.findByText(MSG.proposalSubmitted)).toBeInTheDocument();
    const card = screen.getByRole("article", { name: "Phishing detection with GNNs" });
    expect(within(card).getByText("Pending")).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Go to Proposal Status" })).toHaveAttribute(
      "href",
      "/student/proposal-status",
    );
    // The list is asked again and now holds the proposal: still a success, never a refusal.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === "GET" && c.path === "/api/proposals")).toHaveLength(2),
    );
    expect(screen.getByText("Your proposal is submitted")).toBeInTheDocument();
    expect(screen.queryByText("You are already in an active proposal")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Submit Proposal" })).not.toBeInTheDocument();
  });
});

describe("Submit Proposal from an earlier proposal (?from=)", () => {
  const routes = (posted: unknown[], invitations: unknown[] = []) =>
    fakeApi({
      "GET /api/terms": () => ({ body: termsFixture() }),
      "GET /api/proposals": () => ({ body: { items: [], total: 0, capped: false } }),
      "GET /api/invitations": () => ({ body: { items: invitations } }),
      "GET /api/proposals/d1": () => ({
        body: {
          proposal: wholeProposal({
            id: "d1",
            title: "Denied work",
            abstract: "The old abstract.",
            type: "Project",
            status: "Denied",
            researchCell: { id: CELL, title: "Machine Learning" },
            supervisor: { id: SUPERVISOR, name: "Prof. Ayesha Rahman", email: "a@uni.example" },
          }),
        },
      }),
      "GET /api/proposals/gone": () => ({
        status: 404,
        body: { error: { code: "NOT_FOUND", message: "Not found." } },
      }),
      "GET /api/research-cells": () => ({ body: { items: [cell] } }),
      "GET /api/supervisors": () => ({
        body: {
          items: [{ id: SUPERVISOR, name: "Prof. Ayesha Rahman", email: "a@uni.example", placesLeft: null }],
        },
      }),
      "GET /api/students": () => ({ body: { items: [] } }),
      "POST /api/proposals": (body) => {
        posted.push(body);
        const created = wholeProposal({
          id: "new-2",
          title: "Denied work",
          status: "Awaiting members",
          members: [
            { id: "s1", name: "Tanvir Hasan", studentId: "S-1", position: 0, state: "accepted" },
            { id: "s2", name: "Mei Lin", studentId: "S-2", position: 1, state: "invited" },
          ],
        });
        return { status: 201, body: { proposal: created } };
      },
    });

  it("fills in title, abstract, type, cell and supervisor (not members), and submits them", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal("fetch", routes(posted).fetch);
    renderScreen(<SubmitProposal />, { path: "/student/proposal?from=d1" });
    expect(await screen.findByText("Starting from “Denied work”")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Denied work");
    expect(screen.getByRole("textbox", { name: "Abstract" })).toHaveValue("The old abstract.");
    expect(screen.getByRole("combobox", { name: "Type" })).toHaveValue("Project");
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Research Cell" })).toHaveValue("Machine Learning"),
    );
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Supervisor" })).toHaveValue("Prof. Ayesha Rahman"),
    );
    expect(screen.getByText(/Each student you name gets an invitation/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Submit Proposal" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      title: "Denied work",
      abstract: "The old abstract.",
      type: "Project",
      researchCellId: CELL,
      supervisorId: SUPERVISOR,
      memberIds: [],
    });
    // The success says what the new proposal waits for.
    const success = await screen.findByRole("alert", { name: "Your proposal is submitted" });
    expect(success).toHaveTextContent(
      "It is Awaiting members: waiting for Mei Lin to answer their invitation.",
    );
  });

  it("starts from an empty form when the proposal cannot be read, saying so", async () => {
    vi.stubGlobal("fetch", routes([]).fetch);
    renderScreen(<SubmitProposal />, { path: "/student/proposal?from=gone" });
    expect(await screen.findByText("The proposal to start from was not found")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("");
  });

  it("warns that submitting declines the student's open invitations", async () => {
    vi.stubGlobal(
      "fetch",
      routes([], [{ proposalId: "p1", title: "Their thesis", term: { id: "t", name: "Default" } }]).fetch,
    );
    renderScreen(<SubmitProposal />, { path: "/student/proposal" });
    expect(await screen.findByText("You have open invitations")).toBeInTheDocument();
    expect(screen.getByText(/declines your invitation to “Their thesis”/)).toBeInTheDocument();
  });
});
