import { describe, expect, it } from "vitest";
import { GRADE_SCALES } from "./enums";
import {
  DEFAULT_TOLERANCE,
  decideMember,
  decideThesis,
  FAIL_GRADE,
  gradesOf,
  isGrade,
  passes,
  rankOf,
  weightedScore,
} from "./grades";
import { DEFAULT_RUBRIC } from "./thesis-settings";

const agreed = (grade: string) => ({ outcome: "agreed", grade });
const disputed = (why: string) => ({ outcome: "disputed", why });

describe("the scales (DESIGN.md §16)", () => {
  it("knows each scale's grades, best first, and nothing else", () => {
    expect(gradesOf("german")).toEqual([
      "1.0",
      "1.3",
      "1.7",
      "2.0",
      "2.3",
      "2.7",
      "3.0",
      "3.3",
      "3.7",
      "4.0",
      "5.0",
    ]);
    expect(gradesOf("letter")).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(gradesOf("percent")).toHaveLength(101);
    expect(gradesOf("percent")[0]).toBe("100");
    for (const bad of ["101", "-1", "40.5", "040", "", " 40", "4O"])
      expect(isGrade("percent", bad), bad).toBe(false);
    for (const bad of ["1", "1.00", "4.3", "6.0", "a"]) expect(isGrade("german", bad), bad).toBe(false);
    for (const bad of ["a", "G", "A+", ""]) expect(isGrade("letter", bad), bad).toBe(false);
  });

  it("passes at 40 points, 4.0 or better, E or better; the fail grade fails", () => {
    expect(passes("percent", "40")).toBe(true);
    expect(passes("percent", "39")).toBe(false);
    expect(passes("german", "4.0")).toBe(true);
    expect(passes("german", "5.0")).toBe(false);
    expect(passes("letter", "E")).toBe(true);
    expect(passes("letter", "F")).toBe(false);
    for (const scale of GRADE_SCALES) expect(passes(scale, FAIL_GRADE[scale])).toBe(false);
  });
});

