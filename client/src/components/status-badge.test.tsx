import { renderScreen } from "@client/test/render";
import { PROPOSAL_STATUSES } from "@shared/enums";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { STATUS_COLOR, StatusBadge, statusShade } from "./status-badge";

describe("StatusBadge", () => {
  it("keeps its whole name wherever it stands: as wide as the name, never shrinking", () => {
    renderScreen(
      <div style={{ display: "flex", width: 40 }}>
        <StatusBadge status="Awaiting allocation" />
      </div>,
    );
    const badge = screen.getByText("Awaiting allocation").closest("[data-status]") as HTMLElement;
    expect(badge.style.flexShrink).toBe("0");
    expect(badge.style.getPropertyValue("--badge-min-width") || badge.style.minWidth).toMatch(/max-content/);
  });

  it("has one colour a family (DESIGN.md §9), and the chart's shades stay in it", () => {
    expect(Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, STATUS_COLOR[s]]))).toEqual({
      Pending: "yellow",
      Approved: "green",
      Denied: "red",
      "Awaiting members": "yellow",
      "Changes requested": "yellow",
      "Awaiting committee": "yellow",
      Withdrawn: "gray",
      "Awaiting allocation": "yellow",
    });
    for (const s of PROPOSAL_STATUSES) expect(statusShade(s).split(".")[0]).toBe(STATUS_COLOR[s]);
    // Side by side in a stacked bar, the yellow ones differ in shade.
    const yellow = PROPOSAL_STATUSES.filter((s) => STATUS_COLOR[s] === "yellow").map(statusShade);
    expect(new Set(yellow).size).toBe(yellow.length);
  });
});
