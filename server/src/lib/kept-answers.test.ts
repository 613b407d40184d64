import { describe, expect, it } from "vitest";
import { type JsonText, jsonText } from "./json-text";
import { KeptAnswers } from "./kept-answers";

describe("KeptAnswers", () => {
  const body = (n: number) => jsonText<string>("x".repeat(n)) as JsonText<string>;

  it("answers only for the version the answer was read at, and forgets it otherwise", () => {
    const cache = new KeptAnswers<string>();
    cache.set("k", "7", body(3));
    expect(cache.get("k", "7")).toBe("xxx");
    expect(cache.has("k")).toBe(true);
    expect(cache.get("k", "8")).toBeUndefined();
    expect([cache.has("k"), cache.size]).toEqual([false, 0]);
    expect(cache.get("k", "7")).toBeUndefined();
  });

  it("drops the least recently used answers past its size or its count", () => {
    const cache = new KeptAnswers<string>(10, 3);
    cache.set("a", "1", body(4));
    cache.set("b", "1", body(4));
    cache.get("a", "1"); // a is now the most recently used
    cache.set("c", "1", body(4)); // 12 characters: b goes
    expect([cache.get("a", "1"), cache.get("b", "1"), cache.get("c", "1")]).toEqual([
      "xxxx",
      undefined,
      "xxxx",
    ]);
    expect(cache.totalChars).toBe(8);
    cache.set("d", "1", body(1));
    cache.set("e", "1", body(1)); // five entries would be over three: a goes
    expect(cache.size).toBe(3);
    expect(cache.get("a", "1")).toBeUndefined();
    cache.set("c", "2", body(2)); // replacing an answer does not count it twice
    expect(cache.totalChars).toBe(4);
    cache.set("big", "1", body(11)); // larger than the whole cache: not kept, nothing dropped
    expect([cache.get("big", "1"), cache.size]).toEqual([undefined, 3]);
  });
});
