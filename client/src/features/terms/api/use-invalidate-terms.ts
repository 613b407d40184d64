import { termQueries } from "@client/lib/queries/terms";
import { useQueryClient } from "@tanstack/react-query";

/**
 * A term's settings and its supervisors' places are all under ["terms"]. Proposal lists are not
 * touched: a term's change moves no proposal.
 */
export function useInvalidateTerms() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: termQueries.all() });
}
