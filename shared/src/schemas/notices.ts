import { z } from "zod";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { namedRef, pageQuery, pageResponse, shownTextCheck, titledRef, uuid } from "./common";

/** Group, title and description are all required; a missing or blank one reads "Please fill all fields." */
const filled = (label: string, max: number) =>
  z
    .string({ error: (iss) => (iss.input == null ? MSG.fillAllFields : `${label} must be text.`) })
    .trim()
    .min(1, MSG.fillAllFields)
    .max(max, `${label} must be at most ${max.toLocaleString("en")} characters.`);

export const sendNoticeSchema = z.object({
  proposalId: z
    .string({ error: (iss) => (iss.input == null ? MSG.fillAllFields : MSG.proposalNotFound) })
    .trim()
    .min(1, MSG.fillAllFields)
    .pipe(uuid(MSG.proposalNotFound)),
  title: filled("Title", LIMITS.noticeTitleMax).superRefine(shownTextCheck("Title")),
  description: filled("Description", LIMITS.noticeDescriptionMax),
});
export type SendNoticeInput = z.input<typeof sendNoticeSchema>;

/** A notice as its recipients (students) and its sender (the supervisor) see it. */
export const noticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
  supervisor: namedRef.nullable(),
  /** The group it went to: the proposal, by title. */
  group: titledRef.nullable(),
  /** Students: when the caller opened it (null = unread). */
  readAt: z.string().nullable().optional(),
  /** Supervisors: who received it, and whether they have read it. */
  recipients: z.array(namedRef.extend({ readAt: z.string().nullable() })).optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuery = pageQuery;
export type NoticeListQuery = z.input<typeof noticeListQuery>;

/** Newest first. `unread` is the student's unread count (absent for supervisors). */
export const noticeListResponse = pageResponse(noticeSchema).extend({ unread: z.number().optional() });
export type NoticeList = z.infer<typeof noticeListResponse>;

export const noticeResponse = z.object({ notice: noticeSchema });
export const unreadCountResponse = z.object({ unread: z.number() });
