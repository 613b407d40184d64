import { describe, expect, it } from "vitest";
import { isOverdue } from "./proposal-format";

const due = "2025-03-08T10:00:00.000Z";
const at = (iso: string) => new Date(iso).getTime();

describe("isOverdue", () => {
  it("is a Pending proposal past its review's due date", () => {
    expect(isOverdue({ status: "Pending", reviewDueAt: due }, at("2025-03-08T10:00:01.000Z"))).toBe(true);
  });

  it("is not one at or before the due moment", () => {
    expect(isOverdue({ status: "Pending", reviewDueAt: due }, at(due))).toBe(false);
    expect(isOverdue({ status: "Pending", reviewDueAt: due }, at("2025-03-08T09:59:59.000Z"))).toBe(false);
  });

  it("is never one that is not Pending, or has no due date", () => {
    const later = at("2025-04-01T00:00:00.000Z");
    expect(isOverdue({ status: "Approved", reviewDueAt: due }, later)).toBe(false);
    expect(isOverdue({ status: "Denied", reviewDueAt: due }, later)).toBe(false);
    expect(isOverdue({ status: "Pending", reviewDueAt: null }, later)).toBe(false);
  });
});
