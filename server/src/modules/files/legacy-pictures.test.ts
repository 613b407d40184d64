import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { files, users } from "../../db/schema";
import { createTestApp, makeStudent, type TestContext } from "../../test/app";
import { moveLegacyPictures } from "./legacy-pictures";

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "thesisdesk-legacy-"));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const dir = () => path.join(dataDir, "uploads", "pictures");

/** A logger that keeps what it is told. */
function recordingLog() {
  const said: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = "") =>
      said.push({ level, obj, msg });
  return {
    said,
    log: { error: at("error"), warn: at("warn"), info: at("info") } as unknown as FastifyBaseLogger,
  };
}

async function onDisk(userId: string, bytes: Buffer | null) {
  const key = randomUUID();
  await t.database.db.update(users).set({ pictureKey: key }).where(eq(users.id, userId));
  mkdirSync(dir(), { recursive: true });
  if (bytes) writeFileSync(path.join(dir(), `${key}.webp`), bytes);
  return key;
}

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe("pictures kept on disk before the files table", () => {
  it("move into the database at start-up, keep serving, and leave the disk", async () => {
    const someone = await makeStudent(t);
    const viewer = await makeStudent(t);
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } })
      .webp()
      .toBuffer();
    const key = await onDisk(someone.id, webp);
    const { log, said } = recordingLog();

    await moveLegacyPictures(t.database.db, dataDir, log);

    const row = await userRow(someone.id);
    expect(row.pictureKey).toBeNull();
    const [file] = await t.database.db.select().from(files).where(eq(files.id, row.pictureId!));
    expect(file).toMatchObject({
      ownerId: someone.id,
      mediaType: "image/webp",
      size: webp.length,
      sha256: createHash("sha256").update(webp).digest("hex"),
    });
    expect(Buffer.from(file.bytes).equals(webp)).toBe(true);
    expect(existsSync(path.join(dir(), `${key}.webp`))).toBe(false);
    expect(existsSync(dir())).toBe(false);
    expect(said.filter((s) => s.level === "error")).toEqual([]);

    const me = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: someone.cookie } });
    const url = me.json().user.pictureUrl;
    expect(url).toBe(`/api/pictures/${row.pictureId}.webp`);
    const served = await t.app.inject({ method: "GET", url, headers: { cookie: viewer.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(served.rawPayload.equals(webp)).toBe(true);
  });

  it("report a picture that cannot be read, keep it for the next start, and move it once it is back", async () => {
    const someone = await makeStudent(t);
    const key = await onDisk(someone.id, null);
    const { log, said } = recordingLog();

    await moveLegacyPictures(t.database.db, dataDir, log);

    expect(said).toContainEqual(
      expect.objectContaining({ level: "error", obj: expect.objectContaining({ userId: someone.id }) }),
    );
    expect(await userRow(someone.id)).toMatchObject({ pictureKey: key, pictureId: null });

    // The file is restored: the next start moves it.
    mkdirSync(dir(), { recursive: true });
    writeFileSync(path.join(dir(), `${key}.webp`), Buffer.from("restored"));
    await moveLegacyPictures(t.database.db, dataDir, recordingLog().log);
    const row = await userRow(someone.id);
    expect(row.pictureKey).toBeNull();
    expect(row.pictureId).not.toBeNull();
  });

  it("serve only files that are someone's picture under the pictures address", async () => {
    const someone = await makeStudent(t);
    const [other] = await t.database.db
      .insert(files)
      .values({
        ownerId: someone.id,
        name: "doc.pdf",
        mediaType: "application/pdf",
        size: 3,
        sha256: "x",
        bytes: Buffer.from("pdf"),
      })
      .returning({ id: files.id });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/pictures/${other.id}.webp`,
      headers: { cookie: someone.cookie },
    });
    expect(res.statusCode).toBe(404);
  });
});
