import { z } from "zod";
import { LIMITS } from "../limits";
import { MSG } from "../messages";
import { namedRef, uuid } from "./common";

/** A thesis's defense (DESIGN.md §18, §23; decision 0073): its requests and what they answer. */

const startsAt = z.iso.datetime({ offset: true, error: MSG.defenseStartsAtInvalid });
/** The duration; none: the term's defenseMinutes (the same bounds as that setting). */
const minutes = z
  .number({ error: "Minutes must be a whole number." })
  .int("Minutes must be a whole number.")
  .min(15, "Minutes must be at least 15: a defense ends after it starts.")
  .max(480, "Minutes must be at most 480.");
const onlineUrl = z
  .string({ error: MSG.defenseOnlineUrlInvalid })
  .trim()
  .max(LIMITS.onlineUrlMax, MSG.defenseOnlineUrlInvalid)
  .pipe(z.url({ protocol: /^https$/, error: MSG.defenseOnlineUrlInvalid }));
const roomId = uuid(MSG.defenseRoomUnknown);
const chairId = uuid("Chair must be a committee account.").nullable();

const fields = {
  startsAt,
  minutes,
  roomId: roomId.nullable(),
  onlineUrl: onlineUrl.nullable(),
  public: z.boolean({ error: "Say whether the defense is public." }),
  chairId,
};

/** Exactly one of a room and an online link (`required`), or at most one (a move keeps the place when neither is given). */
const onePlace =
  (required: boolean) => (v: { roomId?: string | null; onlineUrl?: string | null }, ctx: z.RefinementCtx) => {
    const room = v.roomId != null;
    const online = v.onlineUrl != null;
    if (room && online)
      for (const path of ["roomId", "onlineUrl"])
        ctx.addIssue({ code: "custom", path: [path], message: MSG.defensePlaceBoth });
    else if (required && !room && !online)
      ctx.addIssue({ code: "custom", path: ["roomId"], message: MSG.defensePlaceRequired });
  };

/** POST /api/theses/:id/defense. */
export const defenseInputSchema = z
  .object({
    ...fields,
    minutes: minutes.optional(),
    roomId: fields.roomId.optional(),
    onlineUrl: fields.onlineUrl.optional(),
    chairId: chairId.optional(),
  })
  .superRefine(onePlace(true));
export type DefenseInput = z.input<typeof defenseInputSchema>;

/** PATCH /api/defenses/:id: what moves; a room or a link replaces the place, `chairId: null` removes the chair. */
export const defenseMoveSchema = z
  .object({
    startsAt: startsAt.optional(),
    minutes: minutes.optional(),
    roomId: fields.roomId.optional(),
    onlineUrl: fields.onlineUrl.optional(),
    public: fields.public.optional(),
    chairId: chairId.optional(),
  })
  .superRefine(onePlace(false));
export type DefenseMoveInput = z.input<typeof defenseMoveSchema>;

/** PUT /api/defenses/:id/minutes. */
export const defenseMinutesSchema = z.object({
  text: z
    .string({ error: "Minutes must be text." })
    .trim()
    .max(LIMITS.defenseMinutesTextMax, MSG.defenseMinutesTooLong(LIMITS.defenseMinutesTextMax)),
});

export const defenseSchema = z.object({
  id: z.string(),
  thesisId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The duration in minutes. */
  minutes: z.number(),
  room: namedRef.nullable(),
  onlineUrl: z.string().nullable(),
  public: z.boolean(),
  chair: namedRef.nullable(),
  /** Everyone booked: the members, the examiners set, the chair. */
  people: z.array(namedRef),
  /** The minutes as recorded; null for those who may not read them (only examiners, the committee and the supervisor may). */
  record: z.string().nullable(),
  /** The caller may move and cancel it (the committee, the thesis's supervisor). */
  mayManage: z.boolean(),
  /** The caller may record the minutes (the chair, the thesis's supervisor). */
  mayRecord: z.boolean(),
});
export type Defense = z.infer<typeof defenseSchema>;

export const defenseResponse = z.object({ defense: defenseSchema });
/** GET /api/theses/:id/defense: the thesis's active defense, or null. */
export const thesisDefenseResponse = z.object({ defense: defenseSchema.nullable() });

/** GET /api/theses/:id/defense/slots?minutes= (none: the term's defense length). */
export const defenseSlotsQuery = z.object({ minutes: z.coerce.number().pipe(minutes).optional() });
export const defenseSlotSchema = z.object({ startsAt: z.string(), endsAt: z.string(), room: namedRef });
export type DefenseSlot = z.infer<typeof defenseSlotSchema>;
export const defenseSlotsResponse = z.object({ items: z.array(defenseSlotSchema) });

/**
 * GET /api/defenses?from=&to=&roomId=&personId= (the committee's Defenses screen, decision 0078):
 * the active defenses that overlap [from, to) (from: now, to: from plus the longest range when not
 * given), in one room, of one person (a member, an examiner, the chair or the supervisor).
 */
export const defenseListQuery = z
  .object({
    from: z.iso.datetime({ offset: true, error: MSG.defenseFromInvalid }).optional(),
    to: z.iso.datetime({ offset: true, error: MSG.defenseToInvalid }).optional(),
    roomId: uuid(MSG.defenseRoomFilterInvalid).optional(),
    personId: uuid(MSG.defensePersonFilterInvalid).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    const span = Date.parse(v.to) - Date.parse(v.from);
    if (span <= 0) ctx.addIssue({ code: "custom", path: ["to"], message: MSG.defenseRangeOrder });
    else if (span > LIMITS.defenseRangeDaysMax * 86_400_000)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: MSG.defenseRangeTooLong(LIMITS.defenseRangeDaysMax),
      });
  });
export type DefenseListQuery = z.input<typeof defenseListQuery>;

/** How a person is in a listed defense: booked as a member, an examiner or the chair; or its thesis's supervisor. */
export const defensePersonRole = z.enum(["member", "examiner", "chair", "supervisor"]);
export const defenseListItemSchema = z.object({
  id: z.string(),
  thesisId: z.string(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  room: namedRef.nullable(),
  onlineUrl: z.string().nullable(),
  public: z.boolean(),
  /** Everyone of it, each once: the members, the examiners, the chair (booked) and the supervisor. */
  people: z.array(namedRef.extend({ role: defensePersonRole })),
});
export type DefenseListItem = z.infer<typeof defenseListItemSchema>;
/** The range answered (the defaults filled in); `more`: there were more than LIMITS.defenseListMax. */
export const defenseListResponse = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(defenseListItemSchema),
  more: z.boolean(),
});
export type DefenseList = z.infer<typeof defenseListResponse>;
