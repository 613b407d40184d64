import { describe, expect, it } from "vitest";
import { MSG } from "../messages";
import { shownText } from "./common";

/** The one check of names and titles others see (DESIGN.md §13, decision 0043). */
const name = shownText("Name", 100);
const problem = (value: string) => {
  const r = name.safeParse(value);
  return r.success ? undefined : r.error.issues[0].message;
};

describe("shownText", () => {
  it("refuses text a reader would not see", () => {
    for (const value of [
      "\u200B",
      "\u200C\u200D\u2060\uFEFF",
      "\u00AD",
      "\u3164",
      "\u115F\u1160",
      "\uFFA0",
      "\u2800",
      "\u0301\u0302",
      "\u200E\u200F\u061C",
      "\u180E",
      "\uE000",
      "\u{E0041}",
    ])
      expect(problem(value), JSON.stringify(value)).toBe(MSG.textNotVisible("Name"));
    expect(problem(" \u3000\t")).toBe("Name is required.");
  });

  it("refuses every embedding, override and isolate, wherever it is", () => {
    for (const c of [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ])
      expect(problem(`Ana ${c}Bo`), JSON.stringify(c)).toBe(MSG.textDirectionControls("Name"));
  });

  it("keeps names in any script as typed, direction marks and joiners included", () => {
    for (const value of [
      "Zoë Ångström-Łukasz",
      "José Núñez",
      "王小明",
      "김민준",
      "محمد الأحمد",
      "דוד כהן",
      "Noa \u200Fכהן 2",
      "👩\u200D💻",
      "O'Brien",
      "-",
    ])
      expect(name.parse(value)).toBe(value);
  });
});
