import type { LiveEvent } from "@shared/schemas/events";
import type { ThesisAction } from "@shared/thesis-life";
import type { EmailAttachment } from "../../db/schema";
import type { RequestContext } from "../../lib/request-context";
import { emails } from "../outbox/emails";
import { enqueueEmails } from "../outbox/outbox.service";
import type { ThesisRow } from "./theses.repository";

/**
 * Who hears of a thesis action besides the one acting: its members, its teachers too, or its
 * teachers only (the marking, which no student hears of before release, §17), or the members
 * named in `extra` (a corrected grade's student) and its teachers.
 */
type Audience = "members" | "membersAndTeachers" | "teachers" | "namedAndTeachers";

/**
 * The actions that tell nobody themselves, each with why (issue 31 item 9): every other action of
 * the thesis table has its words below, and the compiler holds the two lists to the whole table.
 */
export const SILENT = {
  start: "the proposal's approval tells its people",
  assess: "blind (§17): `decide` tells the teachers once both assessments are in",
  cancel: "the proposal's withdrawal, in the same transaction, tells its people",
  consentPublication: "a member's own answer; the supervisor reads the consents on the thesis's page",
} as const satisfies Partial<Record<ThesisAction, string>>;

/** What is said of each action that tells anyone: its headline, its sentence, and to whom. */
const WORDS: Record<
  Exclude<ThesisAction, keyof typeof SILENT>,
  { headline: string; what: (by: string, detail: string) => string; to: Audience }
> = {
  uploadDraft: {
    headline: "New draft",
    what: (by, d) => `${by} uploaded draft ${d} of the thesis.`,
    to: "membersAndTeachers",
  },
  requestExtension: {
    headline: "Extension requested",
    what: (by, d) => `${by} asked for the thesis to be due ${d}.`,
    to: "membersAndTeachers",
  },
  decideExtension: {
    headline: "Extension decided",
    what: (by, d) => `${by} ${d}.`,
    to: "membersAndTeachers",
  },
  fail: {
    headline: "Thesis recorded as failed",
    what: (by) => `${by} recorded the thesis as failed: it was not submitted.`,
    to: "membersAndTeachers",
  },
  removeMember: {
    headline: "Member removed",
    what: (by, d) => `${by} removed ${d} from the thesis.`,
    to: "membersAndTeachers",
  },
  declare: {
    headline: "Declaration",
    what: (by) => `${by} declared the thesis their own work.`,
    to: "members",
  },
  submit: {
    headline: "Thesis submitted",
    what: (by) => `${by} submitted the thesis.`,
    to: "membersAndTeachers",
  },
  return: {
    headline: "Thesis returned for correction",
    what: (by, d) => `${by} returned the thesis for correction; it is now due ${d}.`,
    to: "membersAndTeachers",
  },
  nameExaminer: {
    headline: "Examiner named",
    what: (by, d) => `${by} named ${d} of the thesis.`,
    to: "teachers",
  },
  // Says neither the outcome nor a grade: the examiners read them on the thesis's page.
  decide: {
    headline: "Both assessments are in",
    what: () => "Both examiners' assessments of the thesis are in: the assessments can now be read.",
    to: "teachers",
  },
  setFinalGrades: {
    headline: "Final grades set",
    what: (by) => `${by} set the final grades of the thesis's disputed members.`,
    to: "teachers",
  },
  // Says no grade: each member reads their own on the thesis's page (§17).
  release: {
    headline: "Grades released",
    what: (by) =>
      `${by} released the grades of the thesis: sign in to read your grade and the examiners' comments.`,
    to: "membersAndTeachers",
  },
  correctGrade: {
    headline: "Grade corrected",
    what: (by, d) => `${by} corrected ${d}'s grade of the thesis: it is on the thesis's page.`,
    to: "namedAndTeachers",
  },
  annul: {
    headline: "Thesis annulled",
    what: (by) => `${by} annulled the thesis.`,
    to: "membersAndTeachers",
  },
  // The members answer a proposal of Public on the thesis's page: each is asked here.
  proposeVisibility: {
    headline: "Release proposed",
    what: (by, d) =>
      `${by} proposes to release the thesis as ${d}.${d === "Public" ? " It is Public only if every member agrees: answer on the thesis's page." : ""}`,
    to: "members",
  },
  changeVisibility: {
    headline: "Archive entry changed",
    what: (by, d) => `${by} made the released thesis ${d}.`,
    to: "membersAndTeachers",
  },
};

/** What the people of a thesis are told: the live event's action, the words of both, the email's extras. */
export interface ThesisNews {
  action: string;
  headline: string;
  what: string;
  note?: string | null;
  /** The email's kind when not `thesis.changed`, and a file it carries (a defense's .ics). */
  kind?: string;
  attachment?: EmailAttachment;
}

/**
 * The one way a thesis's people are told (DESIGN.md §16): an email through the outbox in the
 * transaction and a live event after its commit, in the same words, each with a link to their own
 * page of the thesis (`area`). The one acting is never told.
 */
export async function tellThesisPeople(
  c: RequestContext,
  thesis: Pick<ThesisRow, "id" | "proposal_id" | "title">,
  ids: (string | null)[],
  area: "student" | "supervisor" | "committee",
  news: ThesisNews,
) {
  const to = [...new Set(ids.filter((id): id is string => !!id && id !== c.by?.id))];
  if (!to.length) return;
  const link = `${c.publicUrl}/${area}/theses/${thesis.id}`;
  const { headline: subject, what, note } = news;
  const email = emails.thesisChanged({ title: thesis.title, subject, what, note, link });
  await enqueueEmails(c.db, to, (u) => ({
    ...email(u),
    ...(news.kind ? { kind: news.kind } : {}),
    ...(news.attachment ? { attachment: news.attachment } : {}),
  }));
  const event: LiveEvent = {
    type: "thesis.changed",
    thesisId: thesis.id,
    proposalId: thesis.proposal_id,
    title: thesis.title,
    action: news.action,
    by: c.by?.name ?? "ThesisDesk",
    headline: subject,
    message: what,
  };
  c.emit(to, event);
}

/**
 * Tells the people a thesis action concerns (DESIGN.md §16), as a proposal's are told: an email
 * through the outbox in the action's transaction, and a live event after its commit, in the same
 * words, each to a member's or a teacher's own page of the thesis. The one acting is not told;
 * `extra` are told as well (a member the committee removed, an examiner named).
 */
export async function tellThesis(
  c: RequestContext,
  thesis: ThesisRow,
  action: ThesisAction,
  o: { detail?: string; note?: string | null; extra?: string[] } = {},
) {
  if (action in SILENT) return;
  const words = WORDS[action as keyof typeof WORDS];
  const by = c.by?.name ?? "ThesisDesk";
  const news = { action, headline: words.headline, what: words.what(by, o.detail ?? ""), note: o.note };
  const send = (ids: (string | null)[], area: "student" | "supervisor") =>
    tellThesisPeople(c, thesis, ids, area, news);
  const teachers = [thesis.supervisor_id, thesis.first_examiner_id, thesis.second_examiner_id];
  if (words.to === "teachers") return send([...teachers, ...(o.extra ?? [])], "supervisor");
  if (words.to === "namedAndTeachers") {
    await send(o.extra ?? [], "student");
    return send(teachers, "supervisor");
  }
  await send([...thesis.members.map((m) => m.id), ...(o.extra ?? [])], "student");
  if (words.to === "membersAndTeachers") await send(teachers, "supervisor");
}
