import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { MSG } from "@shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../../db/query";
import { allocationTerm, caller, currentTermId, offerTopic, rankingGroup } from "../../test/allocation";
import {
  createTestApp,
  makeCommittee,
  makeStudent,
  makeSupervisor,
  type TestContext,
  type TestUser,
} from "../../test/app";
import { verifyCertificate } from "./certificate.service";

/**
 * The allocation certificate (DESIGN.md §20, issue 33 item 3) and the published figures (item 7):
 * stored at the publication, read by the term's people only, and checked again from its inputs.
 */

let t: TestContext;
let committee: TestUser;
let call: ReturnType<typeof caller>;
let defaultTerm: string;
beforeAll(async () => {
  t = await createTestApp();
  committee = await makeCommittee(t);
  call = caller(t);
  defaultTerm = await currentTermId(t, committee);
});
afterAll(async () => t?.close());

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

describe("the allocation certificate", () => {
  it("is stored at the publication with the published matching's blocking pairs, read by its people, and verified again", async () => {
    const { term, ada, bo, cell } = await allocationTerm(t, committee);
    try {
      const x = await offerTopic(t, ada, term.id, cell.id, "X topic");
      const y = await offerTopic(t, bo, term.id, cell.id, "Y topic");
      const g1 = await rankingGroup(t, [x.id, y.id]);
      const g2 = await rankingGroup(t, [x.id]);
      const g3 = await rankingGroup(t, [y.id]);

      // Before the publication there is no certificate, for anyone.
      const before = await call(committee, "GET", `/api/terms/${term.id}/allocation/certificate`);
      expect(before.statusCode).toBe(404);
      expect(before.json().error.message).toBe(MSG.noCertificate);

      expect((await call(committee, "POST", `/api/terms/${term.id}/allocation`)).statusCode).toBe(200);
      const draft = (await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json().draft;
      // The committee takes X's group off X by hand: X stays free, so that group and X block.
      const onX = draft.assignments.find((a: { topicId: string | null }) => a.topicId === x.id).proposalId;
      const moved = await call(committee, "PATCH", `/api/terms/${term.id}/allocation`, {
        proposalId: onX,
        topicId: null,
      });
      const pairs = moved.json().blockingPairs;
      expect(pairs).toContainEqual({ proposalId: onX, topicId: x.id });
      const published = await call(committee, "POST", `/api/terms/${term.id}/allocation/publish`);
      expect(published.statusCode, published.body).toBe(200);

      // Item 7: after the publication the figures are the published matching's (they read 0 before).
      const after = (await call(committee, "GET", `/api/terms/${term.id}/allocation`)).json();
      expect(after.draft.outOfDate).toBe(false);
      expect(after.draft.blockingPairs).toEqual(expect.arrayContaining(pairs));
      expect(after.draft.blockingPairs).toHaveLength(pairs.length);

      const res = await call(committee, "GET", `/api/terms/${term.id}/allocation/certificate`);
      expect(res.statusCode, res.body).toBe(200);
      const cert = res.json().certificate;
      expect(cert).toMatchObject({
        termId: term.id,
        termName: term.name,
        publishedBy: committee.name,
        seed: draft.seed,
        groups: 3,
        topics: 2,
        supervisors: 2,
        handMoves: 1,
        blockingPairs: pairs.length,
        unmatched: after.draft.unmatched,
        byRank: after.draft.byRank,
        yours: null,
      });
      const [stored] = await selectRows<{ inputs: string; inputs_digest: string }>(
        t.database.db,
        sql`select inputs, inputs_digest from allocation_certificates where term_id = ${term.id}`,
      );
      expect(cert.inputsDigest).toBe(stored.inputs_digest);
      expect(createHash("sha256").update(stored.inputs).digest("hex")).toBe(stored.inputs_digest);
      // Nobody's preferences or names travel in it.
      for (const g of [g1, g2, g3]) {
        expect(res.body).not.toContain(g.student.name);
        expect(res.body).not.toContain(g.student.email);
      }

      // A student of the term's groups sees their own result; a supervisor with a topic, the figures.
      const mine = (await call(g1.student, "GET", `/api/terms/${term.id}/allocation/certificate`)).json();
      const g1Result = after.draft.assignments.find(
        (a: { proposalId: string }) => a.proposalId === g1.proposal.id,
      );
      expect(mine.certificate.yours).toEqual({
        proposalId: g1.proposal.id,
        topicId: g1Result.topicId,
        rank: g1Result.rank,
      });
      expect(
        (await call(bo, "GET", `/api/terms/${term.id}/allocation/certificate`)).json().certificate.yours,
      ).toBeNull();
      // Anyone else: 404, as for a term without one; signed out: 401.
      const outsider = await makeStudent(t);
      const otherSupervisor = await makeSupervisor(t);
      for (const u of [outsider, otherSupervisor]) {
        const r = await call(u, "GET", `/api/terms/${term.id}/allocation/certificate`);
        expect(r.statusCode).toBe(404);
        expect(r.json().error.message).toBe(MSG.noCertificate);
      }
      expect((await call(null, "GET", `/api/terms/${term.id}/allocation/certificate`)).statusCode).toBe(401);
      expect((await call(committee, "GET", `/api/terms/not-a-uuid/allocation/certificate`)).statusCode).toBe(
        400,
      );

      // verify-allocation: it matches; each kind of tampering is found and named.
      expect(await verifyCertificate(t.database.db, term.name.toUpperCase())).toMatchObject({ ok: true });
      const cli = viaCli(term.name);
      if (cli) expect(cli.status, cli.stderr).toBe(0);

      await exec(
        sql`update allocation_certificates set inputs = replace(inputs, ${g2.proposal.id}, ${g3.proposal.id}) where term_id = ${term.id}`,
      );
      const tamperedInputs = await verifyCertificate(t.database.db, term.name);
      expect(tamperedInputs.ok).toBe(false);
      expect(tamperedInputs.lines.join("\n")).toContain("do not match their digest");
      if (cli) expect(viaCli(term.name)!.status).toBe(1);
      await exec(
        sql`update allocation_certificates set inputs = ${stored.inputs} where term_id = ${term.id}`,
      );
      expect((await verifyCertificate(t.database.db, term.name)).ok).toBe(true);

      // A group the publication placed, said in the certificate to be unmatched (which group the lot
      // placed varies from run to run).
      const matchedGroup = after.draft.assignments.find((a: { topicId: string | null }) => a.topicId !== null)
        .proposalId as string;
      await exec(
        sql`update allocation_certificates set result = (select jsonb_agg(case when r->>0 = ${matchedGroup} then jsonb_build_array(r->0, null, null) else r end) from jsonb_array_elements(result) r) where term_id = ${term.id}`,
      );
      const tamperedResult = await verifyCertificate(t.database.db, term.name);
      expect(tamperedResult.ok).toBe(false);
      expect(tamperedResult.lines.join("\n")).toContain(`Group ${matchedGroup}`);
      if (cli) expect(viaCli(term.name)!.status).toBe(1);

      // The certificate put right, a placed group's topic changed behind its back is found too.
      const [{ result }] = await selectRows<{ result: unknown }>(
        t.database.db,
        sql`select jsonb_agg(jsonb_build_array(a.proposal_id, a.topic_id, a.rank) order by a.proposal_id) as result
              from allocation_assignments a where a.term_id = ${term.id}`,
      );
      await exec(
        sql`update allocation_certificates set result = ${JSON.stringify(result)}::jsonb where term_id = ${term.id}`,
      );
      expect((await verifyCertificate(t.database.db, term.name)).ok).toBe(true);
      const placed = after.draft.assignments.find((a: { topicId: string | null }) => a.topicId !== null);
      const other = placed.topicId === x.id ? y.id : x.id;
      await exec(sql`update proposals set topic_id = ${other} where id = ${placed.proposalId}`);
      const tamperedPlace = await verifyCertificate(t.database.db, term.name);
      expect(tamperedPlace.ok).toBe(false);
      expect(tamperedPlace.lines.join("\n")).toContain(`Group ${placed.proposalId} is on ${other} now`);
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });

  it("verify-allocation refuses a term without a certificate and a term that does not exist", async () => {
    const { term } = await allocationTerm(t, committee);
    try {
      await expect(verifyCertificate(t.database.db, term.name)).rejects.toThrow(MSG.noCertificate);
      await expect(verifyCertificate(t.database.db, "No such term")).rejects.toThrow(MSG.termNotFound);
      const cli = viaCli("No such term");
      if (cli) {
        expect(cli.status).toBe(1);
        expect(cli.stderr).toContain(MSG.termNotFound);
      }
    } finally {
      await call(committee, "POST", `/api/terms/${defaultTerm}/current`);
    }
  });
});

/** The CLI against this test's database: PostgreSQL only (an in-memory PGlite has no other door). */
function viaCli(termName: string) {
  if (!t.database.url) return undefined;
  return spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/cli.ts", "verify-allocation", "--term", termName],
    { env: { ...process.env, DATABASE_URL: t.database.url }, encoding: "utf8", timeout: 60_000 },
  );
}
