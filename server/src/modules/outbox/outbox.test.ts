import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, users } from "../../db/schema";
import { Scheduler } from "../../lib/scheduler";
import { createTestApp, makeCommittee, makeStudent, makeSupervisor, type TestContext } from "../../test/app";
import { makeProposal } from "../../test/factories";
import { freePort, type Received, startSmtp } from "../../test/smtp";
import { OutboxSender } from "./outbox.sender";
import { enqueueEmails } from "./outbox.service";

let t: TestContext;
let port: number;
beforeAll(async () => {
  port = await freePort();
  // The sender's own loop is slowed right down: each test drives it with tick()/drain().
  t = await createTestApp(
    { smtpUrl: `smtp://127.0.0.1:${port}` },
    { outbox: { pollMs: 3_600_000, backoffBaseMs: 50 } },
  );
});
afterAll(async () => t?.close());

const mail = (subject: string) => () => ({
  kind: "test",
  subject,
  body: "Hello.\n\nhttp://localhost:3000/x",
});

describe("email outbox", () => {
  it("delivers queued emails through SMTP and records the result", async () => {
    const inbox: Received[] = [];
    const smtp = await startSmtp(port, inbox);
    try {
      const a = await makeStudent(t);
      await enqueueEmails(t.database.db, [a.id], mail("Delivered subject"));
      await t.app.outbox.drain();
      expect(inbox).toHaveLength(1);
      expect(inbox[0].to).toEqual([a.email]);
      expect(inbox[0].raw).toContain("Subject: Delivered subject");
      const [row] = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, a.email));
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(1);
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("sends an email's .ics as its text/calendar part with the METHOD (decision 0076)", async () => {
    const inbox: Received[] = [];
    const smtp = await startSmtp(port, inbox);
    try {
      const a = await makeStudent(t);
      const content = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n";
      await enqueueEmails(t.database.db, [a.id], () => ({
        ...mail("With a calendar")(),
        attachment: { filename: "cancel.ics", contentType: "text/calendar", content, method: "CANCEL" },
      }));
      await t.app.outbox.drain();
      const got = inbox.find((m) => m.to.includes(a.email))!;
      expect(got.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
      expect(got.raw).toContain("cancel.ics");
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("loses nothing while the SMTP server is down, and delivers once it is back", async () => {
    const b = await makeStudent(t);
    await enqueueEmails(t.database.db, [b.id], mail("Survives an outage"));
    await t.app.outbox.tick(); // nobody listens on the port: refused
    let [row] = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, b.email));
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();

    const inbox: Received[] = [];
    const smtp = await startSmtp(port, inbox);
    try {
      await new Promise((r) => setTimeout(r, 120)); // past the (test-sized) backoff
      await t.app.outbox.drain();
      expect(inbox.map((m) => m.to[0])).toEqual([b.email]);
      [row] = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, b.email));
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(2);
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("writes nothing for a user who turned email notifications off", async () => {
    const c = await makeStudent(t);
    await t.database.db.update(users).set({ emailNotifications: false }).where(eq(users.id, c.id));
    expect(await enqueueEmails(t.database.db, [c.id], mail("Not wanted"))).toBe(0);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.toEmail, c.email))).toEqual([]);
  });

  it("two senders never deliver the same email twice", async () => {
    const inbox: Received[] = [];
    const smtp = await startSmtp(port, inbox);
    try {
      const people = await Promise.all(Array.from({ length: 6 }, () => makeStudent(t)));
      await enqueueEmails(
        t.database.db,
        people.map((p) => p.id),
        mail("Exactly once"),
      );
      const { OutboxSender } = await import("./outbox.sender");
      const other = new OutboxSender(t.database.db, {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "x@y.z",
        log: t.app.log,
        batch: 2,
      });
      await Promise.all([t.app.outbox.drain(), other.drain()]);
      await other.close();
      const delivered = inbox.filter((m) => m.raw.includes("Exactly once")).map((m) => m.to[0]);
      expect(delivered.sort()).toEqual(people.map((p) => p.email).sort());
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe("emails written by the app's own changes", () => {
  it("a review sends one email to each member with the right subject; an opted-out member gets none", async () => {
    const inbox: Received[] = [];
    const smtp = await startSmtp(port, inbox);
    try {
      const supervisor = await makeSupervisor(t);
      const [a, b, optedOut] = await Promise.all([makeStudent(t), makeStudent(t), makeStudent(t)]);
      const off = await t.app.inject({
        method: "PATCH",
        url: "/api/me/notifications",
        payload: { emailNotifications: false },
        headers: { cookie: optedOut.cookie },
      });
      expect(off.statusCode).toBe(200);
      expect(off.json().user.emailNotifications).toBe(false);
      const p = await makeProposal(t, {
        supervisorId: supervisor.id,
        memberIds: [a.id, b.id, optedOut.id],
        title: "Mail test",
      });
      const res = await t.app.inject({
        method: "POST",
        url: `/api/proposals/${p.id}/review`,
        payload: { status: "Denied", feedback: "Narrow it down." },
        headers: { cookie: supervisor.cookie },
      });
      expect(res.statusCode).toBe(200);
      await t.app.outbox.drain();
      const reviewMails = inbox.filter((m) => m.raw.includes("Subject: Your proposal was denied: Mail test"));
      expect(reviewMails.map((m) => m.to[0]).sort()).toEqual([a.email, b.email].sort());
      expect(reviewMails[0].text).toContain("http://localhost:3000/student/proposal-status");
      expect(inbox.some((m) => m.to.includes(optedOut.email))).toBe(false);
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("a refused review writes no email", async () => {
    const supervisor = await makeSupervisor(t);
    const a = await makeStudent(t);
    const p = await makeProposal(t, { supervisorId: supervisor.id, memberIds: [a.id], status: "Approved" });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${p.id}/review`,
      payload: { status: "Denied", feedback: "Again?" },
      headers: { cookie: supervisor.cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.toEmail, a.email))).toEqual([]);
  });

  it("adding a teacher writes a welcome email in the same transaction", async () => {
    const committee = await makeCommittee(t);
    const email = `teacher-${Date.now()}@example.edu`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users",
      payload: { role: "supervisor", name: "New Teacher", email, password: "teacher-pass-1" },
      headers: { cookie: committee.cookie },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.toEmail, email));
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe("Your ThesisDesk account");
    expect(rows[0].body).toContain(committee.name);
  });

  // Last in the file: this sender logs instead of sending, and takes whatever is due.
  it("works through a burst batch after batch, without waiting a poll interval between full batches", async () => {
    const burst = await makeStudent(t);
    for (let i = 0; i < 12; i++) await enqueueEmails(t.database.db, [burst.id], mail(`Burst ${i}`));
    const logged: string[] = [];
    const log = {
      info: (o: { subject: string }) => logged.push(o.subject),
      warn: () => {},
    } as unknown as FastifyBaseLogger;
    const sender = new OutboxSender(t.database.db, {
      from: "desk@example.edu",
      log,
      pollMs: 3_600_000,
      batch: 5,
    });
    const sentToBurst = async () =>
      (await t.database.db.select().from(outbox).where(eq(outbox.userId, burst.id))).filter((r) => r.sentAt)
        .length;
    const scheduler = new Scheduler(t.database.db, log, () => new Date());
    scheduler.repeat(sender.work());
    await scheduler.start();
    try {
      const end = Date.now() + 5_000;
      while ((await sentToBurst()) < 12 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
      expect(await sentToBurst()).toBe(12);
      expect(logged.filter((s) => s.startsWith("Burst "))).toHaveLength(12);
    } finally {
      await scheduler.stop();
      await sender.close();
    }
  });
});
