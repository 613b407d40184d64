import { ordinal } from "@client/lib/words";
import { MSG } from "@shared/messages";
import type { Allocation } from "@shared/schemas/allocation";

export const groupName = (g: { title: string; creator: string }) => g.title || MSG.untitledGroup(g.creator);

export interface GroupRow {
  proposalId: string;
  name: string;
  /** The group's list of topics still offered, best first (unknown once it left Awaiting allocation). */
  preferences: string[];
  topicId: string | null;
  rank: number | null;
  /** Still Awaiting allocation: after publication, one the committee places by hand. */
  waiting: boolean;
}

export interface TopicInfo {
  id: string;
  title: string;
  supervisorId: string;
  supervisor: string;
  /** Places left before the draft (capacity less the groups already placed on it). */
  capacity: number;
}

/**
 * The draft read for the screen: every group once (the draft's, and any that came after the run),
 * with its name, list and topic; each topic with its supervisor's name; how many groups the draft
 * puts on each topic and with each supervisor.
 */
export function readModel(a: Allocation) {
  const waiting = new Map(a.groups.map((g) => [g.proposalId, g]));
  const rows: GroupRow[] = [];
  const seen = new Set<string>();
  for (const x of a.draft?.assignments ?? []) {
    seen.add(x.proposalId);
    rows.push({
      proposalId: x.proposalId,
      name: groupName(x),
      preferences: waiting.get(x.proposalId)?.preferences ?? [],
      topicId: x.topicId,
      rank: x.rank,
      waiting: waiting.has(x.proposalId),
    });
  }
  for (const g of a.groups)
    if (!seen.has(g.proposalId))
      rows.push({
        proposalId: g.proposalId,
        name: groupName(g),
        preferences: g.preferences,
        topicId: null,
        rank: null,
        waiting: true,
      });
  rows.sort((x, y) => x.name.localeCompare(y.name));
  const supervisorName = new Map(a.load.map((l) => [l.supervisorId, l.name]));
  const topics = new Map<string, TopicInfo>(
    a.topics.map((t) => [t.id, { ...t, supervisor: supervisorName.get(t.supervisorId) ?? MSG.unknown }]),
  );
  const onTopic = new Map<string, number>();
  for (const r of rows) if (r.topicId) onTopic.set(r.topicId, (onTopic.get(r.topicId) ?? 0) + 1);
  const names = new Map(rows.map((r) => [r.proposalId, r.name]));
  return { rows, topics, onTopic, names };
}
export type Model = ReturnType<typeof readModel>;

export const topicTitle = (m: Model, id: string | null) =>
  id === null ? "No topic" : (m.topics.get(id)?.title ?? "A withdrawn topic");

/** A blocking pair in words: the group and the topic would both rather be together. */
export const blockingWords = (m: Model, b: { proposalId: string; topicId: string }) =>
  MSG.blockingPair(m.names.get(b.proposalId) ?? MSG.unknown, `“${topicTitle(m, b.topicId)}”`);

/**
 * A Select's topics for one group, grouped: the group's own list first (with its ranks), then every
 * other topic of the term. `option` makes each entry (its label and whether it can be chosen).
 */
export function topicChoices<O>(m: Model, row: GroupRow, option: (id: string, prefix?: string) => O) {
  const listed = row.preferences.filter((id) => m.topics.has(id));
  const listedSet = new Set(listed);
  return [
    ...(listed.length
      ? [{ group: "The group's list", items: listed.map((id, i) => option(id, `${ordinal(i + 1)}: `)) }]
      : []),
    {
      group: "Other topics",
      items: [...m.topics.keys()].filter((id) => !listedSet.has(id)).map((id) => option(id)),
    },
  ];
}
