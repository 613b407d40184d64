import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps paths of this site, with their query and fragment", () => {
    expect(safeNextPath("/student/profile")).toBe("/student/profile");
    expect(safeNextPath("/committee/proposals?status=Pending#list")).toBe(
      "/committee/proposals?status=Pending#list",
    );
    expect(safeNextPath("/student/../committee")).toBe("/committee");
  });

  it("refuses other sites however they are written, and anything that is not a path", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "student/profile",
      "//evil.example",
      "///evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/\\evil.example",
      "/\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " /student",
    ])
      expect(safeNextPath(bad), String(bad)).toBeNull();
  });
});
