import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { PICTURE_MSG } from "@shared/schemas/profile";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, users } from "../../db/schema";
import {
  cookieFrom,
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  PASSWORD,
  sessionHeaders,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { PROFILE_MSG } from "./profile.service";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-profile-"));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The stored pictures by the file name their URL ends with. */
const pictureFiles = async () =>
  (await t.database.db.select({ id: files.id }).from(files)).map((f) => `${f.id}.webp`);

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email, password } });

describe("PATCH /api/me", () => {
  const patch = (user: TestUser | null, payload: unknown) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/me",
      payload: payload as object,
      headers: sessionHeaders(user),
    });

  it("answers 401 signed out", async () => {
    expect((await patch(null, { name: "X" })).statusCode).toBe(401);
  });

  it("changes the name for every role; /api/me and the database agree", async () => {
    for (const user of [await makeStudent(t), await makeSupervisor(t), await makeCommittee(t)]) {
      const res = await patch(user, { name: "  Marie Curie  " });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        id: user.id,
        name: "Marie Curie",
        email: user.email,
        role: user.role,
      });
      expect((await me(user.cookie)).json().user.name).toBe("Marie Curie");
      expect((await userRow(user.id)).name).toBe("Marie Curie");
    }
  });

  it("refuses a blank or too long name, naming the field, and changes nothing", async () => {
    const user = await makeStudent(t, { name: "Kept Name" });
    const blank = await patch(user, { name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({ name: "Name is required." });
    const long = await patch(user, { name: "n".repeat(LIMITS.nameMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ name: "Name must be at most 100 characters." });
    const missing = await patch(user, {});
    expect(missing.json().error.fields).toEqual({ name: "Name is required." });
    expect((await userRow(user.id)).name).toBe("Kept Name");
  });

  it("never lets the email, role or student ID change through it", async () => {
    const user = await makeStudent(t);
    const res = await patch(user, {
      name: "Same",
      email: "new@example.edu",
      role: "committee",
      studentId: "X1",
    });
    expect(res.statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row).toMatchObject({ email: user.email, role: "student", studentId: user.studentId });
  });
});

describe("POST /api/me/password", () => {
  const change = (cookie: string | null, payload: unknown) =>
    t.app.inject({
      method: "POST",
      url: "/api/me/password",
      payload: payload as object,
      headers: cookie ? { cookie } : {},
    });

  it("answers 401 signed out", async () => {
    expect(
      (await change(null, { currentPassword: PASSWORD, newPassword: "another-pass-1" })).statusCode,
    ).toBe(401);
  });

  it("needs the current password", async () => {
    const user = await makeStudent(t);
    for (const payload of [
      { newPassword: "another-pass-1" },
      { currentPassword: "", newPassword: "another-pass-1" },
    ]) {
      const res = await change(user.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: MSG.currentPasswordRequired,
        fields: { currentPassword: MSG.currentPasswordRequired },
      });
    }
    const short = await change(user.cookie, { currentPassword: PASSWORD, newPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ newPassword: MSG.passwordTooShort });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const user = await makeStudent(t);
    const res = await change(user.cookie, {
      currentPassword: "not-my-password",
      newPassword: "another-pass-1",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: MSG.wrongCurrentPassword,
      fields: { currentPassword: MSG.wrongCurrentPassword },
    });
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, "another-pass-1")).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it("changes it: this browser stays signed in, other sessions end, only the new password works", async () => {
    const user = await makeSupervisor(t);
    const otherSession = cookieFrom(await login(user.email, PASSWORD));
    expect((await me(otherSession)).statusCode).toBe(200);

    const res = await change(user.cookie, { currentPassword: PASSWORD, newPassword: "brand-new-pass-9" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const renewed = cookieFrom(res);
    expect(renewed).toMatch(/thesisdesk\.session_token=/);
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, "brand-new-pass-9")).statusCode).toBe(200);
  });

  it("slows down guessing the current password (429 after 10 wrong tries)", async () => {
    const user = await makeStudent(t);
    for (let i = 0; i < 10; i++) {
      const res = await change(user.cookie, {
        currentPassword: `guess-${i}-guess`,
        newPassword: "another-pass-1",
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await change(user.cookie, { currentPassword: PASSWORD, newPassword: "another-pass-1" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe(PROFILE_MSG.tooManyWrongPasswords);
    expect(blocked.headers["retry-after"]).toBeDefined();
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
  });
});

// ── pictures ────────────────────────────────────────────────────────────────

/** A multipart/form-data body with one file part, built by hand. */
function multipart(data: Buffer, filename: string, contentType: string, field = "file") {
  const boundary = `----thesisdesk${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#f00" } });

/** A PNG whose header claims huge dimensions: tiny on the wire, gigantic once decoded. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("PUT /api/me/picture and GET /api/pictures/:file", () => {
  const upload = (user: TestUser | null, body: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: "PUT",
      url: "/api/me/picture",
      payload: body.payload,
      headers: { ...body.headers, ...sessionHeaders(user) },
    });
  const fetchPicture = (user: TestUser | null, url: string) =>
    t.app.inject({ method: "GET", url, headers: sessionHeaders(user) });

  async function expectRefused(
    user: TestUser,
    body: { payload: Buffer; headers: Record<string, string> },
    status: number,
    message: string,
  ) {
    const before = await userRow(user.id);
    const stored = (await pictureFiles()).length;
    const res = await upload(user, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect((await userRow(user.id)).pictureId).toBe(before.pictureId);
    expect((await pictureFiles()).length).toBe(stored);
  }

  it("answers 401 signed out, reading nothing", async () => {
    const png = await image(10, 10).png().toBuffer();
    expect((await upload(null, multipart(png, "a.png", "image/png"))).statusCode).toBe(401);
    expect((await fetchPicture(null, `/api/pictures/${randomUUID()}.webp`)).statusCode).toBe(401);
  });

  it("stores a PNG as a 256×256 WebP, serves it, and replaces it on the next upload", async () => {
    const user = await makeStudent(t);
    const png = await image(300, 200).png().toBuffer();
    const res = await upload(user, multipart(png, "me.png", "image/png"));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().user.pictureUrl;
    expect(url).toMatch(/^\/api\/pictures\/[0-9a-f-]{36}\.webp$/);
    expect((await me(user.cookie)).json().user.pictureUrl).toBe(url);
    const file = url.split("/").pop()!;
    expect(await pictureFiles()).toContain(file);

    const viewer = await makeSupervisor(t);
    const served = await fetchPicture(viewer, url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: LIMITS.pictureSize, height: LIMITS.pictureSize });

    // A JPEG next: the old file is gone and its URL answers 404.
    const jpeg = await image(100, 400).jpeg().toBuffer();
    const second = await upload(user, multipart(jpeg, "portrait.jpg", "image/jpeg"));
    expect(second.statusCode).toBe(200);
    const url2: string = second.json().user.pictureUrl;
    expect(url2).not.toBe(url);
    expect(await pictureFiles()).not.toContain(file);
    expect((await fetchPicture(viewer, url)).statusCode).toBe(404);
    expect((await fetchPicture(user, url2)).statusCode).toBe(200);
  });

  it("takes WebP, and works for supervisors and committee members too", async () => {
    const webp = await image(64, 64).webp().toBuffer();
    for (const user of [await makeSupervisor(t), await makeCommittee(t)]) {
      const res = await upload(user, multipart(webp, "x.webp", "image/webp"));
      expect(res.statusCode).toBe(200);
      expect((await userRow(user.id)).pictureId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("judges the content, not the name or declared type", async () => {
    const user = await makeStudent(t);
    // A real PNG sent as "photo.gif" with a made-up type is still a PNG.
    const png = await image(20, 20).png().toBuffer();
    expect((await upload(user, multipart(png, "photo.gif", "application/octet-stream"))).statusCode).toBe(
      200,
    );
    const other = await makeStudent(t);
    const gif = await image(20, 20).gif().toBuffer();
    await expectRefused(other, multipart(gif, "photo.png", "image/png"), 415, PICTURE_MSG.wrongType);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await expectRefused(other, multipart(svg, "photo.png", "image/png"), 415, PICTURE_MSG.wrongType);
    await expectRefused(
      other,
      multipart(Buffer.from("just text"), "a.jpg", "image/jpeg"),
      415,
      PICTURE_MSG.wrongType,
    );
  });

  it("refuses a truncated image", async () => {
    const user = await makeStudent(t);
    const jpeg = await image(400, 400).jpeg().toBuffer();
    const cut = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    await expectRefused(user, multipart(cut, "cut.jpg", "image/jpeg"), 400, PICTURE_MSG.unreadable);
  });

  it("refuses image bombs (huge dimensions in a small file)", async () => {
    const user = await makeStudent(t);
    const bomb = pngBomb(60_000, 60_000);
    expect(bomb.length).toBeLessThan(100);
    await expectRefused(user, multipart(bomb, "bomb.png", "image/png"), 413, PICTURE_MSG.tooManyPixels);
  });

  it("refuses more than 5 MB with 413", async () => {
    const user = await makeStudent(t);
    const big = Buffer.concat([
      await image(10, 10).png().toBuffer(),
      Buffer.alloc(LIMITS.pictureBytesMax + 10),
    ]);
    await expectRefused(user, multipart(big, "big.png", "image/png"), 413, PICTURE_MSG.tooLarge);
    // A body announced as far too large is refused without being read.
    const huge = Buffer.alloc(LIMITS.pictureBytesMax * 2);
    await expectRefused(user, multipart(huge, "huge.png", "image/png"), 413, PICTURE_MSG.tooLarge);
  });

  it("refuses a request without the file part, or not multipart at all", async () => {
    const user = await makeStudent(t);
    const png = await image(10, 10).png().toBuffer();
    await expectRefused(user, multipart(png, "a.png", "image/png", "picture"), 400, PICTURE_MSG.missing);
    await expectRefused(user, multipart(Buffer.alloc(0), "a.png", "image/png"), 400, PICTURE_MSG.missing);
    const json = await t.app.inject({
      method: "PUT",
      url: "/api/me/picture",
      payload: { file: "x" },
      headers: { cookie: user.cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it("serves only stored <uuid>.webp names; anything else is 404", async () => {
    const user = await makeStudent(t);
    for (const name of [
      `${randomUUID()}.webp`,
      `${randomUUID()}.png`,
      "..%2F..%2Fsession-secret",
      "..%2Fpictures",
      `${randomUUID().toUpperCase()}.webp`,
      "x.webp",
    ]) {
      const res = await fetchPicture(user, `/api/pictures/${name}`);
      expect(res.statusCode).toBe(404);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });
});

describe("OpenAPI", () => {
  it("documents the profile, proposal and directory routes", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const p of [
      "/api/me",
      "/api/me/password",
      "/api/me/picture",
      "/api/pictures/{file}",
      "/api/proposals",
      "/api/proposals/{id}",
      "/api/supervisors",
      "/api/students",
    ])
      expect(paths[p], p).toBeDefined();
    expect(paths["/api/me"].patch).toBeDefined();
  });
});
