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

  it("single sign-on: off by default; on with issuer, client id and secret; the rest has defaults", () => {
    expect(loadConfig(base)).toMatchObject({ oidc: null, allowedEmailDomains: [] });
    const oidc = {
      ...base,
      OIDC_ISSUER: "https://login.uni.example/realms/uni/",
      OIDC_CLIENT_ID: "thesisdesk",
      OIDC_CLIENT_SECRET: "secret",
    };
    expect(loadConfig(oidc).oidc).toEqual({
      issuer: "https://login.uni.example/realms/uni",
      clientId: "thesisdesk",
      clientSecret: "secret",
      name: "your university account",
      studentIdClaim: undefined,
      createStudents: true,
      scopes: ["openid", "email", "profile"],
    });
    expect(
      loadConfig({
        ...oidc,
        OIDC_NAME: "Uni Login",
        OIDC_STUDENT_ID_CLAIM: "student_number",
        OIDC_CREATE_STUDENTS: "false",
        OIDC_SCOPES: "openid email profile student",
      }).oidc,
    ).toMatchObject({
      name: "Uni Login",
      studentIdClaim: "student_number",
      createStudents: false,
      scopes: ["openid", "email", "profile", "student"],
    });
  });

  it("ALLOWED_EMAIL_DOMAINS: a comma-separated list, lower-cased; empty means any", () => {
    expect(
      loadConfig({ ...base, ALLOWED_EMAIL_DOMAINS: " Uni.Example , @student.uni.example,," })
        .allowedEmailDomains,
    ).toEqual(["uni.example", "student.uni.example"]);
    expect(loadConfig({ ...base, ALLOWED_EMAIL_DOMAINS: "" }).allowedEmailDomains).toEqual([]);
  });

  it("stops start-up naming a half-configured single sign-on and a bad domain list", () => {
    expect(() => loadConfig({ ...base, OIDC_ISSUER: "https://login.uni.example" })).toThrow(
      /OIDC_CLIENT_ID: is needed for single sign-on[\s\S]*OIDC_CLIENT_SECRET: is needed/,
    );
    expect(() =>
      loadConfig({
        ...base,
        OIDC_ISSUER: "not a url",
        OIDC_CLIENT_ID: "x",
        OIDC_CLIENT_SECRET: "y",
        OIDC_CREATE_STUDENTS: "no",
      }),
    ).toThrow(/OIDC_ISSUER: must be a URL[\s\S]*OIDC_CREATE_STUDENTS/);
    expect(() => loadConfig({ ...base, ALLOWED_EMAIL_DOMAINS: "uni.example, not a domain" })).toThrow(
      /ALLOWED_EMAIL_DOMAINS: must be domains separated by commas/,
    );
  });

  it("TRUST_PROXY: none by default; a hop count, or addresses and ranges; never every hop", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(
      loadConfig({ ...base, TRUST_PROXY: "10.0.0.5, 10.1.0.0/16,fd00::/8,loopback" }).trustProxy,
    ).toEqual(["10.0.0.5", "10.1.0.0/16", "fd00::/8", "loopback"]);
    // true is the hole of issue 28: refused, saying what to set instead, beside the other bad ones.
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true", DIGEST_HOUR: "24" })).toThrow(
      /TRUST_PROXY: true trusts every hop, so any client could choose its own address through X-Forwarded-For; set the number of proxies in front of the server \(such as 1\), or their addresses[\s\S]*DIGEST_HOUR/,
    );
    expect(() => loadConfig({ ...base, TRUST_PROXY: "10.0.0, 10.0.0.0/33,proxy" })).toThrow(
      /TRUST_PROXY: must be false, a number of proxies \(such as 1\), or addresses and ranges separated by commas .*not "10.0.0", "10.0.0.0\/33", "proxy"/,
    );
  });
});
