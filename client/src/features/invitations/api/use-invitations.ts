import { proposalQueries } from "@client/lib/queries/proposals";
import { useQuery } from "@tanstack/react-query";

/** The student's open invitations (GET /api/invitations), oldest first as the server sends them. */
export function useInvitations() {
  return useQuery(proposalQueries.invitations());
}
