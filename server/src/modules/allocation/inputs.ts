import { createHash } from "node:crypto";
import type { Db } from "../../db/client";
import {
  selectGroups,
  selectOfferedTopics,
  selectRankings,
  selectSupervisorsOfTerm,
} from "./allocation.repository";

/**
 * What a term's allocation is made from (DESIGN.md §11, §21): its groups Awaiting allocation with
 * their lists and members, its topics still offered with their places left, the supervisors
 * offering them with their places, and the supervisors' rankings. The run, the draft's read and
 * the publication all read them here, and a draft is out of date exactly when the digest of these
 * inputs differs from the digest of those it was made from (decision 0042): no change to an input
 * has to remember to say so.
 */
export interface AllocationInputs {
  groups: Awaited<ReturnType<typeof selectGroups>>;
  topics: Awaited<ReturnType<typeof selectOfferedTopics>>;
  supervisors: Awaited<ReturnType<typeof selectSupervisorsOfTerm>>;
  rankings: Awaited<ReturnType<typeof selectRankings>>;
}

export async function readInputs(db: Db, termId: string): Promise<AllocationInputs> {
  return {
    groups: await selectGroups(db, termId),
    topics: await selectOfferedTopics(db, termId),
    supervisors: await selectSupervisorsOfTerm(db, termId),
    rankings: await selectRankings(db, termId),
  };
}

const byId = <T extends { id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

/**
 * The inputs in one canonical form: ids, lists, places and counts, every set in id order, and no
 * name or title (words shown beside the result, not what it is made from). It holds only arrays,
 * strings, whole numbers and null under keys in code-point order, so JSON.stringify writes it as
 * RFC 8785 (JSON Canonicalization Scheme) does: the allocation certificate (DESIGN.md §20) can
 * store it and anyone can digest it again.
 */
export function canonicalInputs(i: AllocationInputs): string {
  return JSON.stringify({
    groups: byId(i.groups).map((g) => [g.id, g.preferences, [...g.members].sort()]),
    // Each supervisor's ranking, best first, supervisors in id order (the statement's order).
    rankings: i.rankings.map((r) => [r.supervisor_id, r.proposal_id]),
    supervisors: byId(i.supervisors).map((s) => [s.id, s.capacity, s.used]),
    topics: byId(i.topics).map((t) => [t.id, t.supervisor_id, t.capacity, t.left]),
  });
}

/** The SHA-256 of the canonical inputs, in hex: what a draft keeps and the publication compares. */
export const inputsDigest = (i: AllocationInputs) =>
  createHash("sha256").update(canonicalInputs(i)).digest("hex");

/**
 * The inputs again from their canonical form (a certificate's), for recomputing the matching.
 * Names and titles are not part of the inputs, so they come back empty; every list keeps the
 * order the canonical form gives it, which is the order the run read them in but for the
 * supervisors (there by name): the matching does not depend on it (it is the unique
 * student-optimal stable matching, and each supervisor's lot is drawn by their id).
 */
export function inputsFromCanonical(text: string): AllocationInputs {
  const c = JSON.parse(text) as {
    groups: [string, string[], string[]][];
    rankings: [string, string][];
    supervisors: [string, number | null, number][];
    topics: [string, string, number, number][];
  };
  return {
    groups: c.groups.map(([id, preferences, members]) => ({
      id,
      title: "",
      creator: "",
      preferences,
      members,
    })),
    rankings: c.rankings.map(([supervisor_id, proposal_id]) => ({ supervisor_id, proposal_id })),
    supervisors: c.supervisors.map(([id, capacity, used]) => ({ id, name: "", capacity, used })),
    topics: c.topics.map(([id, supervisor_id, capacity, left]) => ({
      id,
      title: "",
      supervisor_id,
      capacity,
      left,
    })),
  };
}
