import { randomUUID } from "node:crypto";
import { LIMITS } from "@shared/limits";
import { MSG } from "@shared/messages";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, outbox, users, verifications } from "../../db/schema";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
  unique,
} from "../../test/app";
import { linkToken, mailText } from "../../test/mail";
import { freePort, type Received, startSmtp } from "../../test/smtp";

let t: TestContext;
let committee: TestUser;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const inbox: Received[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtp(port, inbox);
  t = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${port}`, allowedEmailDomains: ["example.edu", "uni.example"] },
    { outbox: { pollMs: 3_600_000 } },
  );
  committee = await makeCommittee(t);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp?.close(() => r()));
});

const post = (query: string, csv: string | Buffer, user: TestUser | null = committee, type = "text/csv") =>
  t.app.inject({
    method: "POST",
    url: `/api/users/import?${query}`,
    payload: csv,
    headers: { "content-type": type, ...(user ? { cookie: user.cookie } : {}) },
  });

const countUsers = async () =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;

/** A file of students with fresh emails and student IDs. */
function students(n: number, tag = unique("imp")) {
  const lines = ["name,email,studentId"];
  for (let i = 0; i < n; i++)
    lines.push(`Student ${i} ${tag},${tag}.${i}@example.edu,${tag.toUpperCase()}-${i}`);
  return lines.join("\n");
}

describe("POST /api/users/import (dry run)", () => {
  it("reports every row by default and creates nothing: new, existing (skipped), and each kind of error", async () => {
    const [existing, other, teacher] = await Promise.all([makeStudent(t), makeStudent(t), makeSupervisor(t)]);
    const tag = unique("dry");
    const csv = [
      "\uFEFFName,Email,StudentID",
      `Ana New,${tag}.ana@example.edu,${tag}-1`,
      `"Known, Person",${existing.email.toUpperCase()},${existing.studentId}`,
      `Teacher Too,${teacher.email},${tag}-2`,
      "",
      `Bad Email,not-an-email,${tag}-3`,
      `Ana Again,${tag}.ANA@example.edu,${tag}-4`,
      `Same Id,${tag}.other@example.edu,${tag}-1`,
      `No Id,${tag}.noid@example.edu,`,
      `Bad Id,${tag}.badid@example.edu,has space`,
      `Elsewhere,${tag}@gmail.com,${tag}-5`,
      `Taken Id,${tag}.taken@example.edu,${other.studentId}`,
      `Too,Many,Values,Here`,
      `,${tag}.noname@example.edu,${tag}-6`,
    ].join("\r\n");
    const before = await countUsers();
    const res = await post("role=student", csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(false);
    expect(body.rows.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, "new"],
      [3, "exists"],
      [4, "exists"],
      [6, "error"],
      [7, "error"],
      [8, "error"],
      [9, "error"],
      [10, "error"],
      [11, "error"],
      [12, "error"],
      [13, "error"],
      [14, "error"],
    ]);
    const message = (line: number) => body.rows.find((r: { line: number }) => r.line === line).message;
    expect(message(2)).toBe(MSG.importRowNew);
    expect(message(3)).toBe(MSG.importRowExists());
    expect(message(4)).toBe(MSG.importRowExists("supervisor"));
    expect(message(6)).toBe(MSG.emailInvalid);
    expect(message(7)).toBe(MSG.importRowDuplicate(2));
    expect(message(8)).toBe(MSG.importRowDuplicate(2));
    expect(message(9)).toBe("Student ID is required.");
    expect(message(10)).toMatch(/^Student ID may contain only/);
    expect(message(11)).toBe(MSG.domainNotAllowed(["example.edu", "uni.example"]));
    expect(message(12)).toBe(MSG.importRowStudentIdTaken);
    expect(message(13)).toBe(MSG.importRowColumns(3, 4));
    expect(message(14)).toBe("Name is required.");
    expect(body.rows[1]).toMatchObject({ name: "Known, Person", email: existing.email });
    expect(body.counts).toEqual({ new: 1, exists: 2, error: 9 });
    expect(await countUsers()).toBe(before);
  });

  it("refuses the whole file: a bad header, no rows, more than 5,000 rows, not UTF-8, broken quotes", async () => {
    const cases: [string | Buffer, string][] = [
      ["name,email\nAna,ana@example.edu", MSG.importHeader("name,email,studentId")],
      ["email,name,studentId\nana@example.edu,Ana,1", MSG.importHeader("name,email,studentId")],
      ["", MSG.importHeader("name,email,studentId")],
      ["name,email,studentId\n\n\n", MSG.importEmpty],
      [students(LIMITS.importRowsMax + 1), MSG.importTooMany(5000, 5001)],
      [
        Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0xff, 0xfe]),
        "The file must be UTF-8 text. In a spreadsheet, save it as “CSV UTF-8”.",
      ],
      [
        'name,email,studentId\n"Ana,ana@example.edu,1\n',
        MSG.importUnreadable("check the quotes and commas on line 2."),
      ],
    ];
    for (const [csv, message] of cases) {
      const res = await post("role=student&dryRun=false", csv);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toEqual({ code: "VALIDATION", message, fields: { file: message } });
    }
  });

  it("400 for a missing or unknown role or dryRun; 415 for JSON; 401 and 403 for others", async () => {
    for (const query of ["", "role=committee", "role=student&dryRun=yes"]) {
      const res = await post(query, students(1));
      expect(res.statusCode, query).toBe(400);
    }
    const json = await t.app.inject({
      method: "POST",
      url: "/api/users/import?role=student",
      payload: { csv: students(1) },
      headers: { cookie: committee.cookie },
    });
    expect(json.statusCode).toBe(415);
    const [student, supervisor] = await Promise.all([makeStudent(t), makeSupervisor(t)]);
    expect((await post("role=student&dryRun=false", students(1), null)).statusCode).toBe(401);
    expect((await post("role=student&dryRun=false", students(1), student)).statusCode).toBe(403);
    expect((await post("role=student&dryRun=false", students(1), supervisor)).statusCode).toBe(403);
  });
});

describe("POST /api/users/import?dryRun=false", () => {
  it("creates every new row, skips the existing, and emails each new person a link (7 days) that signs them in", async () => {
    const existing = await makeStudent(t);
    const tag = unique("go");
    const csv = [
      "name,email,studentId",
      `Ina Import,${tag}.ina@example.edu,${tag}-1`,
      `Ole Import,${tag}.ole@uni.example,${tag}-2`,
      `${existing.name},${existing.email},${existing.studentId}`,
    ].join("\n");
    const res = await post("role=student&dryRun=false", csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: true, counts: { new: 2, exists: 1, error: 0 } });
    const made = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.email, [`${tag}.ina@example.edu`, `${tag}.ole@uni.example`]));
    expect(made.map((u) => [u.name, u.role, u.studentId]).sort()).toEqual([
      ["Ina Import", "student", `${tag}-1`],
      ["Ole Import", "student", `${tag}-2`],
    ]);
    // No password yet: nothing to sign in with until the link is used.
    expect(
      await t.database.db
        .select()
        .from(accounts)
        .where(
          inArray(
            accounts.userId,
            made.map((u) => u.id),
          ),
        ),
    ).toEqual([]);
    for (const u of made) {
      const [link] = await t.database.db.select().from(verifications).where(eq(verifications.value, u.id));
      expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    }
    // The emails go through SMTP; the link sets the password and signs the person in.
    await t.app.outbox.drain();
    const mail = inbox.find((m) => m.to.includes(`${tag}.ina@example.edu`));
    expect(mail).toBeDefined();
    const text = mailText(mail!);
    expect(text).toContain("Subject: Your ThesisDesk account: choose a password");
    expect(text).toContain(committee.name);
    expect(inbox.some((m) => m.to.includes(existing.email))).toBe(false);
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token: linkToken(text), newPassword: "ina-chose-this" },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ name: "Ina Import", role: "student" });
    // Importing the same file again creates nobody.
    const again = await post("role=student&dryRun=false", csv);
    expect(again.json()).toMatchObject({ imported: true, counts: { new: 0, exists: 3, error: 0 } });
  });

  it("refuses the whole file when any row has an error: nobody is created and nothing is sent", async () => {
    const tag = unique("err");
    const csv = `name,email,studentId\nGood One,${tag}.good@example.edu,${tag}-1\nBad One,bad,${tag}-2\n`;
    const before = await countUsers();
    const res = await post("role=student&dryRun=false", csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: MSG.importHasErrors(1),
      fields: { file: MSG.importHasErrors(1) },
    });
    expect(await countUsers()).toBe(before);
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.toEmail, `${tag}.good@example.edu`)),
    ).toEqual([]);
  });

  it("imports teachers (name,email) from a multipart file", async () => {
    const tag = unique("tch");
    const boundary = `----import${randomUUID()}`;
    const csv = `name,email\nDr. One,${tag}.one@example.edu\nDr. Two,${tag}.two@example.edu\n`;
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="teachers.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    );
    const res = await post(
      "role=supervisor&dryRun=false",
      payload,
      committee,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual({ new: 2, exists: 0, error: 0 });
    const made = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `${tag}.one@example.edu`));
    expect(made[0]).toMatchObject({ role: "supervisor", studentId: null });
    const list = await t.app.inject({
      method: "GET",
      url: `/api/users?role=supervisor&q=${tag}`,
      headers: { cookie: committee.cookie },
    });
    expect(list.json().total).toBe(2);
  });

  it("imports 5,000 students in one go", async () => {
    const tag = unique("big");
    const before = await countUsers();
    const res = await post("role=student&dryRun=false", students(LIMITS.importRowsMax, tag));
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toEqual({ new: 5000, exists: 0, error: 0 });
    expect(await countUsers()).toBe(before + 5000);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.toEmail} like ${`${tag}.%`}`);
    expect(n).toBe(5000);
  });
});
