import { z } from "zod";
import { ROLES } from "../enums";
import { LIMITS } from "../limits";
import { uuid } from "./common";

export const chatMessageInput = z.object({
  body: z
    .string({ error: (iss) => (iss.input == null ? "Write a message." : "A message must be text.") })
    .trim()
    .min(1, "Write a message.")
    .max(LIMITS.messageMax, `A message can be at most ${LIMITS.messageMax.toLocaleString("en")} characters.`),
});
export type ChatMessageInput = z.input<typeof chatMessageInput>;

export const chatMessageSchema = z.object({
  id: z.string(),
  proposalId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    pictureUrl: z.string().nullable(),
  }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatPageQuery = z.object({
  /** Id of the oldest message already shown: the page holds the messages before it. */
  before: uuid("Invalid cursor.").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** One page, oldest first (as shown); hasMore says whether older messages exist. */
export const chatPageResponse = z.object({ items: z.array(chatMessageSchema), hasMore: z.boolean() });
export type ChatPage = z.infer<typeof chatPageResponse>;
export const chatMessageResponse = z.object({ message: chatMessageSchema });

/** How far the caller has read a thread: up to this message (one they were shown), inclusive. */
export const chatReadInput = z.object({ lastMessageId: uuid("Invalid message.") });

/**
 * The caller's unread messages (by others, after how far they read), per thread with any, and in
 * all; a thread's count stops at LIMITS.unreadCountMax.
 */
export const chatUnreadResponse = z.object({
  total: z.number(),
  threads: z.array(z.object({ proposalId: z.string(), unread: z.number() })),
});
export type ChatUnread = z.infer<typeof chatUnreadResponse>;
