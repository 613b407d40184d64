import type { ProposalExportQuery } from "@shared/schemas/committee";
import { withQuery } from "./api";

/** GET /api/exports/proposals.csv with the filters of the screen that offers it (the dashboard, Proposals). */
export const proposalsCsvHref = (filters: ProposalExportQuery) =>
  withQuery("/api/exports/proposals.csv", { ...filters });
