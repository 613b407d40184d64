import { makeCell, makeProposal } from "@client/test/factories";
import { fakeApi, renderScreen } from "@client/test/render";
import { notifications } from "@mantine/notifications";
import type { Cell } from "@shared/schemas/cells";
import type { Proposal } from "@shared/schemas/proposals";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResearchCellInfo } from "./research-cell-info";

const cell = (id: string, title: string, supervisors: Cell["supervisors"] = []): Cell =>
  makeCell({
    id,
    title,
    description: `${title} description.`,
    supervisorCount: supervisors?.length ?? 0,
    supervisors,
  });

const mine = (status: Proposal["status"], cellId: string) =>
  makeProposal({ id: "p1", status, researchCell: { id: cellId, title: "x" } });

afterEach(() => {
  vi.unstubAllGlobals();
  // Notifications live in a module-level store: one test's toasts must not show in the next.
  notifications.clean();
});

function setup(proposals: Proposal[], cells: Cell[] = CELLS) {
  const api = fakeApi({
    "GET /api/research-cells": (_b, url) => {
      expect(url.searchParams.get("include")).toBe("supervisors");
      return { body: { items: cells } };
    },
    "GET /api/proposals": () => ({ body: { items: proposals, total: proposals.length } }),
  });
  vi.stubGlobal("fetch", api.fetch);
  renderScreen(<ResearchCellInfo />);
}

const CELLS = [
  cell("c1", "Machine Learning", [
    { id: "s1", name: "Prof. Ayesha Rahman", email: "ayesha@uni.example" },
    { id: "s2", name: "Dr. Marco Bianchi", email: "marco@uni.example" },
  ]),
  cell("c2", "Software Engineering", [{ id: "s3", name: "Prof. Leila Haddad", email: "leila@uni.example" }]),
  cell("c3", "Theory", []),
];

describe("Research Cell Info", () => {
  it("lists every cell with its description and supervisors (name and email)", async () => {
    setup([]);
    const ml = await screen.findByRole("article", { name: "Machine Learning" });
    expect(within(ml).getByText("Machine Learning description.")).toBeInTheDocument();
    expect(within(ml).getByText("Prof. Ayesha Rahman")).toBeInTheDocument();
    expect(within(ml).getByText(/marco@uni\.example/)).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Theory" }))
        .getByText("No supervisors assigned yet.")
        .closest("[data-empty-state]"),
    ).not.toBeNull();
    expect(screen.queryByText("Your cell")).toBeNull();
  });

  it("marks the student's own cell (through their active proposal) and puts it first", async () => {
    setup([mine("Approved", "c2")]);
    const se = await screen.findByRole("article", { name: "Software Engineering" });
    expect(await within(se).findByText("Your cell")).toBeInTheDocument();
    expect(screen.getAllByRole("article")[0]).toBe(se);
    expect(
      within(screen.getByRole("article", { name: "Machine Learning" })).queryByText("Your cell"),
    ).toBeNull();
  });

  it("does not mark the cell of a Denied proposal", async () => {
    setup([mine("Denied", "c2")]);
    await screen.findByRole("article", { name: "Software Engineering" });
    expect(screen.queryByText("Your cell")).toBeNull();
  });

  it("shows an empty state", async () => {
    setup([], []);
    expect((await screen.findByText("No research cells yet")).closest("[data-empty-state]")).not.toBeNull();
  });
});
