import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

/** One proposal, whole (GET /api/proposals/:id). */
export const useProposalDetail = (id: string) => useQuery(proposalQueries.detail(id));

/** Every version, newest first. */
export const useVersions = (id: string) => useQuery(proposalQueries.versions(id));

/** Everything that happened to it, oldest first. */
export const useTimeline = (id: string) => useQuery(proposalQueries.timeline(id));
