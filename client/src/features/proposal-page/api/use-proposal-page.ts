import { proposalQueries } from "@client/lib/queries/proposals";
import { termQueries } from "@client/lib/queries/terms";
import { useQuery } from "@tanstack/react-query";

/** One proposal, whole (GET /api/proposals/:id). */
export const useProposalDetail = (id: string) => useQuery(proposalQueries.detail(id));

/** Every version, newest first. */
export const useVersions = (id: string) => useQuery(proposalQueries.versions(id));

/** Everything that happened to it, oldest first. */
export const useTimeline = (id: string) => useQuery(proposalQueries.timeline(id));

/** The department's time zone (DESIGN.md §8), read with the terms (cached: other screens ask too). */
export const useTimeZone = () => useQuery(termQueries.list()).data?.timeZone ?? "UTC";
