import { describe, expect, it } from "vitest";
import { statementName } from "./statement-name";

describe("statementName", () => {
  it("names a text the same way each time, as a plain identifier, and different texts apart", () => {
    const text = "select * from users where id = $1";
    expect(statementName(text)).toBe(statementName(`select * from users where id = $${1}`));
    expect(statementName(text)).toMatch(/^td_[0-9a-f]{24}$/);
    expect(statementName(text)).not.toBe(statementName("select * from users where id = $2"));
  });
});
