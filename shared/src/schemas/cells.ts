import { z } from "zod";
import { LIMITS } from "../limits";
import { requiredText, shownText } from "./common";

export const cellInputSchema = z.object({
  title: shownText("Title", LIMITS.cellTitleMax),
  description: requiredText("Description", LIMITS.cellDescriptionMax),
});
export type CellInput = z.input<typeof cellInputSchema>;

export const cellSupervisorSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const cellSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  supervisorCount: z.number(),
  proposalCount: z.number(),
  createdAt: z.string(),
  /** Present with ?include=supervisors and on GET /api/research-cells/:id. */
  supervisors: z.array(cellSupervisorSchema).optional(),
});
export type Cell = z.infer<typeof cellSchema>;

export const cellListQuery = z.object({ include: z.enum(["supervisors"]).optional() });
export const cellListResponse = z.object({ items: z.array(cellSchema) });
export const cellResponse = z.object({ cell: cellSchema });
