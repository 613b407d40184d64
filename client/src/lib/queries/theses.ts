import type { ThesisState } from "@shared/enums";
import type { ThesisResult } from "@shared/schemas/release";
import type { Thesis, ThesisList } from "@shared/schemas/theses";
import type { ThesisWriting } from "@shared/schemas/thesis-writing";
import { getFieldQuery, getQuery, type PageParams } from "./get-query";

/** The query of GET /api/theses as the screens send it (the server shows each role its own). */
export interface ThesisListParams extends PageParams {
  /** A term's id or "all" (none: any term). */
  termId?: string;
  /** One state; none: every thesis not yet Released (§16). */
  state?: ThesisState;
  overdue?: "true" | "false";
  /** Only the theses this teacher examines, first or second (§17). */
  examinerId?: string;
}

const ALL = ["theses"] as const;

/**
 * Every thesis query lives under ["theses"]: a thesis action, and anything that changes its
 * proposal (live events included, proposal-changed.ts), refreshes them with one invalidation.
 */
export const thesisQueries = {
  all: () => ALL,
  list: (params: ThesisListParams) =>
    getQuery<ThesisList>([...ALL, "list", params], "/theses", { ...params }),
  detail: (id: string) => getFieldQuery<Thesis>([...ALL, "detail", id], `/theses/${id}`, "thesis"),
  writing: (id: string) =>
    getFieldQuery<ThesisWriting>([...ALL, "writing", id], `/theses/${id}/writing`, "writing"),
  result: (id: string) =>
    getFieldQuery<ThesisResult>([...ALL, "result", id], `/theses/${id}/result`, "result"),
};

/** A thesis's page in a role's area (DESIGN.md §16): its members', examiners' and the committee's. */
export const thesisPath = (role: string, id: string) => `/${role}/theses/${id}`;
