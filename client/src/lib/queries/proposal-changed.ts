import type { QueryKey } from "@tanstack/react-query";
import { activityQueries } from "./activity";
import { allocationQueries } from "./allocation";
import { committeeDashboardQueries } from "./committee-dashboard";
import { proposalQueries } from "./proposals";
import { supervisorDashboardQueries } from "./supervisor-dashboard";
import { cellSupervisorQueries } from "./supervisors";
import { termQueries } from "./terms";
import { thesisQueries } from "./theses";

/**
 * What a proposal that changed shows in: every proposal list, page, version list, timeline and
 * invitation, every thesis, both dashboards' counts, the places in use (terms, and each cell's supervisors with
 * their places left), the activity log and the allocation's topics, applicants and draft. Live events and the screens' own changes refresh these.
 */
export const proposalChangedKeys = (): QueryKey[] => [
  proposalQueries.all(),
  supervisorDashboardQueries.all(),
  committeeDashboardQueries.all(),
  termQueries.all(),
  cellSupervisorQueries.all(),
  activityQueries.all(),
  allocationQueries.all(),
  // A thesis's actions write its proposal's timeline, and its cancel withdraws the proposal.
  thesisQueries.all(),
];