describe("one member's decision (DESIGN.md §17)", () => {
  it("percent: the mean in points, halfway towards the better grade; the tolerance's edge", () => {
    const t = DEFAULT_TOLERANCE.percent;
    expect(decideMember("percent", t, "60", "60")).toEqual(agreed("60"));
    expect(decideMember("percent", t, "45", "50")).toEqual(agreed("48"));
    expect(decideMember("percent", t, "50", "45")).toEqual(agreed("48"));
    expect(decideMember("percent", t, "50", "60")).toEqual(agreed("55"));
    expect(decideMember("percent", t, "50", "61")).toEqual(disputed("beyondTolerance"));
    expect(decideMember("percent", t, "39", "40")).toEqual(disputed("passAndFail"));
    expect(decideMember("percent", t, "0", "39")).toEqual(disputed("beyondTolerance"));
    expect(decideMember("percent", t, "35", "39")).toEqual(agreed("37"));
  });

  it("german: on the steps, halfway towards the better; 4.0 against 5.0 is pass against fail", () => {
    const t = DEFAULT_TOLERANCE.german;
    expect(decideMember("german", t, "1.3", "1.7")).toEqual(agreed("1.3"));
    expect(decideMember("german", t, "1.7", "1.3")).toEqual(agreed("1.3"));
    expect(decideMember("german", t, "3.7", "4.0")).toEqual(agreed("3.7"));
    expect(decideMember("german", t, "1.3", "2.0")).toEqual(disputed("beyondTolerance"));
    expect(decideMember("german", 2, "1.3", "2.0")).toEqual(agreed("1.7"));
    expect(decideMember("german", t, "4.0", "5.0")).toEqual(disputed("passAndFail"));
    expect(decideMember("german", t, "5.0", "5.0")).toEqual(agreed("5.0"));
  });

  it("letter: A against B is A; E against F is pass against fail; tolerance 0 disputes any difference", () => {
    expect(decideMember("letter", 1, "A", "B")).toEqual(agreed("A"));
    expect(decideMember("letter", 1, "D", "E")).toEqual(agreed("D"));
    expect(decideMember("letter", 1, "E", "F")).toEqual(disputed("passAndFail"));
    expect(decideMember("letter", 2, "A", "C")).toEqual(agreed("B"));
    expect(decideMember("letter", 0, "B", "C")).toEqual(disputed("beyondTolerance"));
    expect(decideMember("letter", 0, "C", "C")).toEqual(agreed("C"));
  });

  it("on every pair of every scale and tolerance: symmetric, between the two, and as the rule says", () => {
    for (const scale of GRADE_SCALES) {
      const grades = gradesOf(scale);
      for (const tolerance of [0, 1, 2, DEFAULT_TOLERANCE[scale]]) {
        for (const a of grades)
          for (const b of grades) {
            const d = decideMember(scale, tolerance, a, b);
            expect(decideMember(scale, tolerance, b, a)).toEqual(d);
            const [ra, rb] = [rankOf(scale, a)!, rankOf(scale, b)!];
            if (passes(scale, a) !== passes(scale, b)) expect(d).toEqual(disputed("passAndFail"));
            else if (Math.abs(ra - rb) > tolerance) expect(d).toEqual(disputed("beyondTolerance"));
            else {
              // Independently: the grades' ranks' mean, with an exact half going to the better rank.
              const mean = (ra + rb) / 2;
              const expected = Number.isInteger(mean) ? mean : mean - 0.5;
              expect(d.outcome).toBe("agreed");
              if (d.outcome === "agreed") {
                expect(rankOf(scale, d.grade)).toBe(expected);
                expect(passes(scale, d.grade)).toBe(passes(scale, a));
              }
            }
          }
      }
    }
  });

  it("refuses a value that is not a grade of the scale", () => {
    expect(() => decideMember("german", 1, "1.5", "1.3")).toThrow(RangeError);
    expect(() => decideMember("percent", 10, "50", "101")).toThrow(RangeError);
  });
});

describe("the thesis's decision", () => {
  it("is Graded when no member is disputed, Disputed when any is, per member", () => {
    expect(decideThesis("german", 1, { ana: "1.3", bo: "2.0" }, { ana: "1.7", bo: "2.3" })).toEqual({
      state: "Graded",
      members: { ana: agreed("1.3"), bo: agreed("2.0") },
    });
    expect(decideThesis("german", 1, { ana: "1.3", bo: "4.0" }, { ana: "1.7", bo: "5.0" })).toEqual({
      state: "Disputed",
      members: { ana: agreed("1.3"), bo: disputed("passAndFail") },
    });
    expect(() => decideThesis("letter", 1, { ana: "A" }, { bo: "A" })).toThrow(RangeError);
  });

  it("percent, per member: at the tolerance's edge agreed, a point past it disputed, a half point towards the better", () => {
    expect(decideThesis("percent", 10, { a: "50", b: "70", c: "55" }, { a: "60", b: "81", c: "56" })).toEqual(
      {
        state: "Disputed",
        members: { a: agreed("55"), b: disputed("beyondTolerance"), c: agreed("56") },
      },
    );
    expect(decideThesis("letter", 1, { a: "B", b: "E" }, { a: "C", b: "D" })).toEqual({
      state: "Graded",
      members: { a: agreed("B"), b: agreed("D") },
    });
  });
});

describe("the rubric's weighted score", () => {
  it("is the weighted mean, to one decimal", () => {
    expect(weightedScore(DEFAULT_RUBRIC, { Overall: 73 })).toBe(73);
    const rubric = [
      { name: "Method", weight: 40, description: "" },
      { name: "Writing", weight: 35, description: "" },
      { name: "Defense", weight: 25, description: "" },
    ];
    expect(weightedScore(rubric, { Method: 80, Writing: 71, Defense: 66 })).toBe(73.4);
    expect(weightedScore(rubric, { Method: 100, Writing: 100, Defense: 100 })).toBe(100);
  });
});
