import { describe, expect, it } from "vitest";
import { mayRead, type ProposalPart } from "./proposal-access";

const PARTS: ProposalPart[] = ["proposal", "preferences", "currentDocument", "timeline", "versions"];
const readable = (...parties: Parameters<typeof mayRead>[0]) =>
  PARTS.filter((part) => mayRead(parties, part));

describe("mayRead (DESIGN.md §9)", () => {
  it("an open invitation reads the proposal, its ranked topics and its current document only", () => {
    expect(readable("invitee")).toEqual(["proposal", "preferences", "currentDocument"]);
  });

  it("its members, its supervisor and the committee read all of it; nobody else any of it", () => {
    for (const party of ["creator", "member", "supervisor", "committee"] as const)
      expect(readable(party)).toEqual(PARTS);
    expect(readable()).toEqual([]);
    expect(readable("scheduler")).toEqual([]);
  });
});
