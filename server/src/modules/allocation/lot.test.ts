import { describe, expect, it } from "vitest";
import { drawLots, newSeed } from "./lot";

describe("the lot", () => {
  const items = Array.from({ length: 50 }, (_, i) => `group-${String(i).padStart(2, "0")}`);

  it("gives the same order for the same seed and draw, whatever order the items come in", () => {
    const a = drawLots(items, "5eed", "supervisor-1");
    expect(drawLots([...items].reverse(), "5eed", "supervisor-1")).toEqual(a);
    expect([...a].sort()).toEqual(items);
  });

  it("draws differently for another seed or another supervisor", () => {
    const a = drawLots(items, "5eed", "supervisor-1");
    expect(drawLots(items, "5eee", "supervisor-1")).not.toEqual(a);
    expect(drawLots(items, "5eed", "supervisor-2")).not.toEqual(a);
  });

  it("makes seeds of 16 hex digits, different each time", () => {
    const seeds = new Set(Array.from({ length: 100 }, newSeed));
    expect(seeds.size).toBe(100);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{16}$/);
  });
});
