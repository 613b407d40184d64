import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

const base = { SESSION_SECRET: "s".repeat(32), DATA_DIR: "/tmp/thesisdesk-config-test" };

describe("configuration", () => {
  it("takes the department's time zone and the digest hour, UTC and 7 by default", () => {
    expect(loadConfig(base)).toMatchObject({ timeZone: "UTC", digestHour: 7 });
    expect(loadConfig({ ...base, TIME_ZONE: "Europe/Berlin", DIGEST_HOUR: "6" })).toMatchObject({
      timeZone: "Europe/Berlin",
      digestHour: 6,
    });
  });

  it("stops start-up naming every bad variable", () => {
    expect(() => loadConfig({ ...base, TIME_ZONE: "Europe/Berlim", DIGEST_HOUR: "24" })).toThrow(
      /TIME_ZONE: must be an IANA time zone such as Europe\/Berlin[\s\S]*DIGEST_HOUR/,
    );
  });
});
